/**
 * Transports for browsers (connect-web, over fetch): Connect or gRPC-Web to
 * the HTTP port (8080). The page's origin must be in the server's
 * --http-cors-origins allow-list. Browsers cannot speak native gRPC.
 */
import type { Interceptor, Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";

/** connect: the Connect protocol, JSON unless `binary`. grpc-web: gRPC-Web, binary unless `binary: false`. */
export type WebProtocol = "connect" | "grpc-web";

export interface WebTransportOptions {
  /** e.g. "https://play.example.com" or "http://127.0.0.1:8080". */
  baseUrl: string;
  protocol: WebProtocol;
  binary?: boolean;
  interceptors?: Interceptor[];
  /** The fetch to use; default: the global one. */
  fetch?: typeof globalThis.fetch;
}

export function createWebTransport(options: WebTransportOptions): Transport {
  const { baseUrl, interceptors = [] } = options;
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  switch (options.protocol) {
    case "connect":
      return createConnectTransport({
        baseUrl,
        interceptors,
        useBinaryFormat: options.binary ?? false,
        ...fetchOption,
      });
    case "grpc-web":
      return createGrpcWebTransport({
        baseUrl,
        interceptors,
        useBinaryFormat: options.binary ?? true,
        ...fetchOption,
      });
  }
}
