/**
 * The Play page: set up a game from ListGames, then play it hot-seat (every
 * seat's legal actions as buttons), with a bot in any chair (SuggestAction)
 * moving at an adjustable pace. The page acts as a trusted backend: it holds
 * every seat token and asks for every seat's view and the spectator's, and
 * shows one of them at a time. Every call asks for text in the page's
 * language with the seats' display names (words.ts): buttons, prompts, the
 * log, the outcome and refusals show the server's words.
 */
import { create, equals, type MessageInitShape } from "@bufbuild/protobuf";

import {
  applyActionRequest,
  BotPolicy,
  Code,
  ConnectError,
  type GameAction,
  type GameInfo,
  type GameUpdate,
  type MarketplayClient,
  type OptionInfo,
  MessageSchema,
  OptionType,
  type SeatActionSchema,
} from "../../src/index.js";
import { describeError, reasonOf, refusalText } from "./api.js";
import { type ChoiceArgs, choicePanel, type Picking, wireGrid } from "./choice.js";
import { none, seatName, table, type Viewer, viewerName } from "./components.js";
import { byId, type Child, fill, h } from "./dom.js";
import { emptyReplay, type GameLog, logToJson } from "./gamelog.js";
import { uiFor } from "./games/index.js";
import {
  boardFor,
  decidingText,
  eventLog,
  labelOf,
  outcomeBanner,
  redactionPanel,
  said,
  sameMove,
  unlabelled,
  viewerTabs,
  viewJson,
  viewOf,
} from "./scene.js";
import { clockPanel, undoPanel } from "./table.js";
import { t, words } from "./words.js";

/** One entry of the game's log for Replay: a move, or seats that forfeited on time. */
type LogEntry = MessageInitShape<typeof SeatActionSchema>;

/** Every seat's view and the spectator's, with text in the page's language. */
function allViews(numPlayers: number) {
  return { allSeats: true, spectator: true, ...words.views(numPlayers) };
}
const RENEW_MARGIN_MS = 60_000;
const BUSY_RETRY_MS = 1_000;

/** Who plays a seat: a person clicking, or a bot policy. */
type Controller = "human" | BotPolicy.RANDOM | BotPolicy.GREEDY | BotPolicy.ISMCTS;

const CONTROLLERS: readonly Controller[] = ["human", BotPolicy.RANDOM, BotPolicy.GREEDY, BotPolicy.ISMCTS];

function controllerName(controller: Controller): string {
  switch (controller) {
    case "human": return t("controller-human");
    case BotPolicy.RANDOM: return t("controller-random");
    case BotPolicy.GREEDY: return t("controller-greedy");
    case BotPolicy.ISMCTS: return t("controller-ismcts");
  }
}

interface Game {
  info: GameInfo;
  numPlayers: number;
  options: Record<string, string>;
  /** The seed the page chose, if any; otherwise the outcome reveals the server's. */
  seed?: Uint8Array;
  update: GameUpdate;
  /** When the update arrived, by the page's clock: the clocks count from its server_time then. */
  receivedAt: number;
  tokens: string[];
  tokensExpireAt?: number;
  moves: LogEntry[];
  events: GameUpdate["events"];
  commitment: Uint8Array;
  controllers: Controller[];
}

/** What the last bot saw in its choice (SuggestActionResponse.stats), labelled while its view was current. */
interface BotChoice {
  seat: number;
  controller: Controller;
  chosen: string;
  iterations: number;
  candidates: { label: string; visits: number; value: number }[];
  /** Every candidate was tried this often (the greedy bot's samples): visits are not shown. */
  eachVisited?: number;
}

const SHOWN_CANDIDATES = 6;

export interface PlayHooks {
  /** Hand a game log to the Replay page and switch to it. */
  openReplay(log: GameLog): void;
}

export class PlayPage {
  private games: GameInfo[] = [];
  private game: Game | undefined;
  private viewer: Viewer = 0;
  private follow = true;
  private running = true;
  private pace = 500;
  private busy = false;
  private botTimer: number | undefined;
  private chain: Promise<void> = Promise.resolve();
  private notice = "";
  private pendingControllers: Controller[] = [];
  /** The display names typed in the set-up form, by seat ("" for the language's "Player N"). */
  private pendingNames: string[] = [];
  private refocus = false;
  private lastBot: BotChoice | undefined;
  /** A delay for the next bot move after the server said its bots were busy. */
  private backoff = 0;
  /** Where the deciding person is in a picker (choice.ts). */
  private picking: Picking | undefined;
  /** The table's settings start open where there is room for them beside the board. */
  private controlsOpen = globalThis.matchMedia?.("(min-width: 1000px)").matches ?? true;

  private readonly setup = byId<HTMLDetailsElement>("setup");
  private readonly setupForm = byId<HTMLFormElement>("setup-form");
  private readonly gameRoot = byId("game");
  /** The API panel: moved into the side column on each render, so it keeps its state. */
  private readonly apiSlot = byId("play-api-slot");

  constructor(private readonly client: MarketplayClient, private readonly hooks: PlayHooks) {}

  /** Loads the catalogue and shows the set-up form; the games, for the other pages. */
  async start(): Promise<GameInfo[]> {
    try {
      this.games = (await this.client.listGames({})).games;
    } catch (err) {
      fill(this.setupForm, h("p", { class: "error", role: "alert" }, t("list-games-failed", { error: describeError(err) })));
      return [];
    }
    this.renderSetup(this.games[0]?.gameId ?? "");
    return this.games;
  }

  // ------------------------------------------------------------------ set-up

  private renderSetup(gameId: string, players?: number): void {
    const info = this.games.find((g) => g.gameId === gameId);
    if (!info) return;
    const count = players ?? Math.min(Math.max(info.minPlayers, 2), info.maxPlayers);
    if (this.pendingControllers.length !== count) {
      this.pendingControllers = Array.from({ length: count }, (_, i) => this.pendingControllers[i] ?? "human");
      this.pendingNames = Array.from({ length: count }, (_, i) => this.pendingNames[i] ?? "");
    }
    const gameSelect = h("select", { id: "setup-game", name: "game", onchange: (e: Event) => this.renderSetup((e.target as HTMLSelectElement).value) },
      ...this.games.map((g) => h("option", { value: g.gameId, selected: g.gameId === gameId, translate: "no" }, g.title)));
    const playerSelect = h("select", { id: "setup-players", name: "players", onchange: (e: Event) => this.renderSetup(gameId, Number((e.target as HTMLSelectElement).value)) },
      ...Array.from({ length: info.maxPlayers - info.minPlayers + 1 }, (_, i) => info.minPlayers + i)
        .map((n) => h("option", { value: String(n), selected: n === count }, String(n))));
    fill(
      this.setupForm,
      h("div", { class: "fields" },
        field("setup-game", t("setup-game"), gameSelect, [t("setup-rules-version"), " ", h("code", { translate: "no" }, info.rulesVersion)]),
        field("setup-players", t("setup-players"), playerSelect, t("setup-players-range", { min: info.minPlayers, max: info.maxPlayers })),
        ...info.options.filter((o) => !o.table).map((o) => optionField(info.gameId, o)),
        field("setup-seed", t("setup-seed"), h("input", { id: "setup-seed", name: "seed", type: "text", maxlength: 64, autocomplete: "off", placeholder: t("setup-seed", undefined, "placeholder") }),
          t("setup-seed-hint")),
      ),
      h("fieldset", { class: "seats-setup" },
        h("legend", null, t("setup-seats")),
        ...this.pendingControllers.map((controller, seat) =>
          h("div", { class: "seat-setup" },
            field(`setup-seat-${seat}`, words.defaultName(seat), controllerSelect(`setup-seat-${seat}`, controller, (value) => { this.pendingControllers[seat] = value; })),
            field(`setup-name-${seat}`, t("setup-name"), h("input", {
              id: `setup-name-${seat}`, type: "text", maxlength: 64, autocomplete: "off", value: this.pendingNames[seat] ?? "",
              placeholder: words.defaultName(seat),
              oninput: (e: Event) => { this.pendingNames[seat] = (e.target as HTMLInputElement).value; },
            }))))),
      info.options.some((o) => o.table)
        ? h("details", { class: "table-options" }, h("summary", null, t("setup-table-options")),
            h("div", { class: "fields" }, ...info.options.filter((o) => o.table).map((o) => optionField(info.gameId, o))))
        : null,
      h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary", id: "start-game" }, t("start-game"))),
    );
    this.setupForm.onsubmit = (e) => {
      e.preventDefault();
      void this.newGame(info);
    };
  }

  private async newGame(info: GameInfo): Promise<void> {
    const data = new FormData(this.setupForm);
    const numPlayers = Number(data.get("players"));
    const options: Record<string, string> = {};
    for (const option of info.options) {
      const control = this.setupForm.elements.namedItem(`option-${option.name}`);
      if (control instanceof HTMLInputElement && control.type === "checkbox") options[option.name] = String(control.checked);
      else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) options[option.name] = control.value;
    }
    const seedText = String(data.get("seed") ?? "");
    const seed = seedText ? new TextEncoder().encode(seedText) : undefined;
    this.stopBots();
    const names = this.pendingNames.slice(0, numPlayers).map((name) => name.trim());
    try {
      words.names = names;
      const started = await this.client.newGame({ gameId: info.gameId, numPlayers, options, ...(seed ? { seed } : {}), views: allViews(numPlayers) });
      if (!started.update) throw new ConnectError(t("answered-without-update", { call: "NewGame" }), Code.Internal);
      const update = started.update;
      words.receive(update.events, update.locale);
      this.game = {
        info, numPlayers, options, update,
        receivedAt: Date.now(),
        tokens: [...started.seatTokens],
        moves: [],
        events: [...update.events],
        commitment: update.views[0]?.seedCommitment ?? new Uint8Array(),
        controllers: this.pendingControllers.slice(0, numPlayers),
        ...(seed ? { seed } : {}),
        ...(started.seatTokensExpireAt ? { tokensExpireAt: Number(started.seatTokensExpireAt.seconds) * 1000 } : {}),
      };
      this.notice = "";
      this.lastBot = undefined;
      this.viewer = 0;
      this.running = true;
      this.followDecider();
      this.setup.open = false;
      this.render();
      this.scheduleBots();
    } catch (err) {
      this.showError(t("call-refused", { call: "NewGame", error: describeError(err) }));
    }
  }

  // ------------------------------------------------------------------ moves

  /**
   * The current game's views, decisions and outcome again in the page's
   * language (GetView), after the language switch: the labels and prompts come
   * in it; the log's earlier lines are rendered again from the catalog (words.ts).
   */
  relocalize(): Promise<void> {
    const game = this.game;
    if (!game) return Promise.resolve();
    return this.exclusive(async () => {
      if (this.game !== game) return;
      try {
        await this.renewTokens(game);
        const viewTokens = Object.fromEntries(game.tokens.map((token, seat) => [seat, token]));
        const viewed = await this.client.getView({ state: game.update.state, views: allViews(game.numPlayers), viewTokens });
        if (!viewed.update) throw new ConnectError(t("answered-without-update", { call: "GetView" }), Code.Internal);
        if (this.game === game && viewed.update.step === game.update.step) game.update = viewed.update;
      } catch (err) {
        this.showError(t("call-refused", { call: "GetView", error: describeError(err) }));
      } finally {
        this.render();
      }
    });
  }

  /** The set-up form again (its seats' default names follow the language). */
  renderForm(): void {
    const current = this.setupForm.querySelector<HTMLSelectElement>("#setup-game")?.value;
    const players = this.setupForm.querySelector<HTMLSelectElement>("#setup-players")?.value;
    if (current) this.renderSetup(current, players ? Number(players) : undefined);
  }

  /** Runs `task` after every earlier one: one call in flight at a time. */
  private exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async renewTokens(game: Game): Promise<void> {
    if (game.tokensExpireAt === undefined || Date.now() < game.tokensExpireAt - RENEW_MARGIN_MS) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (let seat = 0; seat < game.tokens.length; seat++) {
      const renewed = await this.client.renewSeatToken({ state: game.update.state, seat, seatToken: game.tokens[seat] ?? "" });
      game.tokens[seat] = renewed.seatToken;
      if (renewed.expiresAt) earliest = Math.min(earliest, Number(renewed.expiresAt.seconds) * 1000);
    }
    if (Number.isFinite(earliest)) game.tokensExpireAt = earliest;
    else delete game.tokensExpireAt;
  }

  private async apply(game: Game, seat: number, labelled: GameAction): Promise<void> {
    const action = unlabelled(labelled);
    await this.renewTokens(game);
    const response = await this.client.applyAction(
      applyActionRequest(game.update, { seat, action }, { seatTokens: game.tokens, views: allViews(game.numPlayers) }),
    );
    if (!response.update) throw new ConnectError(t("answered-without-update", { call: "ApplyAction" }), Code.Internal);
    game.update = response.update;
    words.receive(response.update.events, response.update.locale);
    game.receivedAt = Date.now();
    game.moves.push({ seat, action });
    game.events.push(...response.update.events);
    this.notice = "";
    this.followDecider();
  }

  /** A person's click on one of a seat's legal actions, chosen at `step`. */
  private humanMove(seat: number, action: GameAction, step: bigint): void {
    const game = this.game;
    if (!game) return;
    this.busy = true;
    // Disabling the pressed button drops its focus: remember to give it to the next actions.
    this.refocus = this.gameRoot.querySelector("#actions")?.contains(document.activeElement) ?? false;
    this.gameRoot.querySelectorAll<HTMLButtonElement>("button.action").forEach((b) => { b.disabled = true; });
    void this.exclusive(async () => {
      try {
        if (this.game !== game) return;
        if (game.update.step !== step) {
          // A bot moved first; the choice stands if it is still legal for this seat.
          const still = game.update.decisions.find((d) => d.seat === seat)?.legalActions
            .some((legal) => sameMove(legal, action));
          if (!still) {
            // What the server would answer (ABORTED, STALE_STEP), in its words, without the call.
            this.notice = words.text(create(MessageSchema, { id: "refusal-stale-step" }));
            return;
          }
        }
        await this.apply(game, seat, action);
      } catch (err) {
        this.showError(refusalText(err, "ApplyAction"));
      } finally {
        this.busy = false;
        this.render();
        this.scheduleBots();
      }
    });
  }

  /**
   * One table call (ClaimTimeout, TakeBack) with every seat's view: it runs after any
   * call in flight, its update becomes the game's, and a refusal is shown.
   */
  private tableCall(game: Game, call: string, send: () => Promise<{ update?: GameUpdate }>,
    log: (update: GameUpdate) => void): void {
    this.busy = true;
    void this.exclusive(async () => {
      try {
        if (this.game !== game) return;
        await this.renewTokens(game);
        const { update } = await send();
        if (!update) throw new ConnectError(t("answered-without-update", { call }), Code.Internal);
        log(update);
        game.update = update;
        words.receive(update.events, update.locale);
        game.receivedAt = Date.now();
        game.events.push(...update.events);
        this.notice = "";
        this.followDecider();
      } catch (err) {
        this.showError(refusalText(err, call));
      } finally {
        this.busy = false;
        this.render();
        this.scheduleBots();
      }
    });
  }

  private viewTokens(game: Game): Record<number, string> {
    return Object.fromEntries(game.tokens.map((token, seat) => [seat, token]));
  }

  /**
   * ClaimTimeout, as any seat may where tokens are required: the table's policy
   * plays for every seat out of time. The moves played (named in each seat's own
   * TimedOut copy) and forfeits go into the log, so Replay reproduces the game.
   */
  private claimTimeout(game: Game): void {
    this.tableCall(game, "ClaimTimeout", () => this.client.claimTimeout({
      state: game.update.state, expectedStep: game.update.step, views: allViews(game.numPlayers),
      viewTokens: this.viewTokens(game), seat: 0, seatToken: game.tokens[0] ?? "",
    }), (update) => {
      for (const event of update.events) {
        if (event.game.case !== "table" || event.game.value.kind.case !== "timedOut") continue;
        const timedOut = event.game.value.kind.value;
        if (timedOut.action) game.moves.push({ seat: timedOut.seat, action: timedOut.action });
      }
      const forfeited = update.outcome?.forfeited ?? [];
      if (forfeited.length) game.moves.push({ forfeited: [...forfeited] });
    });
  }

  /** TakeBack of `seat`'s latest action (its view allowed it); the log records it. */
  private takeBack(game: Game, seat: number): void {
    this.tableCall(game, "TakeBack", () => this.client.takeBack({
      state: game.update.state, seat, seatToken: game.tokens[seat] ?? "", expectedStep: game.update.step,
      steps: 1, views: allViews(game.numPlayers), viewTokens: this.viewTokens(game),
    }), () => {
      game.moves.push({ seat, takebackSteps: 1 });
      this.viewer = seat;
    });
  }

  private botSeat(game: Game): number | undefined {
    if (game.update.outcome) return undefined;
    return game.update.decisions.find((d) => game.controllers[d.seat] !== "human" && d.legalActions.length > 0)?.seat;
  }

  private stopBots(): void {
    if (this.botTimer !== undefined) window.clearTimeout(this.botTimer);
    this.botTimer = undefined;
  }

  private scheduleBots(): void {
    this.stopBots();
    const game = this.game;
    if (!game || !this.running) return;
    const seat = this.botSeat(game);
    if (seat === undefined) return;
    const delay = Math.max(this.pace, this.backoff);
    this.backoff = 0;
    this.botTimer = window.setTimeout(() => {
      this.botTimer = undefined;
      void this.botMove(game, seat);
    }, delay);
  }

  /** One bot move: SuggestAction for the seat, then ApplyAction with its answer. */
  private botMove(game: Game, seat: number): Promise<void> {
    return this.exclusive(async () => {
      if (this.game !== game || game.update.outcome) return;
      const controller = game.controllers[seat];
      const decision = game.update.decisions.find((d) => d.seat === seat);
      if (controller === undefined || controller === "human" || !decision) return;
      try {
        await this.renewTokens(game);
        const suggestion = await this.client.suggestAction({
          state: game.update.state, seat, seatToken: game.tokens[seat] ?? "", policy: controller, expectedStep: game.update.step,
        });
        if (this.game !== game) return;
        if (!suggestion.action) throw new ConnectError(t("answered-without-action"), Code.Internal);
        this.lastBot = this.botChoice(game, seat, controller, suggestion.action, suggestion.stats);
        await this.apply(game, seat, suggestion.action);
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === "STALE_STEP") return; // someone moved first; the next tick asks again
        if (reason === "BOTS_BUSY") {
          // The server's bot capacity is in use: ask again a little later.
          this.notice = t("bots-busy");
          this.backoff = BUSY_RETRY_MS;
          return;
        }
        this.running = false;
        const refusal = ConnectError.from(err);
        this.showError(refusal.code === Code.Unimplemented
          ? t("bots-unimplemented", { error: describeError(err) })
          : t("bot-failed", { bot: controllerName(controller), seat: seatName(seat), error: describeError(err) }));
      } finally {
        this.render();
        this.scheduleBots();
      }
    });
  }

  private botChoice(game: Game, seat: number, controller: Controller, action: GameAction,
    stats: { iterations: number; candidates: { action?: GameAction; visits: number; meanValue: number }[] } | undefined): BotChoice {
    // The bot's answer carries no label: it is one of the seat's legal actions, which do.
    const label = (a: GameAction | undefined) => said(labelOf(game.update, seat, a)).text || t("unknown");
    const tried = (stats?.candidates ?? []).filter((c) => c.visits > 0);
    // The greedy bot scores every candidate on the same sampled deals: its visits tell nothing apart.
    const sameVisits = tried.length > 1 && tried.every((c) => c.visits === tried[0]?.visits);
    const candidates = tried
      .map((c) => ({ label: label(c.action), visits: c.visits, value: c.meanValue }))
      .sort((a, b) => (sameVisits ? 0 : b.visits - a.visits) || b.value - a.value)
      .slice(0, SHOWN_CANDIDATES);
    return { seat, controller, chosen: label(action), iterations: stats?.iterations ?? 0, candidates,
      ...(sameVisits ? { eachVisited: tried[0]?.visits ?? 0 } : {}) };
  }

  private botPanel(): HTMLElement | null {
    const bot = this.lastBot;
    if (!bot) return null;
    const percent = (value: number) => t("percent", { value: Math.round(value * 1000) / 10 });
    return h("section", { class: "panel bot-choice", "aria-labelledby": "bot-title" },
      h("h3", { id: "bot-title" }, t("bot-title")),
      h("p", null, t("bot-chose", { seat: seatName(bot.seat), bot: controllerName(bot.controller) }), " ",
        h("strong", null, bot.chosen), bot.iterations ? ` ${t("bot-iterations", { count: bot.iterations })}` : ""),
      bot.candidates.length > 1
        ? bot.eachVisited !== undefined
          ? [h("p", { class: "small" }, t("bot-each-scored", { count: bot.eachVisited })),
              table([t("bot-candidate"), t("bot-value")], bot.candidates.map((c) => [c.label, percent(c.value)]))]
          : table([t("bot-candidate"), t("bot-visits"), t("bot-value")],
              bot.candidates.map((c) => [c.label, String(c.visits), percent(c.value)]))
        : null);
  }

  private followDecider(): void {
    const game = this.game;
    if (!game || !this.follow || game.update.outcome) return;
    const humans = game.update.decisions.filter((d) => game.controllers[d.seat] === "human" && d.legalActions.length > 0).map((d) => d.seat);
    if (humans.length && (this.viewer === null || !humans.includes(this.viewer))) this.viewer = humans[0] ?? 0;
  }

  private showError(message: string): void {
    this.notice = message;
    this.render();
  }

  // ------------------------------------------------------------------ export

  private log(game: Game): GameLog {
    const outcome = game.update.outcome;
    const seed = game.seed ?? outcome?.seed;
    const request = emptyReplay({
      gameId: game.info.gameId,
      numPlayers: game.numPlayers,
      options: game.options,
      rulesVersion: game.update.rulesVersion,
      actions: game.moves,
      ...(seed ? { seed } : {}),
      ...(outcome?.seedSalt.length ? { seedSalt: outcome.seedSalt } : {}),
    });
    const log: GameLog = { request, seedCommitment: game.commitment };
    if (outcome) log.finalStateDigest = outcome.finalStateDigest;
    return log;
  }

  private download(game: Game): void {
    const blob = new Blob([logToJson(this.log(game))], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = h("a", { href: url, download: `marketplay-${game.info.gameId}-step${game.update.step}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  // ------------------------------------------------------------------ render

  render(): void {
    const game = this.game;
    this.gameRoot.hidden = !game;
    if (!game) return;
    const hadFocus = this.refocus || (this.gameRoot.querySelector("#actions")?.contains(document.activeElement) ?? false);
    if (!this.busy) this.refocus = false;
    const update = game.update;
    const ui = uiFor(update.gameId);
    const spectatorView = viewOf(update, null);
    fill(
      this.gameRoot,
      h("div", { class: "status panel", id: "status", "data-step": String(update.step), "data-over": update.outcome ? "true" : "false" },
        h("div", { class: "status-main" },
          h("h2", { translate: "no" }, game.info.title),
          h("span", { class: "chip strong" }, t("step", { step: Number(update.step) })),
          spectatorView && ui ? h("span", { class: "chip" }, ui.summary(spectatorView)) : null),
        h("p", { class: "status-deciding", "aria-live": "polite" },
          update.outcome ? said(update.outcome.summary).text : t("deciding", { seats: decidingText(update) }))),
      this.notice ? h("p", { class: "notice", role: "alert" }, this.notice) : null,
      h("div", { class: "viewer-bar" },
        viewerTabs(update, this.viewer, (viewer) => { this.viewer = viewer; this.render(); }, t("whose-view")),
        h("label", { class: "follow" },
          h("input", { type: "checkbox", checked: this.follow, onchange: (e: Event) => { this.follow = (e.target as HTMLInputElement).checked; this.followDecider(); this.render(); } }),
          " ", t("follow-deciding"))),
      h("div", { class: "layout" },
        h("div", { class: "main-col" },
          outcomeBanner(update.outcome, h("div", { class: "buttons" },
            h("button", { type: "button", onclick: () => this.hooks.openReplay(this.log(game)), id: "outcome-replay" }, t("replay-this-game")))),
          boardFor(update, this.viewer)),
        h("aside", { class: "side-col" },
          this.actionsPanel(game),
          clockPanel(update, game.receivedAt, this.busy, () => this.claimTimeout(game)),
          undoPanel(update, this.busy, (seat) => this.takeBack(game, seat)),
          this.botPanel(),
          eventLog(game.events, this.viewer),
          this.controls(game),
          redactionPanel(update, this.viewer),
          viewJson(update, this.viewer),
          this.apiSlot)),
    );
    this.wireGrid(game);
    if (hadFocus) {
      const target = this.gameRoot.querySelector<HTMLElement>("#actions button.action:not([disabled]), #actions button.pick:not([disabled])")
        ?? this.gameRoot.querySelector<HTMLElement>("#actions-title");
      target?.focus();
    }
  }

  /** The table's settings: who plays each seat, the bots' pace, the game's log, a new game. */
  private controls(game: Game): HTMLElement {
    const panel = h("details", { class: "panel controls", id: "table-controls", open: this.controlsOpen,
      ontoggle: (e: Event) => { this.controlsOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", null, h("h3", null, t("table-controls"))));
    panel.append(
      h("div", { class: "seat-controls", role: "group", "aria-label": t("setup-seats") },
        ...game.controllers.map((controller, seat) =>
          h("label", { class: "inline-field" }, seatName(seat), " ",
            controllerSelect(`seat-controller-${seat}`, controller, (value) => {
              game.controllers[seat] = value;
              if (value !== "human" && !this.running) this.running = true;
              this.followDecider();
              this.render();
              this.scheduleBots();
            })))),
      h("div", { class: "bot-controls" },
        h("label", { class: "inline-field", for: "bot-pace" }, t("bot-pace"), " ",
          h("input", { id: "bot-pace", type: "range", min: 0, max: 2000, step: 100, value: this.pace,
            "aria-valuetext": t("bot-pace-value", { ms: this.pace }),
            oninput: (e: Event) => {
              this.pace = Number((e.target as HTMLInputElement).value);
              const out = document.getElementById("bot-pace-value");
              if (out) out.textContent = t("bot-pace-value", { ms: this.pace });
            },
            onchange: () => this.scheduleBots() }),
          h("output", { id: "bot-pace-value" }, t("bot-pace-value", { ms: this.pace }))),
        h("button", { type: "button", id: "bots-toggle", "aria-pressed": this.running ? "false" : "true",
          onclick: () => { this.running = !this.running; this.notice = ""; this.render(); this.scheduleBots(); } },
          this.running ? t("bots-pause") : t("bots-run"))),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "export-log", onclick: () => this.download(game) }, t("export-log")),
        h("button", { type: "button", id: "open-replay", onclick: () => this.hooks.openReplay(this.log(game)) }, t("open-replay")),
        h("button", { type: "button", id: "new-game", onclick: () => { this.setup.open = true; this.setup.scrollIntoView(); byId("setup-game").focus(); } }, t("new-game"))),
    );
    return panel;
  }

  /** What a choice by this person needs: the picker's place, and playing or lighting a move. */
  private choiceArgs(game: Game, seat: number, actions: readonly GameAction[]): ChoiceArgs | undefined {
    const update = game.update;
    const view = viewOf(update, seat);
    if (!view) return undefined;
    const picking = this.picking;
    const path = picking && picking.step === update.step && picking.seat === seat ? picking.path : [];
    return {
      actions, view, ui: uiFor(update.gameId), path, busy: this.busy,
      pick: (next) => { this.picking = { step: update.step, seat, path: next }; this.refocus = true; this.render(); },
      choose: (action) => { this.picking = undefined; this.humanMove(seat, action, update.step); },
      light: (squares, on) => {
        for (const name of squares) {
          this.gameRoot.querySelector(`table.shopfront[data-seat="${seat}"] [data-sq="${name}"]`)?.classList.toggle("hl", on);
        }
      },
    };
  }

  /** The deciding person's own grid, clickable for its placements. */
  private wireGrid(game: Game): void {
    const viewer = this.viewer;
    if (viewer === null || game.update.outcome || (game.controllers[viewer] ?? "human") !== "human") return;
    const decision = game.update.decisions.find((d) => d.seat === viewer);
    const args = decision && this.choiceArgs(game, viewer, decision.legalActions);
    if (args) wireGrid(this.gameRoot, args);
  }

  private actionsPanel(game: Game): HTMLElement {
    const update = game.update;
    const viewer = this.viewer;
    const panel = h("section", { class: "panel actions", id: "actions", "aria-labelledby": "actions-title" },
      h("h3", { id: "actions-title", tabindex: "-1" }, viewer === null ? t("actions") : t("actions-of", { seat: seatName(viewer) })));
    const goTo = (seat: number) => h("button", { type: "button", class: "link-button", onclick: () => { this.viewer = seat; this.render(); } }, t("show-seat", { seat: seatName(seat) }));
    // What each deciding seat is asked (Decision.prompt: public, every view has it).
    const prompts = () => h("ul", { class: "prompts" }, ...update.decisions.map((d) => {
      const prompt = said(d.prompt);
      return h("li", null, h("strong", null, seatName(d.seat), ": "), h("span", { class: "prompt", ...prompt.attrs }, prompt.text));
    }));
    if (update.outcome) {
      const summary = said(update.outcome.summary);
      panel.append(h("p", { class: "prompt", ...summary.attrs }, summary.text));
      return panel;
    }
    if (viewer === null) {
      panel.append(h("p", null, t("spectator-never-acts")), prompts(),
        h("div", { class: "buttons" }, ...update.decisions.map((d) => goTo(d.seat))));
      return panel;
    }
    const decision = update.decisions.find((d) => d.seat === viewer);
    if (!decision) {
      panel.append(h("p", null, t("seat-does-not-decide", { seat: seatName(viewer) })), prompts(),
        h("div", { class: "buttons" }, ...update.decisions.map((d) => goTo(d.seat))));
      return panel;
    }
    const prompt = said(decision.prompt);
    panel.append(h("p", { class: "prompt", id: "prompt", ...prompt.attrs }, prompt.text));
    const controller = game.controllers[viewer] ?? "human";
    if (controller !== "human") {
      panel.append(h("p", null, t(this.running ? "played-by-bot" : "played-by-bot-paused",
        { seat: seatName(viewer), bot: controllerName(controller), count: decision.legalActions.length })));
      return panel;
    }
    const args = this.choiceArgs(game, viewer, decision.legalActions);
    if (args) {
      const grid = decision.legalActions.some((a) => args.ui?.placement?.(a, args.view));
      panel.append(
        h("p", { class: "small" }, t("legal-actions", { count: decision.legalActions.length }), grid ? ` ${t("grid-hint")}` : ""),
        ...choicePanel(args));
    }
    return panel;
  }
}

function field(id: string, label: string, control: HTMLElement, hint?: Child): HTMLElement {
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    control,
    hint ? h("span", { class: "hint" }, hint) : null);
}

/**
 * An option of ListGames as a form field, in the player's words: its name,
 * description and values from the server's catalog (docs/text.md, "Options");
 * the request still sends the option's name and value as ListGames gave them.
 */
function optionField(gameId: string, option: OptionInfo): HTMLElement {
  const id = `option-${option.name}`;
  const named = optionWords(gameId, option);
  let control: HTMLElement;
  switch (option.type) {
    case OptionType.BOOL:
      control = h("input", { id, name: id, type: "checkbox", checked: option.defaultValue === "true" });
      break;
    case OptionType.INT:
      control = h("input", { id, name: id, type: "number", min: String(option.minValue), max: String(option.maxValue), value: option.defaultValue, required: true });
      break;
    default:
      control = h("select", { id, name: id }, ...option.allowedValues.map((value) =>
        h("option", { value, selected: value === option.defaultValue }, named.value(value))));
  }
  const hint = option.trustedOnly ? `${named.description} ${t("option-trusted-only")}` : named.description;
  return field(id, named.name, control, hint);
}

/** An option's words from the server's catalog, by the ids docs/text.md ("Options") gives them. */
function optionWords(gameId: string, option: OptionInfo): { name: string; description: string; value(value: string): string } {
  const base = `${option.table ? "table" : gameId}-option-${option.name.replaceAll("_", "-")}`;
  return {
    name: words.term(base),
    description: words.term(`${base}-description`),
    value: (value) => words.term(`${base}-value-${value}`),
  };
}

function controllerSelect(id: string, current: Controller, onChange: (value: Controller) => void): HTMLSelectElement {
  const select = h("select", { id, class: "controller" },
    ...CONTROLLERS.map((c) => h("option", { value: String(c), selected: c === current }, controllerName(c))));
  select.addEventListener("change", () => {
    const value = select.value === "human" ? "human" : (Number(select.value) as Controller);
    onChange(value);
  });
  return select;
}
