/**
 * Transports for Node.js (connect-node): native gRPC over HTTP/2 to the gRPC
 * port (50051), and Connect or gRPC-Web to the HTTP port (8080).
 */
import type { Interceptor, Transport } from "@connectrpc/connect";
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

export function createNodeTransport(options: NodeTransportOptions): Transport {
  const { baseUrl, interceptors = [] } = options;
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
