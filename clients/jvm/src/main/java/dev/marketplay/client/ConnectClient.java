package dev.marketplay.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The Connect protocol (unary) on the HTTP port over java.net.http, forced to
 * HTTP/1.1: the HTTP port's HTTP/2 support may change, and HTTP/1.1 passes
 * every proxy. Protobuf binary by default, or proto3 JSON (JsonFormat).
 * On Android, where java.net.http does not exist, use {@link OkHttpConnectClient}.
 */
public final class ConnectClient extends BaseConnectClient {
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
  private final Duration timeout;
  private final HttpClient http;

  /** baseUrl is the HTTP port, e.g. "http://127.0.0.1:8080"; each call is bounded by timeout. */
  public ConnectClient(String baseUrl, Codec codec, Duration timeout) {
    super(codec);
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
  }

  public ConnectClient(String baseUrl, Codec codec) {
    this(baseUrl, codec, Duration.ofSeconds(30));
  }

  @Override
  protected Reply post(String method, String contentType, byte[] body) throws IOException {
    HttpRequest post = HttpRequest.newBuilder(URI.create(baseUrl + SERVICE_PATH + method))
        .timeout(timeout)
        .header("Content-Type", contentType)
        .header("Connect-Protocol-Version", "1")
        .header("Connect-Timeout-Ms", Long.toString(timeout.toMillis()))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
    try {
      HttpResponse<byte[]> response = http.send(post, HttpResponse.BodyHandlers.ofByteArray());
      return new Reply(response.statusCode(), response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MarketplayException("CANCELLED", "", java.util.Collections.emptyMap(), "interrupted", e);
    }
  }

  @Override
  public void close() {
    // java.net.http.HttpClient (Java 17) has no close; its connections end with it.
  }
}
