package dev.marketplay.client;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import dev.marketplay.v1.Message;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A refusal being read, on either transport: its details one by one (the
 * ErrorInfo's reason and metadata, the player's Message), then the exception.
 */
final class Refusal {
  static final String ERROR_INFO = "google.rpc.ErrorInfo";
  static final String MESSAGE = "marketplay.v1.Message";

  private String reason = "";
  private final Map<String, String> metadata = new HashMap<>();
  private Message said;

  /** Reads one detail by its type's full name; other types, and unreadable bytes, say nothing. */
  void detail(String type, ByteString value) {
    try {
      if (ERROR_INFO.equals(type)) {
        readErrorInfo(value);
      } else if (MESSAGE.equals(type)) {
        said = Message.parseFrom(value);
      }
    } catch (InvalidProtocolBufferException unreadable) {
      // an unreadable detail says nothing
    }
  }

  MarketplayException exception(String code, String message, Throwable cause) {
    return new MarketplayException(code, reason, metadata, message, said, cause);
  }

  /**
   * google.rpc.ErrorInfo (google/rpc/error_details.proto: reason = 1, domain = 2,
   * metadata = 3, a map of entries key = 1, value = 2), read by field number rather
   * than from generated classes: Debian's proto-google-common-protos 1.16 predates
   * ErrorInfo, and a copy of those classes in this jar would clash with the newer
   * proto-google-common-protos that grpc-protobuf brings from Maven Central.
   */
  private void readErrorInfo(ByteString bytes) throws InvalidProtocolBufferException {
    UnknownFieldSet info = UnknownFieldSet.parseFrom(bytes);
    for (ByteString value : strings(info, 1)) {
      reason = value.toStringUtf8();
    }
    for (ByteString entry : strings(info, 3)) {
      UnknownFieldSet pair = UnknownFieldSet.parseFrom(entry);
      List<ByteString> keys = strings(pair, 1);
      List<ByteString> values = strings(pair, 2);
      metadata.put(keys.isEmpty() ? "" : keys.get(keys.size() - 1).toStringUtf8(),
          values.isEmpty() ? "" : values.get(values.size() - 1).toStringUtf8());
    }
  }

  private static List<ByteString> strings(UnknownFieldSet fields, int number) {
    return fields.getField(number).getLengthDelimitedList();
  }
}
