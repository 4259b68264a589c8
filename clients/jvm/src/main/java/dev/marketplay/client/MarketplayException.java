package dev.marketplay.client;

import dev.marketplay.v1.Message;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

/**
 * A call the server refused, on any transport: the canonical code name
 * ("ABORTED", as gRPC spells it) and the machine-readable reason of the
 * {@code google.rpc.ErrorInfo} detail ("STALE_STEP"). Branch on the reason,
 * never on the message. Unchecked, so Kotlin callers need no try.
 *
 * <p>A refusal a player can cause (not their turn, a stale step, a rule with its
 * numbers) also says why in the player's words: {@link #getSaid()}, the
 * {@code marketplay.v1.Message} detail beside the ErrorInfo, with its text in the
 * request's locale when it named one ({@code ViewSelection.locale}).
 */
public final class MarketplayException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final String reason;
  private final Map<String, String> metadata;
  private final Message said;

  public MarketplayException(String code, String reason, Map<String, String> metadata, String message,
      Throwable cause) {
    this(code, reason, metadata, message, null, cause);
  }

  /** With the refusal's player-facing Message detail ({@code said}; null when it carried none). */
  public MarketplayException(String code, String reason, Map<String, String> metadata, String message,
      Message said, Throwable cause) {
    super(code + (reason.isEmpty() ? "" : " [" + reason + "]") + ": " + message, cause);
    this.code = code;
    this.reason = reason;
    this.metadata = Collections.unmodifiableMap(metadata);
    this.said = said;
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

  /**
   * The refusal in the player's words: its Message (id, arguments, and text when the call
   * named a locale); empty for a refusal only a developer causes (a malformed request).
   */
  public Optional<Message> getSaid() {
    return Optional.ofNullable(said);
  }
}
