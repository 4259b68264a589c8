package dev.marketplay.client;

import java.util.Collections;
import java.util.Map;

/**
 * A call the server refused, on any transport: the canonical code name
 * ("ABORTED", as gRPC spells it) and the machine-readable reason of the
 * {@code google.rpc.ErrorInfo} detail ("STALE_STEP"). Branch on the reason,
 * never on the message. Unchecked, so Kotlin callers need no try.
 */
public final class MarketplayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final String reason;
  private final Map<String, String> metadata;

  public MarketplayException(String code, String reason, Map<String, String> metadata, String message,
      Throwable cause) {
    super(code + (reason.isEmpty() ? "" : " [" + reason + "]") + ": " + message, cause);
    this.code = code;
    this.reason = reason;
    this.metadata = Collections.unmodifiableMap(metadata);
  }

  /** The canonical status code name: INVALID_ARGUMENT, ABORTED, PERMISSION_DENIED, ... */
  public String getCode() {
    return code;
  }

  /** The ErrorInfo reason (domain marketplay.v1), or "" when the refusal carried none. */
  public String getReason() {
    return reason;
  }

  /** The ErrorInfo metadata (e.g. the current step of a STALE_STEP refusal). */
  public Map<String, String> getMetadata() {
    return metadata;
  }
}
