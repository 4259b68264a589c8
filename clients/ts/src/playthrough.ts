/**
 * One whole game with seeded random legal moves, and the checks every caller
 * must be able to make, over whatever transport the client was made with.
 * Browser-safe (no Node APIs): play.ts runs it from the command line over
 * connect-node or connect-web, and tests/interop/browser runs it in Chromium.
 *
 * Checks: each ApplyAction advances `step` by exactly one (expected_step is
 * sent); RenewSeatToken gives seat 0 a fresh token, with which GetView
 * re-renders the final state for that seat;
 * Replay(seed, salt, moves) reproduces outcome.final_state_digest; refusals
 * decode to the same code and google.rpc.ErrorInfo reason over every
 * transport: a tampered state (INVALID_ARGUMENT, TAMPERED_STATE) and a stale
 * expected_step (ABORTED, STALE_STEP).
 *
 * With a TextCheck, every call asks for text in its locale with its display
 * names, and every Message of every update (each decision's prompt, each legal
 * action's label, each event, the outcome) and the stale refusal's Message
 * detail must carry exactly the text the check's local renderer makes of the
 * same id and arguments: the catalogs this package carries render as the
 * server does. The summary then shows an event's and a legal action's text.
 */
import {
  applyActionRequest,
  Code,
  ConnectError,
  type GameUpdate,
  legalMoves,
  type MarketplayClient,
  type Message,
  MessageSchema,
  type Move,
  refusalOf,
} from "./index.js";
import type { MessageRenderer } from "./text.js";

const CALL_TIMEOUT_MS = 30_000;
const MAX_STEPS = 20_000;

export interface GameConfig {
  game: string;
  players: number;
  options: Record<string, string>;
  /** The rules version to start under; absent or empty: the newest the server plays. */
  rulesVersion?: string;
}

/** Text to ask for, and the local renderer (same locale, same names) to hold it to. */
export interface TextCheck {
  locale: string;
  seatNames: readonly string[];
  renderer: MessageRenderer;
}

export interface TextSummary {
  /** GameUpdate.locale: the locale the server rendered in. */
  locale: string;
  /** Messages whose server text matched the local rendering. */
  compared: number;
  /** The first public event's text, and the first legal action's label, of the game. */
  event: { id: string; text: string };
  action: { id: string; text: string };
  /** The outcome's summary, and the stale refusal's Message detail. */
  outcome: { id: string; text: string };
  refusal: { id: string; text: string };
}

export interface Summary extends GameConfig {
  protocol: string;
  steps: number;
  winners: number[];
  replay_digest_ok: boolean;
  view_step_ok: boolean;
  refusals: Record<string, { code: string; reason: string }>;
  text?: TextSummary;
}

/** Holds every Message of the updates to the local renderer's text, and keeps a few to show. */
class TextChecker {
  compared = 0;
  event: { id: string; text: string } | undefined;
  action: { id: string; text: string } | undefined;

  constructor(readonly check: TextCheck) {}

  said(message: Message | undefined, what: string): { id: string; text: string } {
    check(message !== undefined && message.id !== "", `${what} carries no Message`);
    const local = this.check.renderer.render(message);
    check(message.text !== "", `${what} (${message.id}) has no text`);
    check(message.text === local, `${what} (${message.id}): the server says ${JSON.stringify(message.text)}, the local catalog ${JSON.stringify(local)}`);
    this.compared += 1;
    return { id: message.id, text: message.text };
  }

  update(update: GameUpdate, step: string): void {
    check(update.locale === this.check.locale, `${step}: rendered in ${JSON.stringify(update.locale)}, not ${this.check.locale}`);
    for (const decision of update.decisions) {
      this.said(decision.prompt, `${step}: seat ${decision.seat}'s prompt`);
      for (const action of decision.legalActions) {
        const said = this.said(action.label, `${step}: a label of seat ${decision.seat}`);
        this.action ??= said;
      }
    }
    for (const event of update.events) {
      const said = this.said(event.message, `${step}: an event`);
      if (event.audience.length === 0) this.event ??= said;
    }
  }
}

export class Mismatch extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Mismatch(message);
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with --seed. */
export function seededRandom(seed: number): (bound: number) => number {
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
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Awaits a call that must be refused with `code`; returns its refusal, and its Message detail if any. */
async function refused(
  call: Promise<unknown>,
  code: Code,
  what: string,
): Promise<{ code: string; reason: string; said?: Message }> {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof ConnectError)) throw err;
    const refusal = refusalOf(err);
    check(
      refusal.code === code,
      `${what}: expected ${Code[code]}, got ${Code[refusal.code]} (${refusal.reason}): ${refusal.message}`,
    );
    const [said] = err.findDetails(MessageSchema);
    return { code: Code[refusal.code], reason: refusal.reason, ...(said ? { said } : {}) };
  }
  throw new Mismatch(`${what} was accepted`);
}

export async function playOne(
  client: MarketplayClient,
  protocol: string,
  config: GameConfig,
  random: (bound: number) => number,
  seed: Uint8Array,
  text?: TextCheck,
): Promise<Summary> {
  const { game, players, options } = config;
  const rulesVersion = config.rulesVersion ?? "";
  const texts = text ? new TextChecker(text) : undefined;
  const views = {
    allSeats: true,
    spectator: true,
    ...(text ? { locale: text.locale, seatNames: text.seatNames.slice(0, players) } : {}),
  };
  const timeoutMs = CALL_TIMEOUT_MS;

  const started = await client.newGame({ gameId: game, numPlayers: players, options, seed, views, rulesVersion }, { timeoutMs });
  const seatTokens = started.seatTokens;
  check(seatTokens.length === players, `NewGame returned ${seatTokens.length} seat tokens for ${players} seats`);
  check(started.update !== undefined, "NewGame answered without an update");
  let update: GameUpdate = started.update;
  check(update.gameId === game, `NewGame answered for game ${update.gameId}`);
  check(rulesVersion === "" || update.rulesVersion === rulesVersion, `NewGame answered under rules ${update.rulesVersion}`);
  texts?.update(update, "NewGame");
  const moveOptions = { seatTokens, views };

  const first = pick(legalMoves(update), random);
  // A copy: over connect-node the bytes may be a Buffer, whose slice() is a view, not a copy.
  const tampered = Uint8Array.from(update.state);
  const at = tampered.length - 5;
  tampered[at] = (tampered[at] ?? 0) ^ 0x01;
  const tamperedRefusal = await refused(
      client.applyAction(applyActionRequest({ ...update, state: tampered }, first, moveOptions), { timeoutMs }),
      Code.InvalidArgument,
      "a tampered state",
  );
  const staleRefusal = await refused(
    client.applyAction({ ...applyActionRequest(update, first, moveOptions), expectedStep: update.step + 1n }, {
      timeoutMs,
    }),
    Code.Aborted,
    "a stale expected_step",
  );
  const refusals = {
    tampered: { code: tamperedRefusal.code, reason: tamperedRefusal.reason },
    stale: { code: staleRefusal.code, reason: staleRefusal.reason },
  };
  // A developer's mistake carries no player-facing Message; a stale step, which a player causes, does.
  check(tamperedRefusal.said === undefined, "a tampered state's refusal carries a player's Message");
  const staleSaid = texts ? texts.said(staleRefusal.said, "the stale step's refusal") : undefined;

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
    texts?.update(update, `step ${update.step}`);
  }
  const outcome = update.outcome;
  check(outcome.seed.length > 0, "the outcome does not reveal the seed");
  check(outcome.finalStateDigest.length > 0, "the outcome has no final_state_digest");

  // A reconnecting seat renews its token, then re-reads its view with the fresh one.
  const renewed = await client.renewSeatToken(
    { state: update.state, seat: 0, seatToken: seatTokens[0] ?? "" },
    { timeoutMs },
  );
  check(renewed.seatToken.length > 0, "RenewSeatToken answered no token");
  const viewed = await client.getView(
    { state: update.state, views: { seats: [0] }, viewTokens: { 0: renewed.seatToken } },
    { timeoutMs },
  );
  const seatViews = viewed.update?.views ?? [];
  const viewStepOk =
    viewed.update?.step === update.step && seatViews.length === 1 && seatViews[0]?.seat === 0;
  check(viewStepOk, `GetView for seat 0 answered step ${viewed.update?.step} with ${seatViews.length} views`);

  const replayed = await client.replay(
    { gameId: game, numPlayers: players, options, seed: outcome.seed, seedSalt: outcome.seedSalt, actions: moves,
      rulesVersion: update.rulesVersion },
    { timeoutMs },
  );
  check(replayed.actionsApplied === moves.length, `Replay applied ${replayed.actionsApplied} of ${moves.length}`);
  const replayedDigest = replayed.update?.outcome?.finalStateDigest;
  check(replayedDigest !== undefined, "Replay did not reach the end of the game");
  const replayDigestOk = sameBytes(replayedDigest, outcome.finalStateDigest);
  check(replayDigestOk, `Replay digest ${hex(replayedDigest)} != game digest ${hex(outcome.finalStateDigest)}`);

  let textSummary: TextSummary | undefined;
  if (texts && staleSaid) {
    const outcomeSaid = texts.said(outcome.summary, "the outcome");
    check(texts.event !== undefined && texts.action !== undefined, "the game had no public event or no legal action");
    textSummary = {
      locale: update.locale,
      compared: texts.compared,
      event: texts.event,
      action: texts.action,
      outcome: outcomeSaid,
      refusal: staleSaid,
    };
  }

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
    ...(textSummary ? { text: textSummary } : {}),
  };
}

/**
 * Plays `configs` in order, game i seeded from (seed, i), so the same seed
 * plays the same games over every transport. Reports each game's Summary;
 * throws a Mismatch naming the game at the first failure.
 */
export async function playAll(
  client: MarketplayClient,
  label: string,
  configs: readonly GameConfig[],
  seed: number,
  report: (summary: Summary) => void,
  text?: TextCheck,
): Promise<void> {
  for (const [index, config] of configs.entries()) {
    const gameSeed = new TextEncoder().encode(`marketplay-play/${seed}/${index}`);
    try {
      report(await playOne(client, label, config, seededRandom(seed * 1_000_003 + index), gameSeed, text));
    } catch (err) {
      const where = `${config.game} ${config.players}p ${JSON.stringify(config.options)} over ${label} (seed ${seed}, game ${index})`;
      if (err instanceof Mismatch) throw new Mismatch(`${where}: ${err.message}`);
      if (err instanceof ConnectError) {
        const refusal = refusalOf(err);
        throw new Mismatch(`${where}: call failed: ${Code[refusal.code]} [${refusal.reason}]: ${refusal.message}`);
      }
      throw err;
    }
  }
}
