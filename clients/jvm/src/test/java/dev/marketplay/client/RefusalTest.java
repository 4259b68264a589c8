package dev.marketplay.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.Test;

/** Refusals read the same on every transport: the code, the ErrorInfo's reason and metadata, the player's words. */
public class RefusalTest {
  // Serialized by Python's generated google.rpc.ErrorInfo (googleapis-common-protos):
  // reason "STALE_STEP", domain "marketplay.v1", metadata {current_step: 7, expected_step: 6}.
  private static final String ERROR_INFO =
      "CgpTVEFMRV9TVEVQEg1tYXJrZXRwbGF5LnYxGhEKDGN1cnJlbnRfc3RlcBIBNxoSCg1leHBlY3RlZF9zdGVwEgE2";
  // marketplay.v1.Message{id: "refusal-stale-step", text: "The game moved on."}
  private static final String MESSAGE = "ChJyZWZ1c2FsLXN0YWxlLXN0ZXAaElRoZSBnYW1lIG1vdmVkIG9uLg==";

  private static void assertStaleStep(MarketplayException e) {
    assertEquals("ABORTED", e.getCode());
    assertEquals("STALE_STEP", e.getReason());
    assertEquals(Map.of("current_step", "7", "expected_step", "6"), e.getMetadata());
    assertEquals("refusal-stale-step", e.getSaid().get().getId());
    assertEquals("The game moved on.", e.getSaid().get().getText());
  }

  @Test
  public void aConnectErrorBodyCarriesTheReasonAndTheWords() {
    String body = "{\"code\":\"aborted\",\"message\":\"stale\",\"details\":["
        + "{\"type\":\"google.rpc.ErrorInfo\",\"value\":\"" + ERROR_INFO.replace("=", "") + "\"},"
        + "{\"type\":\"some.other.Detail\",\"value\":\"AAAA\"},"
        + "{\"type\":\"marketplay.v1.Message\",\"value\":\"" + MESSAGE + "\"}]}";
    MarketplayException e = BaseConnectClient.refusal(409, body.getBytes(StandardCharsets.UTF_8));
    assertStaleStep(e);
    assertTrue(e.getMessage(), e.getMessage().startsWith("ABORTED [STALE_STEP]: stale"));
  }

  @Test
  public void aGrpcStatusCarriesTheSame() {
    com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
        .setCode(io.grpc.Status.Code.ABORTED.value())
        .setMessage("stale")
        .addDetails(Any.newBuilder().setTypeUrl("type.googleapis.com/google.rpc.ErrorInfo")
            .setValue(ByteString.copyFrom(Base64.getDecoder().decode(ERROR_INFO))))
        .addDetails(Any.newBuilder().setTypeUrl("type.googleapis.com/marketplay.v1.Message")
            .setValue(ByteString.copyFrom(Base64.getDecoder().decode(MESSAGE))))
        .build();
    StatusRuntimeException thrown = StatusProto.toStatusRuntimeException(status);
    assertStaleStep(GrpcClient.refusal(thrown));
  }

  @Test
  public void anUnreadableBodyStillGivesARefusal() {
    MarketplayException e = BaseConnectClient.refusal(502, "<html>bad gateway</html>".getBytes(StandardCharsets.UTF_8));
    assertEquals("UNKNOWN", e.getCode());
    assertEquals("", e.getReason());
    assertFalse(e.getSaid().isPresent());
    assertTrue(e.getMessage(), e.getMessage().contains("HTTP 502 (unreadable error body"));
  }
}
