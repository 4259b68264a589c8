package dev.marketplay.client;

import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The Connect protocol (unary) on the HTTP port over OkHttp 3 (3.13 or newer),
 * the HTTP client Android apps use: Connect JSON or binary on HTTP/1.1, the
 * same calls and refusals as {@link ConnectClient}. Blocking: call it off
 * Android's main thread (a coroutine on Dispatchers.IO, an executor).
 */
public final class OkHttpConnectClient extends BaseConnectClient {
  private final String baseUrl;
  private final OkHttpClient http;
  private final long timeoutMillis;
  private final boolean ownsHttp;

  /**
   * baseUrl is the HTTP port, e.g. "http://10.0.2.2:8080" from Android's emulator;
   * http is the app's shared OkHttpClient (its call timeout bounds each call; it
   * is not closed by close()), or null for one of this client's own, bounded by
   * timeoutMillis.
   */
  public OkHttpConnectClient(String baseUrl, ConnectClient.Codec codec, OkHttpClient http, long timeoutMillis) {
    super(codec);
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.ownsHttp = http == null;
    this.timeoutMillis = timeoutMillis;
    this.http = http != null ? http : new OkHttpClient.Builder()
        .protocols(Collections.singletonList(Protocol.HTTP_1_1))
        .callTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
        .build();
  }

  public OkHttpConnectClient(String baseUrl, ConnectClient.Codec codec) {
    this(baseUrl, codec, null, 30_000);
  }

  @Override
  protected Reply post(String method, String contentType, byte[] body) throws IOException {
    Request request = new Request.Builder()
        .url(baseUrl + SERVICE_PATH + method)
        .header("Connect-Protocol-Version", "1")
        .header("Connect-Timeout-Ms", Long.toString(timeoutMillis))
        .post(RequestBody.create(MediaType.get(contentType), body))
        .build();
    try (Response response = http.newCall(request).execute()) {
      ResponseBody answer = response.body();
      return new Reply(response.code(), answer == null ? new byte[0] : answer.bytes());
    }
  }

  /** Ends this client's own OkHttpClient's threads and connections (not an app's shared one). */
  @Override
  public void close() {
    if (ownsHttp) {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
  }
}
