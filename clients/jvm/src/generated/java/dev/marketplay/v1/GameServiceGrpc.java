package dev.marketplay.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: marketplay/v1/game_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class GameServiceGrpc {

  private GameServiceGrpc() {}

  public static final String SERVICE_NAME = "marketplay.v1.GameService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.ListGamesRequest,
      dev.marketplay.v1.ListGamesResponse> getListGamesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListGames",
      requestType = dev.marketplay.v1.ListGamesRequest.class,
      responseType = dev.marketplay.v1.ListGamesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.ListGamesRequest,
      dev.marketplay.v1.ListGamesResponse> getListGamesMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.ListGamesRequest, dev.marketplay.v1.ListGamesResponse> getListGamesMethod;
    if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListGamesMethod = GameServiceGrpc.getListGamesMethod) == null) {
          GameServiceGrpc.getListGamesMethod = getListGamesMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.ListGamesRequest, dev.marketplay.v1.ListGamesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListGames"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ListGamesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ListGamesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListGames"))
              .build();
        }
      }
    }
    return getListGamesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.NewGameRequest,
      dev.marketplay.v1.NewGameResponse> getNewGameMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "NewGame",
      requestType = dev.marketplay.v1.NewGameRequest.class,
      responseType = dev.marketplay.v1.NewGameResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.NewGameRequest,
      dev.marketplay.v1.NewGameResponse> getNewGameMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.NewGameRequest, dev.marketplay.v1.NewGameResponse> getNewGameMethod;
    if ((getNewGameMethod = GameServiceGrpc.getNewGameMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getNewGameMethod = GameServiceGrpc.getNewGameMethod) == null) {
          GameServiceGrpc.getNewGameMethod = getNewGameMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.NewGameRequest, dev.marketplay.v1.NewGameResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "NewGame"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.NewGameRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.NewGameResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("NewGame"))
              .build();
        }
      }
    }
    return getNewGameMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.ApplyActionRequest,
      dev.marketplay.v1.ApplyActionResponse> getApplyActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ApplyAction",
      requestType = dev.marketplay.v1.ApplyActionRequest.class,
      responseType = dev.marketplay.v1.ApplyActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.ApplyActionRequest,
      dev.marketplay.v1.ApplyActionResponse> getApplyActionMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.ApplyActionRequest, dev.marketplay.v1.ApplyActionResponse> getApplyActionMethod;
    if ((getApplyActionMethod = GameServiceGrpc.getApplyActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getApplyActionMethod = GameServiceGrpc.getApplyActionMethod) == null) {
          GameServiceGrpc.getApplyActionMethod = getApplyActionMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.ApplyActionRequest, dev.marketplay.v1.ApplyActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ApplyAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ApplyActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ApplyActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ApplyAction"))
              .build();
        }
      }
    }
    return getApplyActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.GetViewRequest,
      dev.marketplay.v1.GetViewResponse> getGetViewMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetView",
      requestType = dev.marketplay.v1.GetViewRequest.class,
      responseType = dev.marketplay.v1.GetViewResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.GetViewRequest,
      dev.marketplay.v1.GetViewResponse> getGetViewMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.GetViewRequest, dev.marketplay.v1.GetViewResponse> getGetViewMethod;
    if ((getGetViewMethod = GameServiceGrpc.getGetViewMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getGetViewMethod = GameServiceGrpc.getGetViewMethod) == null) {
          GameServiceGrpc.getGetViewMethod = getGetViewMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.GetViewRequest, dev.marketplay.v1.GetViewResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetView"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.GetViewRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.GetViewResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("GetView"))
              .build();
        }
      }
    }
    return getGetViewMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.ReplayRequest,
      dev.marketplay.v1.ReplayResponse> getReplayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Replay",
      requestType = dev.marketplay.v1.ReplayRequest.class,
      responseType = dev.marketplay.v1.ReplayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.ReplayRequest,
      dev.marketplay.v1.ReplayResponse> getReplayMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.ReplayRequest, dev.marketplay.v1.ReplayResponse> getReplayMethod;
    if ((getReplayMethod = GameServiceGrpc.getReplayMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getReplayMethod = GameServiceGrpc.getReplayMethod) == null) {
          GameServiceGrpc.getReplayMethod = getReplayMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.ReplayRequest, dev.marketplay.v1.ReplayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Replay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ReplayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ReplayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("Replay"))
              .build();
        }
      }
    }
    return getReplayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.SuggestActionRequest,
      dev.marketplay.v1.SuggestActionResponse> getSuggestActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SuggestAction",
      requestType = dev.marketplay.v1.SuggestActionRequest.class,
      responseType = dev.marketplay.v1.SuggestActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.SuggestActionRequest,
      dev.marketplay.v1.SuggestActionResponse> getSuggestActionMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.SuggestActionRequest, dev.marketplay.v1.SuggestActionResponse> getSuggestActionMethod;
    if ((getSuggestActionMethod = GameServiceGrpc.getSuggestActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getSuggestActionMethod = GameServiceGrpc.getSuggestActionMethod) == null) {
          GameServiceGrpc.getSuggestActionMethod = getSuggestActionMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.SuggestActionRequest, dev.marketplay.v1.SuggestActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SuggestAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.SuggestActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.SuggestActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("SuggestAction"))
              .build();
        }
      }
    }
    return getSuggestActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.RenewSeatTokenRequest,
      dev.marketplay.v1.RenewSeatTokenResponse> getRenewSeatTokenMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RenewSeatToken",
      requestType = dev.marketplay.v1.RenewSeatTokenRequest.class,
      responseType = dev.marketplay.v1.RenewSeatTokenResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.RenewSeatTokenRequest,
      dev.marketplay.v1.RenewSeatTokenResponse> getRenewSeatTokenMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.RenewSeatTokenRequest, dev.marketplay.v1.RenewSeatTokenResponse> getRenewSeatTokenMethod;
    if ((getRenewSeatTokenMethod = GameServiceGrpc.getRenewSeatTokenMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getRenewSeatTokenMethod = GameServiceGrpc.getRenewSeatTokenMethod) == null) {
          GameServiceGrpc.getRenewSeatTokenMethod = getRenewSeatTokenMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.RenewSeatTokenRequest, dev.marketplay.v1.RenewSeatTokenResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RenewSeatToken"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.RenewSeatTokenRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.RenewSeatTokenResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("RenewSeatToken"))
              .build();
        }
      }
    }
    return getRenewSeatTokenMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.TakeBackRequest,
      dev.marketplay.v1.TakeBackResponse> getTakeBackMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "TakeBack",
      requestType = dev.marketplay.v1.TakeBackRequest.class,
      responseType = dev.marketplay.v1.TakeBackResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.TakeBackRequest,
      dev.marketplay.v1.TakeBackResponse> getTakeBackMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.TakeBackRequest, dev.marketplay.v1.TakeBackResponse> getTakeBackMethod;
    if ((getTakeBackMethod = GameServiceGrpc.getTakeBackMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getTakeBackMethod = GameServiceGrpc.getTakeBackMethod) == null) {
          GameServiceGrpc.getTakeBackMethod = getTakeBackMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.TakeBackRequest, dev.marketplay.v1.TakeBackResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "TakeBack"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.TakeBackRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.TakeBackResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("TakeBack"))
              .build();
        }
      }
    }
    return getTakeBackMethod;
  }

  private static volatile io.grpc.MethodDescriptor<dev.marketplay.v1.ClaimTimeoutRequest,
      dev.marketplay.v1.ClaimTimeoutResponse> getClaimTimeoutMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ClaimTimeout",
      requestType = dev.marketplay.v1.ClaimTimeoutRequest.class,
      responseType = dev.marketplay.v1.ClaimTimeoutResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<dev.marketplay.v1.ClaimTimeoutRequest,
      dev.marketplay.v1.ClaimTimeoutResponse> getClaimTimeoutMethod() {
    io.grpc.MethodDescriptor<dev.marketplay.v1.ClaimTimeoutRequest, dev.marketplay.v1.ClaimTimeoutResponse> getClaimTimeoutMethod;
    if ((getClaimTimeoutMethod = GameServiceGrpc.getClaimTimeoutMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getClaimTimeoutMethod = GameServiceGrpc.getClaimTimeoutMethod) == null) {
          GameServiceGrpc.getClaimTimeoutMethod = getClaimTimeoutMethod =
              io.grpc.MethodDescriptor.<dev.marketplay.v1.ClaimTimeoutRequest, dev.marketplay.v1.ClaimTimeoutResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ClaimTimeout"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ClaimTimeoutRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  dev.marketplay.v1.ClaimTimeoutResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ClaimTimeout"))
              .build();
        }
      }
    }
    return getClaimTimeoutMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static GameServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceStub>() {
        @java.lang.Override
        public GameServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceStub(channel, callOptions);
        }
      };
    return GameServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static GameServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub>() {
        @java.lang.Override
        public GameServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceBlockingStub(channel, callOptions);
        }
      };
    return GameServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static GameServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub>() {
        @java.lang.Override
        public GameServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceFutureStub(channel, callOptions);
        }
      };
    return GameServiceFutureStub.newStub(factory, channel);
  }

  /**
   */
  public static abstract class GameServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * Every registered game with its player counts, options and rules versions.
     * </pre>
     */
    public void listGames(dev.marketplay.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListGamesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Starts a game; returns the first sealed state and one seat token per seat.
     * </pre>
     */
    public void newGame(dev.marketplay.v1.NewGameRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.NewGameResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getNewGameMethod(), responseObserver);
    }

    /**
     * <pre>
     * Applies one seat's action to a sealed state.
     * </pre>
     */
    public void applyAction(dev.marketplay.v1.ApplyActionRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ApplyActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getApplyActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Re-renders views and decisions of a sealed state (reconnecting clients).
     * </pre>
     */
    public void getView(dev.marketplay.v1.GetViewRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.GetViewResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetViewMethod(), responseObserver);
    }

    /**
     * <pre>
     * Plays a whole action list from a seed in one call (audits, bots, tests).
     * </pre>
     */
    public void replay(dev.marketplay.v1.ReplayRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ReplayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getReplayMethod(), responseObserver);
    }

    /**
     * <pre>
     * A bot's choice for one seat, computed only from what that seat may know.
     * </pre>
     */
    public void suggestAction(dev.marketplay.v1.SuggestActionRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.SuggestActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSuggestActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * A fresh token for a seat that holds a valid one (tokens expire with
     * --seat-token-ttl; without it they never do).
     * </pre>
     */
    public void renewSeatToken(dev.marketplay.v1.RenewSeatTokenRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.RenewSeatTokenResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRenewSeatTokenMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes back the seat's own latest actions, back to the latest barrier (a
     * chance outcome, anything some seat learnt, another seat's action): the
     * restored position comes with a new, higher step (docs/integration.md,
     * "Take-backs").
     * </pre>
     */
    public void takeBack(dev.marketplay.v1.TakeBackRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.TakeBackResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getTakeBackMethod(), responseObserver);
    }

    /**
     * <pre>
     * Plays the table's timeout policy for every deciding seat whose deadline
     * has passed by the server's clock (docs/integration.md, "Turn clocks").
     * </pre>
     */
    public void claimTimeout(dev.marketplay.v1.ClaimTimeoutRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ClaimTimeoutResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getClaimTimeoutMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getListGamesMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.ListGamesRequest,
                dev.marketplay.v1.ListGamesResponse>(
                  this, METHODID_LIST_GAMES)))
          .addMethod(
            getNewGameMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.NewGameRequest,
                dev.marketplay.v1.NewGameResponse>(
                  this, METHODID_NEW_GAME)))
          .addMethod(
            getApplyActionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.ApplyActionRequest,
                dev.marketplay.v1.ApplyActionResponse>(
                  this, METHODID_APPLY_ACTION)))
          .addMethod(
            getGetViewMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.GetViewRequest,
                dev.marketplay.v1.GetViewResponse>(
                  this, METHODID_GET_VIEW)))
          .addMethod(
            getReplayMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.ReplayRequest,
                dev.marketplay.v1.ReplayResponse>(
                  this, METHODID_REPLAY)))
          .addMethod(
            getSuggestActionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.SuggestActionRequest,
                dev.marketplay.v1.SuggestActionResponse>(
                  this, METHODID_SUGGEST_ACTION)))
          .addMethod(
            getRenewSeatTokenMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.RenewSeatTokenRequest,
                dev.marketplay.v1.RenewSeatTokenResponse>(
                  this, METHODID_RENEW_SEAT_TOKEN)))
          .addMethod(
            getTakeBackMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.TakeBackRequest,
                dev.marketplay.v1.TakeBackResponse>(
                  this, METHODID_TAKE_BACK)))
          .addMethod(
            getClaimTimeoutMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                dev.marketplay.v1.ClaimTimeoutRequest,
                dev.marketplay.v1.ClaimTimeoutResponse>(
                  this, METHODID_CLAIM_TIMEOUT)))
          .build();
    }
  }

  /**
   */
  public static final class GameServiceStub extends io.grpc.stub.AbstractAsyncStub<GameServiceStub> {
    private GameServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every registered game with its player counts, options and rules versions.
     * </pre>
     */
    public void listGames(dev.marketplay.v1.ListGamesRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ListGamesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Starts a game; returns the first sealed state and one seat token per seat.
     * </pre>
     */
    public void newGame(dev.marketplay.v1.NewGameRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.NewGameResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getNewGameMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Applies one seat's action to a sealed state.
     * </pre>
     */
    public void applyAction(dev.marketplay.v1.ApplyActionRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ApplyActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getApplyActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Re-renders views and decisions of a sealed state (reconnecting clients).
     * </pre>
     */
    public void getView(dev.marketplay.v1.GetViewRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.GetViewResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetViewMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Plays a whole action list from a seed in one call (audits, bots, tests).
     * </pre>
     */
    public void replay(dev.marketplay.v1.ReplayRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ReplayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getReplayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A bot's choice for one seat, computed only from what that seat may know.
     * </pre>
     */
    public void suggestAction(dev.marketplay.v1.SuggestActionRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.SuggestActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSuggestActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A fresh token for a seat that holds a valid one (tokens expire with
     * --seat-token-ttl; without it they never do).
     * </pre>
     */
    public void renewSeatToken(dev.marketplay.v1.RenewSeatTokenRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.RenewSeatTokenResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRenewSeatTokenMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes back the seat's own latest actions, back to the latest barrier (a
     * chance outcome, anything some seat learnt, another seat's action): the
     * restored position comes with a new, higher step (docs/integration.md,
     * "Take-backs").
     * </pre>
     */
    public void takeBack(dev.marketplay.v1.TakeBackRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.TakeBackResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getTakeBackMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Plays the table's timeout policy for every deciding seat whose deadline
     * has passed by the server's clock (docs/integration.md, "Turn clocks").
     * </pre>
     */
    public void claimTimeout(dev.marketplay.v1.ClaimTimeoutRequest request,
        io.grpc.stub.StreamObserver<dev.marketplay.v1.ClaimTimeoutResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getClaimTimeoutMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   */
  public static final class GameServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<GameServiceBlockingStub> {
    private GameServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every registered game with its player counts, options and rules versions.
     * </pre>
     */
    public dev.marketplay.v1.ListGamesResponse listGames(dev.marketplay.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListGamesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Starts a game; returns the first sealed state and one seat token per seat.
     * </pre>
     */
    public dev.marketplay.v1.NewGameResponse newGame(dev.marketplay.v1.NewGameRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getNewGameMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Applies one seat's action to a sealed state.
     * </pre>
     */
    public dev.marketplay.v1.ApplyActionResponse applyAction(dev.marketplay.v1.ApplyActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getApplyActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Re-renders views and decisions of a sealed state (reconnecting clients).
     * </pre>
     */
    public dev.marketplay.v1.GetViewResponse getView(dev.marketplay.v1.GetViewRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetViewMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Plays a whole action list from a seed in one call (audits, bots, tests).
     * </pre>
     */
    public dev.marketplay.v1.ReplayResponse replay(dev.marketplay.v1.ReplayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getReplayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A bot's choice for one seat, computed only from what that seat may know.
     * </pre>
     */
    public dev.marketplay.v1.SuggestActionResponse suggestAction(dev.marketplay.v1.SuggestActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSuggestActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A fresh token for a seat that holds a valid one (tokens expire with
     * --seat-token-ttl; without it they never do).
     * </pre>
     */
    public dev.marketplay.v1.RenewSeatTokenResponse renewSeatToken(dev.marketplay.v1.RenewSeatTokenRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRenewSeatTokenMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes back the seat's own latest actions, back to the latest barrier (a
     * chance outcome, anything some seat learnt, another seat's action): the
     * restored position comes with a new, higher step (docs/integration.md,
     * "Take-backs").
     * </pre>
     */
    public dev.marketplay.v1.TakeBackResponse takeBack(dev.marketplay.v1.TakeBackRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getTakeBackMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Plays the table's timeout policy for every deciding seat whose deadline
     * has passed by the server's clock (docs/integration.md, "Turn clocks").
     * </pre>
     */
    public dev.marketplay.v1.ClaimTimeoutResponse claimTimeout(dev.marketplay.v1.ClaimTimeoutRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getClaimTimeoutMethod(), getCallOptions(), request);
    }
  }

  /**
   */
  public static final class GameServiceFutureStub extends io.grpc.stub.AbstractFutureStub<GameServiceFutureStub> {
    private GameServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every registered game with its player counts, options and rules versions.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.ListGamesResponse> listGames(
        dev.marketplay.v1.ListGamesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListGamesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Starts a game; returns the first sealed state and one seat token per seat.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.NewGameResponse> newGame(
        dev.marketplay.v1.NewGameRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getNewGameMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Applies one seat's action to a sealed state.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.ApplyActionResponse> applyAction(
        dev.marketplay.v1.ApplyActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getApplyActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Re-renders views and decisions of a sealed state (reconnecting clients).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.GetViewResponse> getView(
        dev.marketplay.v1.GetViewRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetViewMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Plays a whole action list from a seed in one call (audits, bots, tests).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.ReplayResponse> replay(
        dev.marketplay.v1.ReplayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getReplayMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A bot's choice for one seat, computed only from what that seat may know.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.SuggestActionResponse> suggestAction(
        dev.marketplay.v1.SuggestActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSuggestActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A fresh token for a seat that holds a valid one (tokens expire with
     * --seat-token-ttl; without it they never do).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.RenewSeatTokenResponse> renewSeatToken(
        dev.marketplay.v1.RenewSeatTokenRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRenewSeatTokenMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes back the seat's own latest actions, back to the latest barrier (a
     * chance outcome, anything some seat learnt, another seat's action): the
     * restored position comes with a new, higher step (docs/integration.md,
     * "Take-backs").
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.TakeBackResponse> takeBack(
        dev.marketplay.v1.TakeBackRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getTakeBackMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Plays the table's timeout policy for every deciding seat whose deadline
     * has passed by the server's clock (docs/integration.md, "Turn clocks").
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<dev.marketplay.v1.ClaimTimeoutResponse> claimTimeout(
        dev.marketplay.v1.ClaimTimeoutRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getClaimTimeoutMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_LIST_GAMES = 0;
  private static final int METHODID_NEW_GAME = 1;
  private static final int METHODID_APPLY_ACTION = 2;
  private static final int METHODID_GET_VIEW = 3;
  private static final int METHODID_REPLAY = 4;
  private static final int METHODID_SUGGEST_ACTION = 5;
  private static final int METHODID_RENEW_SEAT_TOKEN = 6;
  private static final int METHODID_TAKE_BACK = 7;
  private static final int METHODID_CLAIM_TIMEOUT = 8;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final GameServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(GameServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_LIST_GAMES:
          serviceImpl.listGames((dev.marketplay.v1.ListGamesRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.ListGamesResponse>) responseObserver);
          break;
        case METHODID_NEW_GAME:
          serviceImpl.newGame((dev.marketplay.v1.NewGameRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.NewGameResponse>) responseObserver);
          break;
        case METHODID_APPLY_ACTION:
          serviceImpl.applyAction((dev.marketplay.v1.ApplyActionRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.ApplyActionResponse>) responseObserver);
          break;
        case METHODID_GET_VIEW:
          serviceImpl.getView((dev.marketplay.v1.GetViewRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.GetViewResponse>) responseObserver);
          break;
        case METHODID_REPLAY:
          serviceImpl.replay((dev.marketplay.v1.ReplayRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.ReplayResponse>) responseObserver);
          break;
        case METHODID_SUGGEST_ACTION:
          serviceImpl.suggestAction((dev.marketplay.v1.SuggestActionRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.SuggestActionResponse>) responseObserver);
          break;
        case METHODID_RENEW_SEAT_TOKEN:
          serviceImpl.renewSeatToken((dev.marketplay.v1.RenewSeatTokenRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.RenewSeatTokenResponse>) responseObserver);
          break;
        case METHODID_TAKE_BACK:
          serviceImpl.takeBack((dev.marketplay.v1.TakeBackRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.TakeBackResponse>) responseObserver);
          break;
        case METHODID_CLAIM_TIMEOUT:
          serviceImpl.claimTimeout((dev.marketplay.v1.ClaimTimeoutRequest) request,
              (io.grpc.stub.StreamObserver<dev.marketplay.v1.ClaimTimeoutResponse>) responseObserver);
          break;
        default:
          throw new AssertionError();
      }
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public io.grpc.stub.StreamObserver<Req> invoke(
        io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        default:
          throw new AssertionError();
      }
    }
  }

  private static abstract class GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    GameServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return dev.marketplay.v1.GameServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("GameService");
    }
  }

  private static final class GameServiceFileDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier {
    GameServiceFileDescriptorSupplier() {}
  }

  private static final class GameServiceMethodDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    GameServiceMethodDescriptorSupplier(String methodName) {
      this.methodName = methodName;
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.MethodDescriptor getMethodDescriptor() {
      return getServiceDescriptor().findMethodByName(methodName);
    }
  }

  private static volatile io.grpc.ServiceDescriptor serviceDescriptor;

  public static io.grpc.ServiceDescriptor getServiceDescriptor() {
    io.grpc.ServiceDescriptor result = serviceDescriptor;
    if (result == null) {
      synchronized (GameServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new GameServiceFileDescriptorSupplier())
              .addMethod(getListGamesMethod())
              .addMethod(getNewGameMethod())
              .addMethod(getApplyActionMethod())
              .addMethod(getGetViewMethod())
              .addMethod(getReplayMethod())
              .addMethod(getSuggestActionMethod())
              .addMethod(getRenewSeatTokenMethod())
              .addMethod(getTakeBackMethod())
              .addMethod(getClaimTimeoutMethod())
              .build();
        }
      }
    }
    return result;
  }
}
