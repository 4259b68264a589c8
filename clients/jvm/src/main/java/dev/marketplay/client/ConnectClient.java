package dev.marketplay.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import com.google.rpc.ErrorInfo;
import dev.marketplay.v1.ApplyActionRequest;
import dev.marketplay.v1.ApplyActionResponse;
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
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The Connect protocol (unary) on the HTTP port over java.net.http, forced to
 * HTTP/1.1: the HTTP port's HTTP/2 support may change, and HTTP/1.1 passes
 * every proxy. Protobuf binary by default, or proto3 JSON (JsonFormat).
 */
public final class ConnectClient implements Marketplay {
  private static final String SERVICE = "/marketplay.v1.GameService/";

  /** The request and response encoding. */
  public enum Codec {
    BINARY("application/proto"),
    JSON("application/json");

    final String contentType;

    Codec(String contentType) {
      this.contentType = contentType;
    }
  }

  private final String baseUrl;
  private final Codec codec;
  private final Duration timeout;
  private final HttpClient http;
  private final JsonFormat.Printer printer = JsonFormat.printer().omittingInsignificantWhitespace();
  private final JsonFormat.Parser parser = JsonFormat.parser().ignoringUnknownFields();

  /** baseUrl is the HTTP port, e.g. "http://127.0.0.1:8080"; each call is bounded by timeout. */
  public ConnectClient(String baseUrl, Codec codec, Duration timeout) {
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.codec = codec;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
  }

  public ConnectClient(String baseUrl, Codec codec) {
    this(baseUrl, codec, Duration.ofSeconds(30));
  }

  @SuppressWarnings("unchecked")
  private <T extends Message> T call(String method, Message request, T prototype) {
    byte[] body;
    try {
      body = codec == Codec.BINARY ? request.toByteArray()
          : printer.print(request).getBytes(StandardCharsets.UTF_8);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot print " + request.getDescriptorForType().getFullName(), e);
    }
    HttpRequest post = HttpRequest.newBuilder(URI.create(baseUrl + SERVICE + method))
        .timeout(timeout)
        .header("Content-Type", codec.contentType)
        .header("Connect-Protocol-Version", "1")
        .header("Connect-Timeout-Ms", Long.toString(timeout.toMillis()))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(post, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new MarketplayException("UNAVAILABLE", "", Map.of(), e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MarketplayException("CANCELLED", "", Map.of(), "interrupted", e);
    }
    if (response.statusCode() != 200) {
      throw refusal(response.statusCode(), response.body());
    }
    try {
      if (codec == Codec.BINARY) {
        return (T) prototype.getParserForType().parseFrom(response.body());
      }
      Message.Builder builder = prototype.newBuilderForType();
      parser.merge(new String(response.body(), StandardCharsets.UTF_8), builder);
      return (T) builder.build();
    } catch (InvalidProtocolBufferException e) {
      throw new MarketplayException("INTERNAL", "", Map.of(), "unreadable " + method + " response: " + e, e);
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
    String reason = "";
    dev.marketplay.v1.Message said = null;
    Map<String, String> metadata = new HashMap<>();
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
        JsonElement type = detail.get("type");
        if (type == null || !detail.has("value")) {
          continue;
        }
        byte[] value = Base64.getDecoder().decode(detail.get("value").getAsString());
        if ("google.rpc.ErrorInfo".equals(type.getAsString())) {
          ErrorInfo info = ErrorInfo.parseFrom(value);
          reason = info.getReason();
          metadata.putAll(info.getMetadataMap());
        } else if ("marketplay.v1.Message".equals(type.getAsString())) {
          said = dev.marketplay.v1.Message.parseFrom(value);
        }
      }
    } catch (JsonParseException | IllegalStateException | IllegalArgumentException
        | InvalidProtocolBufferException e) {
      message = message + " (unreadable error body: " + e + ")";
    }
    return new MarketplayException(code, reason, metadata, message, said, null);
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
  public void close() {
    // java.net.http.HttpClient (Java 17) has no close; its connections end with it.
  }
}
