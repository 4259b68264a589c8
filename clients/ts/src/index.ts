/**
 * The marketplay TypeScript client: the generated contract (protoc-gen-es,
 * `src/gen/`, rewritten by `make proto`) plus a few helpers for the calls
 * every caller makes. Nothing here runs only in Node: pick a transport from
 * `@marketplay/client/node` (gRPC, Connect, gRPC-Web) or
 * `@marketplay/client/web` (Connect, gRPC-Web over fetch).
 */
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type Client, Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";

import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import {
  type ApplyActionRequest,
  ApplyActionRequestSchema,
  type GameAction,
  GameService,
  type GameUpdate,
  type ViewSelectionSchema,
} from "./gen/marketplay/v1/game_service_pb.js";

export * from "./gen/marketplay/v1/game_service_pb.js";
export * from "./gen/marketplay/v1/central_market_pb.js";
export * from "./gen/marketplay/v1/market_fresh_pb.js";
export * from "./gen/marketplay/v1/spice_merchant_pb.js";
export * from "./text.js";
export { type ErrorInfo, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
export { Code, ConnectError } from "@connectrpc/connect";

/** A GameService client; every method takes the request as a plain object or message. */
export type MarketplayClient = Client<typeof GameService>;

export function createMarketplayClient(transport: Transport): MarketplayClient {
  return createClient(GameService, transport);
}

/**
 * Why the service refused a call, the same over every transport: the status
 * code and the google.rpc.ErrorInfo reason and metadata (e.g. INVALID_ARGUMENT
 * with TAMPERED_STATE, ABORTED with STALE_STEP). Branch on `reason`, not on
 * `message`, which is for developers and may change.
 */
export interface Refusal {
  code: Code;
  reason: string;
  metadata: Record<string, string>;
  message: string;
}

/** The Refusal in a failed call's error; reason "" when the error carries no ErrorInfo. */
export function refusalOf(err: unknown): Refusal {
  const error = ConnectError.from(err);
  const [info] = error.findDetails(ErrorInfoSchema);
  return {
    code: error.code,
    reason: info?.reason ?? "",
    metadata: { ...(info?.metadata ?? {}) },
    message: error.rawMessage,
  };
}

/** One seat's action; what ApplyAction and Replay take. */
export interface Move {
  seat: number;
  action: GameAction;
}

/**
 * Every move the update offers: each deciding seat's legal actions, for the
 * seats whose views were asked for (several seats decide at once during
 * simultaneous secret choices).
 */
export function legalMoves(update: GameUpdate): Move[] {
  return update.decisions.flatMap((d) => d.legalActions.map((action) => ({ seat: d.seat, action })));
}

export type ViewSelectionInit = MessageInitShape<typeof ViewSelectionSchema>;

export interface MoveOptions {
  /** seatTokens[i] is seat i's token from NewGame: only the ones this caller holds. */
  seatTokens?: readonly string[];
  /** Whose views the response should carry; default: the acting seat's. */
  views?: ViewSelectionInit;
}

/**
 * The ApplyActionRequest for `move` on `update`: expected_step pins the step
 * the move was chosen at (compare-and-set: a concurrent move makes this
 * ABORTED/STALE_STEP instead of applying it to a newer state), and the held
 * seat tokens go along for the acting seat and every seat whose view is asked.
 */
export function applyActionRequest(update: GameUpdate, move: Move, options: MoveOptions = {}): ApplyActionRequest {
  const tokens = options.seatTokens ?? [];
  const views = options.views ?? { seats: [move.seat] };
  const viewTokens: Record<number, string> = {};
  const seats = views.allSeats ? tokens.map((_, seat) => seat) : (views.seats ?? []);
  for (const seat of seats) {
    const token = tokens[seat];
    if (token) viewTokens[seat] = token;
  }
  return create(ApplyActionRequestSchema, {
    state: update.state,
    seat: move.seat,
    action: move.action,
    expectedStep: update.step,
    seatToken: tokens[move.seat] ?? "",
    views,
    viewTokens,
  });
}

/** Applies `move` to `update` and returns the next update. */
export async function applyMove(
  client: MarketplayClient,
  update: GameUpdate,
  move: Move,
  options: MoveOptions = {},
): Promise<GameUpdate> {
  const response = await client.applyAction(applyActionRequest(update, move, options));
  if (response.update === undefined) {
    throw new ConnectError("ApplyAction answered without an update", Code.Internal);
  }
  return response.update;
}
