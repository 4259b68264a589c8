/**
 * Transports for Node.js (connect-node): native gRPC over HTTP/2 to the gRPC
 * port (50051), and Connect or gRPC-Web to the HTTP port (8080); and the
 * catalogs this package carries, read from its `catalogs/` folder.
 */
import { readdirSync, readFileSync } from "node:fs";

import { ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";

import { MessageRenderer, type RendererOptions, SOURCE_LOCALE } from "./text.js";

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

/** The package's catalogs (`make catalogs` writes them beside `dist/`). */
const CATALOGS = new URL("../catalogs/", import.meta.url);

/** The locales whose catalogs this package carries ("de", "en", "en-XA"), sorted. */
export function catalogLocales(): string[] {
  return readdirSync(CATALOGS)
    .filter((name) => name.endsWith(".ftl"))
    .map((name) => name.slice(0, -".ftl".length))
    .sort();
}

/**
 * A carried locale's whole catalog, as the server renders with it (and serves
 * at GET /catalogs/<locale>.ftl). The locale is matched against the carried
 * list, never used to build a path; an unknown one throws.
 */
export function loadCatalog(locale: string): string {
  if (!catalogLocales().includes(locale)) {
    throw new Error(`no catalog for locale ${JSON.stringify(locale)} (carried: ${catalogLocales().join(", ")})`);
  }
  return readFileSync(new URL(`${locale}.ftl`, CATALOGS), "utf8");
}

/** A MessageRenderer over a carried catalog, falling back to English's for anything it lacks. */
export function catalogRenderer(locale: string, options: Omit<RendererOptions, "fallback"> = {}): MessageRenderer {
  const fallback = locale === SOURCE_LOCALE ? undefined : new MessageRenderer(SOURCE_LOCALE, loadCatalog(SOURCE_LOCALE), options);
  return new MessageRenderer(locale, loadCatalog(locale), { ...options, ...(fallback ? { fallback } : {}) });
}
