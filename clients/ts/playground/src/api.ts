/**
 * The page's one way to the service: the generated client over connect-web
 * (Connect JSON, same origin), with a fetch that keeps the exact JSON of each
 * request and response so the page can show what went over the wire.
 */
import { Code, ConnectError, createMarketplayClient, type MarketplayClient, MessageSchema, refusalOf } from "../../src/index.js";
import { createWebTransport } from "../../src/web.js";
import { t } from "./words.js";

export interface CallRecord {
  id: number;
  method: string;
  url: string;
  /** HTTP status; 0 when no answer came (network error). */
  status: number;
  millis: number;
  request: string;
  response: string;
}

const KEPT_CALLS = 30;

function pretty(text: string): string {
  if (!text) return "(empty)";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function bodyText(body: BodyInit | null | undefined): string {
  if (body === null || body === undefined) return "";
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(body));
  return `(${Object.prototype.toString.call(body)})`;
}

export class CallLog {
  readonly calls: CallRecord[] = [];
  private next = 1;
  private readonly listeners: ((call: CallRecord) => void)[] = [];

  onCall(listener: (call: CallRecord) => void): void {
    this.listeners.push(listener);
  }

  /** A fetch for connect-web that records each exchange. */
  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const started = performance.now();
    const record: CallRecord = {
      id: this.next++,
      method: url.slice(url.lastIndexOf("/") + 1),
      url: new URL(url, location.href).pathname,
      status: 0,
      millis: 0,
      request: pretty(bodyText(init?.body)),
      response: "",
    };
    try {
      const response = await globalThis.fetch(input, init);
      record.status = response.status;
      record.response = pretty(await response.clone().text());
      return response;
    } catch (err) {
      record.response = `(no response: ${String(err)})`;
      throw err;
    } finally {
      record.millis = Math.round(performance.now() - started);
      this.calls.push(record);
      if (this.calls.length > KEPT_CALLS) this.calls.shift();
      for (const listener of this.listeners) listener(record);
    }
  };
}

export function createApi(log: CallLog): MarketplayClient {
  return createMarketplayClient(
    createWebTransport({ baseUrl: location.origin, protocol: "connect", fetch: log.fetch }),
  );
}

/** A refusal as one line for people: "failed_precondition ILLEGAL_ACTION: ...". */
export function describeError(err: unknown): string {
  const refusal = refusalOf(err);
  // Code[9] is "FailedPrecondition"; Connect writes it failed_precondition.
  const name = (Code[refusal.code] ?? String(refusal.code)).replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
  return `${name}${refusal.reason ? ` ${refusal.reason}` : ""}: ${refusal.message}`;
}

/** The ErrorInfo reason of a refused call ("" when there is none). */
export function reasonOf(err: unknown): string {
  return refusalOf(err).reason;
}

/**
 * A refusal as the player reads it: the text of its Message detail (a refusal
 * a player can cause carries one, in the call's language), else which call
 * was refused and the developer's description.
 */
export function refusalText(err: unknown, call: string): string {
  const [said] = ConnectError.from(err).findDetails(MessageSchema);
  return said?.text || t("call-refused", { call, error: describeError(err) });
}
