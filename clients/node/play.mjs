#!/usr/bin/env node
// Plays one whole marketplay game through a running server with random legal
// moves, replays it from the revealed seed, and checks one refusal.
//
//   node play.mjs [--address host:port] [--option name=value ...] <game_id> <num_players>
//
// The address comes from --address, else $MARKETPLAY_ADDRESS, else
// 127.0.0.1:50051 (`make run`). On success prints one JSON line on stdout,
//   {"game": ..., "steps": N, "winners": [...], "replay_digest_ok": true,
//    "tampered_reason": "TAMPERED_STATE"}
// and exits 0; on any mismatch or failed call prints the reason on stderr and
// exits 1 (2 for bad usage).
//
// The contract is read at run time from ../../proto (no generated code), so a
// .proto change needs no build step here.

import { randomInt } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import protobuf from "protobufjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const PROTO_ROOT = join(HERE, "..", "..", "proto");
// google/rpc/status.proto and error_details.proto, copied verbatim (Apache-2.0
// headers kept) from googleapis-common-protos; google/protobuf/*.proto imports
// resolve to the copies built into protobufjs.
const PROTO_DEPS = join(HERE, "proto-deps");
const DEFAULT_ADDRESS = "127.0.0.1:50051";
const CALL_SECONDS = 30;

// proto-loader options, chosen so the objects look like the .proto files:
//   keepCase: field names stay snake_case as written (legal_actions, not legalActions)
//   longs: String   int64 fields (step, score) arrive as decimal strings; compared with BigInt
//   enums: String   enum values arrive as their names (TYPE_ENUM, SPICE_MERCHANT_...)
//   bytes: Buffer   bytes fields (state, seed, digests) arrive as Buffers
//   defaults: true  unset scalars/repeateds are filled in; unset messages are null
//                   (so `update.outcome === null` until the game is over)
//   oneofs: true    each oneof gets a virtual field naming the member that is set
//                   (action.game === "spice_merchant"); ignored when sent back
//   includeDirs     where `import "marketplay/v1/..."` is resolved
const LOADER_OPTIONS = {
  keepCase: true,
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

class Mismatch extends Error {}

function usage(message) {
  process.stderr.write(
    `${message}\nusage: node play.mjs [--address host:port] [--option name=value ...] <game_id> <num_players>\n`,
  );
  process.exit(2);
}

function parseCommandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        address: { type: "string" },
        option: { type: "string", multiple: true, default: [] },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (err) {
    usage(err.message);
  }
  const { values, positionals } = parsed;
  if (values.help) usage("Plays a random game, replays it and checks a refusal.");
  if (positionals.length !== 2) usage("expected <game_id> <num_players>");
  const [gameId, playersText] = positionals;
  const numPlayers = Number.parseInt(playersText, 10);
  if (!Number.isInteger(numPlayers) || String(numPlayers) !== playersText || numPlayers < 1) {
    usage(`num_players must be a positive integer, got ${JSON.stringify(playersText)}`);
  }
  const options = {};
  for (const pair of values.option) {
    const eq = pair.indexOf("=");
    if (eq <= 0) usage(`--option takes name=value, got ${JSON.stringify(pair)}`);
    options[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const address = values.address || process.env.MARKETPLAY_ADDRESS || DEFAULT_ADDRESS;
  return { address, gameId, numPlayers, options };
}

function loadGameService() {
  const definition = protoLoader.loadSync("marketplay/v1/game_service.proto", LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition).marketplay.v1.GameService;
}

function loadRpcStatusTypes() {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    target.startsWith("google/protobuf/") ? target : join(PROTO_DEPS, target);
  root.loadSync(["google/rpc/status.proto", "google/rpc/error_details.proto"], { keepCase: true });
  return {
    Status: root.lookupType("google.rpc.Status"),
    ErrorInfo: root.lookupType("google.rpc.ErrorInfo"),
  };
}

// Promise wrapper for a unary call with a deadline.
function call(client, method, request) {
  const deadline = new Date(Date.now() + CALL_SECONDS * 1000);
  return new Promise((resolve, reject) => {
    client[method](request, { deadline }, (err, response) => (err ? reject(err) : resolve(response)));
  });
}

// (code, ErrorInfo reason) of a failed call, from the grpc-status-details-bin trailer.
function refusalOf(err, types) {
  const reasons = [];
  const raw = err.metadata ? err.metadata.get("grpc-status-details-bin") : [];
  for (const bytes of raw) {
    const status = types.Status.decode(bytes);
    for (const detail of status.details) {
      if (detail.type_url.endsWith("/google.rpc.ErrorInfo")) {
        reasons.push(types.ErrorInfo.decode(detail.value).reason);
      }
    }
  }
  return { code: err.code, reasons };
}

function check(condition, message) {
  if (!condition) throw new Mismatch(message);
}

function pickDecision(update) {
  const ready = update.decisions.filter((d) => d.legal_actions.length > 0);
  check(ready.length > 0, `step ${update.step}: no decision carries legal actions`);
  const decision = ready[randomInt(ready.length)];
  return { seat: decision.seat, action: decision.legal_actions[randomInt(decision.legal_actions.length)] };
}

// Seat tokens are passed on every call so the script also works against a
// server started with --require-seat-tokens.
function applyRequest(update, tokens, seat, action, views) {
  return {
    state: update.state,
    seat,
    action,
    expected_step: update.step,
    seat_token: tokens[seat],
    views,
    view_tokens: Object.fromEntries(tokens.map((token, i) => [i, token])),
  };
}

async function expectTamperedRefusal(client, types, start, tokens, views) {
  const { seat, action } = pickDecision(start);
  const tampered = Buffer.from(start.state);
  tampered[tampered.length - 5] ^= 0x01;
  try {
    await call(client, "ApplyAction", applyRequest({ ...start, state: tampered }, tokens, seat, action, views));
  } catch (err) {
    if (err instanceof Mismatch || err.code === undefined) throw err;
    const { code, reasons } = refusalOf(err, types);
    check(
      code === grpc.status.INVALID_ARGUMENT,
      `tampered state: expected INVALID_ARGUMENT, got ${grpc.status[code] ?? code}: ${err.details}`,
    );
    check(reasons.length === 1, `tampered state: expected one ErrorInfo, got ${JSON.stringify(reasons)}`);
    return reasons[0];
  }
  throw new Mismatch("tampered state was accepted");
}

async function play(client, types, gameId, numPlayers, options) {
  const views = { all_seats: true };
  const listed = await call(client, "ListGames", {});
  const info = listed.games.find((g) => g.game_id === gameId);
  check(info !== undefined, `ListGames does not list ${gameId}: ${listed.games.map((g) => g.game_id)}`);

  const started = await call(client, "NewGame", { game_id: gameId, num_players: numPlayers, options, views });
  const tokens = started.seat_tokens;
  check(tokens.length === numPlayers, `NewGame returned ${tokens.length} seat tokens for ${numPlayers} seats`);
  let update = started.update;
  check(update.game_id === gameId, `NewGame answered for game ${update.game_id}`);

  const tamperedReason = await expectTamperedRefusal(client, types, update, tokens, views);
  check(tamperedReason === "TAMPERED_STATE", `tampered state: reason ${tamperedReason}`);

  const actions = [];
  while (update.outcome === null) {
    const { seat, action } = pickDecision(update);
    const before = BigInt(update.step);
    update = (await call(client, "ApplyAction", applyRequest(update, tokens, seat, action, views))).update;
    actions.push({ seat, action });
    check(
      BigInt(update.step) === before + 1n,
      `step went from ${before} to ${update.step} after one action`,
    );
  }
  const outcome = update.outcome;
  check(outcome.seed.length > 0, "the outcome does not reveal the seed");
  check(outcome.final_state_digest.length > 0, "the outcome has no final_state_digest");

  const replayed = await call(client, "Replay", {
    game_id: gameId,
    num_players: numPlayers,
    options,
    seed: outcome.seed,
    actions,
    views,
  });
  check(
    replayed.actions_applied === actions.length,
    `Replay applied ${replayed.actions_applied} of ${actions.length} actions`,
  );
  check(replayed.update.outcome !== null, "Replay did not reach the end of the game");
  const replayDigestOk = replayed.update.outcome.final_state_digest.equals(outcome.final_state_digest);
  check(
    replayDigestOk,
    `Replay digest ${replayed.update.outcome.final_state_digest.toString("hex")} ` +
      `!= game digest ${outcome.final_state_digest.toString("hex")}`,
  );

  return {
    game: gameId,
    steps: Number(update.step),
    winners: outcome.winners,
    replay_digest_ok: replayDigestOk,
    tampered_reason: tamperedReason,
  };
}

async function main() {
  const { address, gameId, numPlayers, options } = parseCommandLine();
  const GameService = loadGameService();
  const types = loadRpcStatusTypes();
  const client = new GameService(address, grpc.credentials.createInsecure());
  try {
    const summary = await play(client, types, gameId, numPlayers, options);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    client.close();
  }
}

main().catch((err) => {
  let detail;
  if (err instanceof Mismatch) {
    detail = `mismatch: ${err.message}`;
  } else if (err.code !== undefined && err.metadata !== undefined) {
    const { reasons } = refusalOf(err, loadRpcStatusTypes());
    detail = `call failed: ${grpc.status[err.code] ?? err.code} [${reasons.join(", ")}]: ${err.details}`;
  } else {
    detail = err.stack ?? String(err);
  }
  process.stderr.write(`play.mjs: ${detail}\n`);
  process.exitCode = 1;
});
