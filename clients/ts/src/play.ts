#!/usr/bin/env node
/**
 * Plays whole games through a marketplay server with seeded random legal
 * moves, over one protocol, and checks what every caller must be able to
 * check:
 *   - each ApplyAction advances `step` by exactly one (expected_step is sent);
 *   - GetView with seat 0's token re-renders the final state for that seat;
 *   - Replay(seed, salt, moves) reproduces outcome.final_state_digest;
 *   - refusals decode to the same code and google.rpc.ErrorInfo reason over
 *     every transport: a tampered state (INVALID_ARGUMENT, TAMPERED_STATE)
 *     and a stale expected_step (ABORTED, STALE_STEP).
 *
 *   marketplay-play --base-url URL --protocol grpc|connect|grpc-web [--binary|--json] [--web]
 *                   [--seed N] (--configs FILE | [--option name=value ...] <game_id> <num_players>)
 *
 * --web uses connect-web's fetch transports instead of connect-node's.
 * --configs names a JSON list of {"game", "players", "options"}. Prints one
 * JSON line per game on stdout and exits 0; on the first mismatch or failed
 * call prints it on stderr and exits 1 (2 for bad usage).
 */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";

import type { Transport } from "@connectrpc/connect";

import {
  applyActionRequest,
  Code,
  ConnectError,
  createMarketplayClient,
  type GameUpdate,
  legalMoves,
  type MarketplayClient,
  type Move,
  refusalOf,
} from "./index.js";
import { createNodeTransport, type NodeProtocol } from "./node.js";
import { createWebTransport } from "./web.js";

const CALL_TIMEOUT_MS = 30_000;
const MAX_STEPS = 20_000;
const PROTOCOLS: readonly NodeProtocol[] = ["grpc", "connect", "grpc-web"];

interface GameConfig {
  game: string;
  players: number;
  options: Record<string, string>;
}

interface Summary extends GameConfig {
  protocol: string;
  steps: number;
  winners: number[];
  replay_digest_ok: boolean;
  view_step_ok: boolean;
  refusals: Record<string, { code: string; reason: string }>;
}

class Mismatch extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Mismatch(message);
}

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: marketplay-play --base-url URL --protocol ${PROTOCOLS.join("|")} [--binary|--json] [--web]\n` +
      "                       [--seed N] (--configs FILE | [--option name=value ...] <game_id> <num_players>)\n",
  );
  process.exit(2);
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with --seed. */
function seededRandom(seed: number): (bound: number) => number {
  let a = seed >>> 0;
  return (bound) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

function pick<T>(items: readonly T[], random: (bound: number) => number): T {
  const item = items[random(items.length)];
  check(item !== undefined, "nothing to pick from");
  return item;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Awaits a call that must be refused with `code`; returns its refusal. */
async function refused(call: Promise<unknown>, code: Code, what: string): Promise<{ code: string; reason: string }> {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof ConnectError)) throw err;
    const refusal = refusalOf(err);
    check(
      refusal.code === code,
      `${what}: expected ${Code[code]}, got ${Code[refusal.code]} (${refusal.reason}): ${refusal.message}`,
    );
    return { code: Code[refusal.code], reason: refusal.reason };
  }
  throw new Mismatch(`${what} was accepted`);
}

async function playOne(
  client: MarketplayClient,
  protocol: string,
  config: GameConfig,
  random: (bound: number) => number,
  seed: Uint8Array,
): Promise<Summary> {
  const { game, players, options } = config;
  const views = { allSeats: true, spectator: true };
  const timeoutMs = CALL_TIMEOUT_MS;

  const started = await client.newGame({ gameId: game, numPlayers: players, options, seed, views }, { timeoutMs });
  const seatTokens = started.seatTokens;
  check(seatTokens.length === players, `NewGame returned ${seatTokens.length} seat tokens for ${players} seats`);
  check(started.update !== undefined, "NewGame answered without an update");
  let update: GameUpdate = started.update;
  check(update.gameId === game, `NewGame answered for game ${update.gameId}`);
  const moveOptions = { seatTokens, views };

  const first = pick(legalMoves(update), random);
  // A copy: over connect-node the bytes may be a Buffer, whose slice() is a view, not a copy.
  const tampered = Uint8Array.from(update.state);
  const at = tampered.length - 5;
  tampered[at] = (tampered[at] ?? 0) ^ 0x01;
  const refusals = {
    tampered: await refused(
      client.applyAction(applyActionRequest({ ...update, state: tampered }, first, moveOptions), { timeoutMs }),
      Code.InvalidArgument,
      "a tampered state",
    ),
    stale: await refused(
      client.applyAction({ ...applyActionRequest(update, first, moveOptions), expectedStep: update.step + 1n }, {
        timeoutMs,
      }),
      Code.Aborted,
      "a stale expected_step",
    ),
  };

  const moves: Move[] = [];
  while (update.outcome === undefined) {
    check(moves.length < MAX_STEPS, `no outcome after ${MAX_STEPS} moves`);
    const offered = legalMoves(update);
    check(offered.length > 0, `step ${update.step}: no decision carries legal actions`);
    const move = pick(offered, random);
    const before = update.step;
    const response = await client.applyAction(applyActionRequest(update, move, moveOptions), { timeoutMs });
    check(response.update !== undefined, "ApplyAction answered without an update");
    update = response.update;
    moves.push(move);
    check(update.step === before + 1n, `step went from ${before} to ${update.step} after one action`);
  }
  const outcome = update.outcome;
  check(outcome.seed.length > 0, "the outcome does not reveal the seed");
  check(outcome.finalStateDigest.length > 0, "the outcome has no final_state_digest");

  // A reconnecting seat re-reads its view from the state with its own token.
  const viewed = await client.getView(
    { state: update.state, views: { seats: [0] }, viewTokens: { 0: seatTokens[0] ?? "" } },
    { timeoutMs },
  );
  const seatViews = viewed.update?.views ?? [];
  const viewStepOk =
    viewed.update?.step === update.step && seatViews.length === 1 && seatViews[0]?.seat === 0;
  check(viewStepOk, `GetView for seat 0 answered step ${viewed.update?.step} with ${seatViews.length} views`);

  const replayed = await client.replay(
    { gameId: game, numPlayers: players, options, seed: outcome.seed, seedSalt: outcome.seedSalt, actions: moves },
    { timeoutMs },
  );
  check(replayed.actionsApplied === moves.length, `Replay applied ${replayed.actionsApplied} of ${moves.length}`);
  const replayedDigest = replayed.update?.outcome?.finalStateDigest;
  check(replayedDigest !== undefined, "Replay did not reach the end of the game");
  const replayDigestOk = sameBytes(replayedDigest, outcome.finalStateDigest);
  check(replayDigestOk, `Replay digest ${hex(replayedDigest)} != game digest ${hex(outcome.finalStateDigest)}`);

  return {
    protocol,
    game,
    players,
    options,
    steps: Number(update.step),
    winners: outcome.winners,
    replay_digest_ok: replayDigestOk,
    view_step_ok: viewStepOk,
    refusals,
  };
}

function parseConfigs(text: string): GameConfig[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) usage("--configs: expected a JSON list");
  return parsed.map((entry: { game?: unknown; players?: unknown; options?: unknown }, i) => {
    if (typeof entry.game !== "string" || !Number.isInteger(entry.players)) {
      usage(`--configs: entry ${i} needs "game" (string) and "players" (integer)`);
    }
    return { game: entry.game, players: entry.players as number, options: (entry.options ?? {}) as Record<string, string> };
  });
}

function commandLine(): { transport: Transport; label: string; configs: GameConfig[]; seed: number } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        protocol: { type: "string", default: "grpc" },
        binary: { type: "boolean" },
        json: { type: "boolean" },
        web: { type: "boolean", default: false },
        seed: { type: "string", default: "1" },
        configs: { type: "string" },
        option: { type: "string", multiple: true, default: [] },
      },
    });
  } catch (err) {
    usage((err as Error).message);
  }
  const { values, positionals } = parsed;
  const protocol = values.protocol as NodeProtocol;
  if (!PROTOCOLS.includes(protocol)) usage(`--protocol must be one of ${PROTOCOLS.join(", ")}`);
  const baseUrl = values["base-url"] ?? usage("--base-url is required (e.g. http://127.0.0.1:50051)");
  const binary = values.binary ? true : values.json ? false : undefined;
  if (values.web && protocol === "grpc") usage("--web: browsers cannot speak native gRPC");
  const transport = values.web
    ? createWebTransport({ baseUrl, protocol: protocol as "connect" | "grpc-web", ...(binary === undefined ? {} : { binary }) })
    : createNodeTransport({ baseUrl, protocol, ...(binary === undefined ? {} : { binary }) });
  // Each protocol's default format, as the transports have it: Connect JSON, gRPC-Web binary.
  const format = protocol === "grpc" ? "" : (binary ?? protocol === "grpc-web") ? "+binary" : "+json";
  const label = `${values.web ? "web:" : ""}${protocol}${format}`;
  const seed = Number.parseInt(values.seed, 10);
  if (!Number.isSafeInteger(seed)) usage(`--seed must be an integer, got ${values.seed}`);

  if (values.configs !== undefined) {
    if (positionals.length > 0) usage("give either --configs or <game_id> <num_players>");
    return { transport, label, seed, configs: parseConfigs(readFileSync(values.configs, "utf8")) };
  }
  if (positionals.length !== 2) usage("expected <game_id> <num_players>");
  const [game = "", playersText = ""] = positionals;
  const players = Number.parseInt(playersText, 10);
  if (String(players) !== playersText || players < 1) usage(`num_players must be a positive integer, got ${playersText}`);
  const options: Record<string, string> = {};
  for (const pair of values.option) {
    const eq = pair.indexOf("=");
    if (eq <= 0) usage(`--option takes name=value, got ${pair}`);
    options[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { transport, label, seed, configs: [{ game, players, options }] };
}

async function main(): Promise<void> {
  const { transport, label, configs, seed } = commandLine();
  const client = createMarketplayClient(transport);
  for (const [index, config] of configs.entries()) {
    const gameSeed = new TextEncoder().encode(`marketplay-play/${seed}/${index}`);
    try {
      const summary = await playOne(client, label, config, seededRandom(seed * 1_000_003 + index), gameSeed);
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } catch (err) {
      const where = `${config.game} ${config.players}p ${JSON.stringify(config.options)} over ${label} (--seed ${seed}, game ${index})`;
      if (err instanceof Mismatch) throw new Mismatch(`${where}: ${err.message}`);
      if (err instanceof ConnectError) {
        const refusal = refusalOf(err);
        throw new Mismatch(`${where}: call failed: ${Code[refusal.code]} [${refusal.reason}]: ${refusal.message}`);
      }
      throw err;
    }
  }
}

main().catch((err: unknown) => {
  const detail = err instanceof Mismatch ? `mismatch: ${err.message}` : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`marketplay-play: ${detail}\n`);
  process.exitCode = 1;
});
