package dev.marketplay.client;

import com.google.protobuf.Any;
import dev.marketplay.v1.ApplyActionRequest;
import dev.marketplay.v1.ApplyActionResponse;
import dev.marketplay.v1.ClaimTimeoutRequest;
import dev.marketplay.v1.ClaimTimeoutResponse;
import dev.marketplay.v1.GameServiceGrpc;
import dev.marketplay.v1.GetViewRequest;
import dev.marketplay.v1.GetViewResponse;
import dev.marketplay.v1.ListGamesRequest;
import dev.marketplay.v1.ListGamesResponse;
import dev.marketplay.v1.NewGameRequest;
import dev.marketplay.v1.NewGameResponse;
import dev.marketplay.v1.RenewSeatTokenRequest;
import dev.marketplay.v1.RenewSeatTokenResponse;
import dev.marketplay.v1.ReplayRequest;
import dev.marketplay.v1.ReplayResponse;
import dev.marketplay.v1.SuggestActionRequest;
import dev.marketplay.v1.SuggestActionResponse;
import dev.marketplay.v1.TakeBackRequest;
import dev.marketplay.v1.TakeBackResponse;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Native gRPC on the gRPC port (grpc-java over Netty). The refusal's
 * ErrorInfo comes from the grpc-status-details-bin trailer.
 */
public final class GrpcClient implements Marketplay {
  private final ManagedChannel channel;
  private final GameServiceGrpc.GameServiceBlockingStub stub;
  private final Duration timeout;

  /** target is the gRPC port, e.g. "127.0.0.1:50051"; cleartext (usePlaintext). */
  public GrpcClient(String target, Duration timeout) {
    this(NettyChannelBuilder.forTarget(target).usePlaintext().build(), timeout);
  }

  public GrpcClient(String target) {
    this(target, Duration.ofSeconds(30));
  }

  /** Over a channel the caller built (TLS, load balancing); close() shuts it down. */
  public GrpcClient(ManagedChannel channel, Duration timeout) {
    this.channel = channel;
    this.stub = GameServiceGrpc.newBlockingStub(channel);
    this.timeout = timeout;
  }

  private <Q, R> R call(Function<GameServiceGrpc.GameServiceBlockingStub, Function<Q, R>> method, Q request) {
    try {
      return method.apply(stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)).apply(request);
    } catch (StatusRuntimeException e) {
      throw refusal(e);
    }
  }

  static MarketplayException refusal(StatusRuntimeException e) {
    Refusal refusal = new Refusal();
    com.google.rpc.Status status = StatusProto.fromThrowable(e);
    if (status != null) {
      for (Any detail : status.getDetailsList()) {
        String typeUrl = detail.getTypeUrl();
        refusal.detail(typeUrl.substring(typeUrl.lastIndexOf('/') + 1), detail.getValue());
      }
    }
    String message = e.getStatus().getDescription() == null ? "" : e.getStatus().getDescription();
    return refusal.exception(e.getStatus().getCode().name(), message, e);
  }

  @Override
  public ListGamesResponse listGames(ListGamesRequest request) {
    return call(s -> s::listGames, request);
  }

  @Override
  public NewGameResponse newGame(NewGameRequest request) {
    return call(s -> s::newGame, request);
  }

  @Override
  public ApplyActionResponse applyAction(ApplyActionRequest request) {
    return call(s -> s::applyAction, request);
  }

  @Override
  public GetViewResponse getView(GetViewRequest request) {
    return call(s -> s::getView, request);
  }

  @Override
  public ReplayResponse replay(ReplayRequest request) {
    return call(s -> s::replay, request);
  }

  @Override
  public SuggestActionResponse suggestAction(SuggestActionRequest request) {
    return call(s -> s::suggestAction, request);
  }

  @Override
  public RenewSeatTokenResponse renewSeatToken(RenewSeatTokenRequest request) {
    return call(s -> s::renewSeatToken, request);
  }

  @Override
  public TakeBackResponse takeBack(TakeBackRequest request) {
    return call(s -> s::takeBack, request);
  }

  @Override
  public ClaimTimeoutResponse claimTimeout(ClaimTimeoutRequest request) {
    return call(s -> s::claimTimeout, request);
  }

  @Override
  public void close() {
    channel.shutdown();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
