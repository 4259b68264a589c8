/**
 * Transports for Node.js (connect-node): native gRPC over HTTP/2 to the gRPC
 * port (50051), and Connect or gRPC-Web to the HTTP port (8080).
 */
import { ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";

/**
 * grpc: the gRPC protocol over HTTP/2 (the grpcio server, --port).
 * connect: the Connect protocol, JSON unless `binary` (--http-port).
 * grpc-web: gRPC-Web, binary unless `binary: false` (--http-port).
 */
export type NodeProtocol = "grpc" | "connect" | "grpc-web";

export interface NodeTransportOptions {
  /** e.g. "http://127.0.0.1:50051" for grpc, "http://127.0.0.1:8080" for connect and grpc-web. */
  baseUrl: string;
  protocol: NodeProtocol;
  /** Protobuf binary instead of JSON (Connect), or JSON instead of binary (gRPC-Web: false). */
  binary?: boolean;
  /** HTTP version for connect and grpc-web (default "1.1"); grpc is always HTTP/2. */
  httpVersion?: "1.1" | "2";
  interceptors?: Interceptor[];
}

/**
 * Retries a unary call once when the server refused its HTTP/2 stream
 * (RST_STREAM REFUSED_STREAM): the server asserts it did not process it, so a
 * retry is safe (RFC 9113, section 8.7). It happens when a call starts on a
 * connection the server is closing: the gRPC port ends every connection after
 * --max-connection-age-ms (5 s by default), and Node's HTTP/2 client reports
 * the race as an error instead of retrying, as gRPC's own clients do.
 */
export const retryRefusedStream: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (err) {
    if (req.stream || !refusedStream(err)) throw err;
    return await next(req);
  }
};

function refusedStream(err: unknown): boolean {
  const text = (e: unknown): string => (e instanceof Error ? `${e.message} ${text(e.cause)}` : "");
  return err instanceof ConnectError && text(err).includes("NGHTTP2_REFUSED_STREAM");
}

export function createNodeTransport(options: NodeTransportOptions): Transport {
  const { baseUrl } = options;
  const interceptors = [...(options.interceptors ?? []), retryRefusedStream];
  switch (options.protocol) {
    case "grpc":
      return createGrpcTransport({ baseUrl, interceptors });
    case "connect":
      return createConnectTransport({
        baseUrl,
        interceptors,
        httpVersion: options.httpVersion ?? "1.1",
        useBinaryFormat: options.binary ?? false,
      });
    case "grpc-web":
      return createGrpcWebTransport({
        baseUrl,
        interceptors,
        httpVersion: options.httpVersion ?? "1.1",
        useBinaryFormat: options.binary ?? true,
      });
  }
}
