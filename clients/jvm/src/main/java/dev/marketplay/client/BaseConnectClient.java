package dev.marketplay.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.marketplay.v1.ApplyActionRequest;
import dev.marketplay.v1.ApplyActionResponse;
import dev.marketplay.v1.ClaimTimeoutRequest;
import dev.marketplay.v1.ClaimTimeoutResponse;
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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.Locale;

/**
 * The Connect protocol (unary) over any HTTP client: a subclass only POSTs the
 * encoded request and hands back the answer ({@link ConnectClient} over
 * java.net.http, {@link OkHttpConnectClient} over OkHttp). Protobuf binary or
 * proto3 JSON (JsonFormat); refusals decode the same either way.
 */
public abstract class BaseConnectClient implements Marketplay {
  /** The path of a GameService method on the HTTP port, before its name. */
  protected static final String SERVICE_PATH = "/marketplay.v1.GameService/";

  /** An HTTP answer: its status and body. */
  protected static final class Reply {
    final int status;
    final byte[] body;

    public Reply(int status, byte[] body) {
      this.status = status;
      this.body = body;
    }
  }

  private final ConnectClient.Codec codec;
  private final JsonFormat.Printer printer = JsonFormat.printer().omittingInsignificantWhitespace();
  private final JsonFormat.Parser parser = JsonFormat.parser().ignoringUnknownFields();

  protected BaseConnectClient(ConnectClient.Codec codec) {
    this.codec = codec;
  }

  /**
   * POSTs body to SERVICE_PATH + method with the Content-Type given and the
   * header {@code Connect-Protocol-Version: 1}; an IOException is a call that got
   * no answer.
   */
  protected abstract Reply post(String method, String contentType, byte[] body) throws IOException;

  @SuppressWarnings("unchecked")
  private <T extends Message> T call(String method, Message request, T prototype) {
    byte[] body;
    try {
      body = codec == ConnectClient.Codec.BINARY ? request.toByteArray()
          : printer.print(request).getBytes(StandardCharsets.UTF_8);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot print " + request.getDescriptorForType().getFullName(), e);
    }
    Reply reply;
    try {
      reply = post(method, codec.contentType, body);
    } catch (IOException e) {
      throw new MarketplayException("UNAVAILABLE", "", Collections.emptyMap(), e.toString(), e);
    }
    if (reply.status != 200) {
      throw refusal(reply.status, reply.body);
    }
    try {
      if (codec == ConnectClient.Codec.BINARY) {
        return (T) prototype.getParserForType().parseFrom(reply.body);
      }
      Message.Builder builder = prototype.newBuilderForType();
      parser.merge(new String(reply.body, StandardCharsets.UTF_8), builder);
      return (T) builder.build();
    } catch (InvalidProtocolBufferException e) {
      throw new MarketplayException("INTERNAL", "", Collections.emptyMap(),
          "unreadable " + method + " response: " + e, e);
    }
  }

  /**
   * A Connect error body, {"code", "message", "details": [{"type", "value", "debug"}]}: the
   * reason comes from the binary ErrorInfo in value (base64, padding optional), the
   * player's words from the marketplay.v1.Message detail, if any.
   */
  static MarketplayException refusal(int httpStatus, byte[] body) {
    String code = "UNKNOWN";
    String message = "HTTP " + httpStatus;
    Refusal refusal = new Refusal();
    try {
      JsonObject error = JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject();
      if (error.has("code")) {
        code = error.get("code").getAsString().toUpperCase(Locale.ROOT);
      }
      if (error.has("message")) {
        message = error.get("message").getAsString();
      }
      JsonArray details = error.has("details") ? error.getAsJsonArray("details") : new JsonArray();
      for (JsonElement element : details) {
        JsonObject detail = element.getAsJsonObject();
        if (detail.has("type") && detail.has("value")) {
          refusal.detail(detail.get("type").getAsString(),
              ByteString.copyFrom(Base64.getDecoder().decode(detail.get("value").getAsString())));
        }
      }
    } catch (JsonParseException | IllegalStateException | IllegalArgumentException e) {
      message = message + " (unreadable error body: " + e + ")";
    }
    return refusal.exception(code, message, null);
  }

  @Override
  public ListGamesResponse listGames(ListGamesRequest request) {
    return call("ListGames", request, ListGamesResponse.getDefaultInstance());
  }

  @Override
  public NewGameResponse newGame(NewGameRequest request) {
    return call("NewGame", request, NewGameResponse.getDefaultInstance());
  }

  @Override
  public ApplyActionResponse applyAction(ApplyActionRequest request) {
    return call("ApplyAction", request, ApplyActionResponse.getDefaultInstance());
  }

  @Override
  public GetViewResponse getView(GetViewRequest request) {
    return call("GetView", request, GetViewResponse.getDefaultInstance());
  }

  @Override
  public ReplayResponse replay(ReplayRequest request) {
    return call("Replay", request, ReplayResponse.getDefaultInstance());
  }

  @Override
  public SuggestActionResponse suggestAction(SuggestActionRequest request) {
    return call("SuggestAction", request, SuggestActionResponse.getDefaultInstance());
  }

  @Override
  public RenewSeatTokenResponse renewSeatToken(RenewSeatTokenRequest request) {
    return call("RenewSeatToken", request, RenewSeatTokenResponse.getDefaultInstance());
  }

  @Override
  public TakeBackResponse takeBack(TakeBackRequest request) {
    return call("TakeBack", request, TakeBackResponse.getDefaultInstance());
  }

  @Override
  public ClaimTimeoutResponse claimTimeout(ClaimTimeoutRequest request) {
    return call("ClaimTimeout", request, ClaimTimeoutResponse.getDefaultInstance());
  }
}
