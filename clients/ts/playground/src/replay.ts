/**
 * The Replay page: load an action log and seed (pasted, from a file, or from
 * the game just played), step through it with every view at each step (one
 * Replay call per step, on a growing prefix of the actions), and check the
 * game's fairness: its seed commitment against the revealed seed and salt,
 * and the replayed final state digest against the game's.
 */
import type { GameUpdate, MarketplayClient } from "../../src/index.js";
import { describeError } from "./api.js";
import { hex, none, seatName, seatTag, type Viewer } from "./components.js";
import { byId, fill, h } from "./dom.js";
import { commitmentOf, sameBytes } from "./fairness.js";
import { type GameLog, logToJson, parseLog } from "./gamelog.js";
import { boardFor, decidingText, eventLog, labelOf, outcomeBanner, redactionPanel, said, viewerTabs, viewJson } from "./scene.js";
import { t, words } from "./words.js";

interface Fairness {
  /** What the game showed (the log's seedCommitment), if the log has it. */
  recorded?: Uint8Array;
  /** SHA-256(salt || seed) computed here; null without WebCrypto. */
  computed: Uint8Array | null;
  salted: boolean;
}

export class ReplayPage {
  private log: GameLog | undefined;
  private step = 0;
  private readonly updates = new Map<number, GameUpdate>();
  private viewer: Viewer = 0;
  private fairness: Fairness | undefined;
  private error = "";
  private request = 0;
  /** Game id -> title, from ListGames. */
  titles: Record<string, string> = {};

  private readonly input = byId<HTMLTextAreaElement>("replay-json");
  private readonly body = byId("replay-body");
  /** The API panel: moved into the side column on each render, so it keeps its state. */
  private readonly apiSlot = byId("replay-api-slot");

  constructor(private readonly client: MarketplayClient) {
    byId("replay-load").addEventListener("click", () => void this.loadText(this.input.value));
    byId<HTMLInputElement>("replay-file").addEventListener("change", (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (file) void file.text().then((text) => { this.input.value = text; return this.loadText(text); });
    });
  }

  /** A log from the Play page: shown in the text box and loaded. */
  async open(log: GameLog): Promise<void> {
    this.input.value = logToJson(log);
    await this.load(log);
  }

  private async loadText(text: string): Promise<void> {
    let log: GameLog;
    try {
      log = parseLog(text);
    } catch (err) {
      this.log = undefined;
      this.error = t("replay-not-a-log", { error: (err as Error).message });
      this.render();
      return;
    }
    await this.load(log);
  }

  private async load(log: GameLog): Promise<void> {
    this.log = log;
    this.updates.clear();
    this.error = "";
    this.viewer = 0;
    const { seed, seedSalt } = log.request;
    this.fairness = {
      computed: seed.length ? await commitmentOf(seed, seedSalt) : null,
      salted: seedSalt.length > 0,
      ...(log.seedCommitment ? { recorded: log.seedCommitment } : {}),
    };
    await this.goTo(0);
  }

  /** The shown step again in the page's language, after the language switch. */
  async relocalize(): Promise<void> {
    this.updates.clear();
    await this.goTo(this.step);
  }

  private async goTo(step: number): Promise<void> {
    const log = this.log;
    if (!log) return;
    this.step = Math.max(0, Math.min(step, log.request.actions.length));
    if (!this.updates.has(this.step)) {
      const ticket = ++this.request;
      const wanted = this.step;
      try {
        const r = log.request;
        const response = await this.client.replay({
          gameId: r.gameId, numPlayers: r.numPlayers, options: r.options, rulesVersion: r.rulesVersion,
          seed: r.seed, seedSalt: r.seedSalt, actions: r.actions.slice(0, wanted),
          views: { allSeats: true, spectator: true, ...words.views(r.numPlayers) },
        });
        if (ticket !== this.request) return;
        if (response.update) {
          words.receive(response.update.events, response.update.locale);
          this.updates.set(wanted, response.update);
        }
        this.error = "";
      } catch (err) {
        if (ticket !== this.request) return;
        this.error = t("replay-refused", { step: wanted, error: describeError(err) });
      }
    }
    this.render();
  }

  /** `first`: the update at step 0 (its views show the commitment); `current`: the one shown. */
  private fairnessPanel(first: GameUpdate | undefined, current: GameUpdate | undefined): HTMLElement {
    const log = this.log;
    const f = this.fairness;
    const panel = h("section", { class: "panel fairness", "aria-labelledby": "fairness-title" }, h("h3", { id: "fairness-title" }, t("fairness-title")));
    if (!log || !f) return panel;
    const shown = (first ?? current)?.views[0]?.seedCommitment;
    const committed = f.recorded ?? shown;
    const formula = f.salted ? "SHA-256(salt ‖ seed)" : "SHA-256(seed)";
    let verdict: string;
    let state: string;
    if (!log.request.seed.length) {
      state = "no-seed";
      verdict = t("fairness-no-seed");
    } else if (f.computed === null) {
      state = "unavailable";
      verdict = t("fairness-no-webcrypto");
    } else if (!committed) {
      state = "pending";
      verdict = t("fairness-pending");
    } else if (sameBytes(f.computed, committed)) {
      state = "match";
      verdict = t("fairness-match");
    } else {
      state = "mismatch";
      verdict = f.salted ? t("fairness-mismatch") : t("fairness-mismatch-unsalted");
    }
    const finalDigest = log.finalStateDigest;
    const atEnd = this.step === log.request.actions.length;
    let digest: HTMLElement | null = null;
    if (finalDigest?.length) {
      const replayed = atEnd ? current?.outcome?.finalStateDigest : undefined;
      const same = replayed ? sameBytes(replayed, finalDigest) : undefined;
      digest = h("div", { class: "fact", "data-digest": same === undefined ? "pending" : same ? "same" : "differs" },
        h("span", { class: "fact-name" }, t("digest-name")),
        h("span", null, same === undefined ? t("digest-pending") : same ? t("digest-same") : t("digest-differs")));
    }
    panel.append(
      h("div", { class: `verdict ${state}`, "data-fairness": state }, verdict),
      h("div", { class: "facts" },
        h("div", { class: "fact" }, h("span", { class: "fact-name" }, f.recorded ? t("commitment-from-log") : t("commitment-in-views-only")),
          committed ? h("code", { class: "hash", translate: "no" }, hex(committed)) : none()),
        h("div", { class: "fact" }, h("span", { class: "fact-name" }, t("commitment-computed", { formula })),
          f.computed ? h("code", { class: "hash", translate: "no" }, hex(f.computed)) : none()),
        f.recorded && shown ? h("div", { class: "fact" }, h("span", { class: "fact-name" }, t("commitment-in-views")),
          h("span", null, h("code", { class: "hash", translate: "no" }, hex(shown)), " ", sameBytes(shown, f.recorded) ? t("same") : t("differs"))) : null,
        h("div", { class: "fact" }, h("span", { class: "fact-name" }, t("revealed-seed")), log.request.seed.length ? h("code", { class: "hash", translate: "no" }, hex(log.request.seed)) : none()),
        h("div", { class: "fact" }, h("span", { class: "fact-name" }, t("revealed-salt")), f.salted ? h("code", { class: "hash", translate: "no" }, hex(log.request.seedSalt)) : t("no-salt-yet")),
        digest),
    );
    return panel;
  }

  private stepper(update: GameUpdate | undefined): HTMLElement {
    const log = this.log;
    const total = log?.request.actions.length ?? 0;
    const next = log?.request.actions[this.step];
    let nextText = t("replay-end-of-log");
    if (next && update) {
      // A log's action carries no label: it is one of the seat's legal actions here, which do.
      nextText = t("replay-next-action", { seat: seatName(next.seat), action: said(labelOf(update, next.seat, next.action)).text || t("unknown") });
    }
    const go = (step: number) => () => void this.goTo(step);
    return h("section", { class: "panel stepper", "aria-label": t("replay-stepper") },
      h("div", { class: "stepper-row" },
        h("button", { type: "button", id: "replay-start", onclick: go(0), disabled: this.step === 0 }, t("replay-start")),
        h("button", { type: "button", id: "replay-back", onclick: go(this.step - 1), disabled: this.step === 0 }, t("replay-back")),
        h("button", { type: "button", id: "replay-next", class: "primary", onclick: go(this.step + 1), disabled: this.step >= total }, t("replay-next")),
        h("button", { type: "button", id: "replay-end", onclick: go(total), disabled: this.step >= total }, t("replay-end")),
        h("label", { class: "inline-field grow", for: "replay-step" }, t("replay-step"),
          h("input", { id: "replay-step", type: "range", min: 0, max: total, value: this.step,
            onchange: (e: Event) => void this.goTo(Number((e.target as HTMLInputElement).value)) })),
        h("output", { id: "replay-position", "data-step": String(this.step), "aria-live": "polite" }, t("replay-position", { step: this.step, total }))),
      h("p", { class: "next-action" }, nextText),
    );
  }

  render(): void {
    const log = this.log;
    const update = this.updates.get(this.step);
    if (!log) {
      fill(this.body, this.error ? h("p", { class: "notice", role: "alert" }, this.error) : null, this.apiSlot);
      return;
    }
    const r = log.request;
    const options = Object.entries(r.options).map(([k, v]) => `${k}=${v}`).join(", ");
    fill(
      this.body,
      h("section", { class: "panel replay-summary" },
        h("h2", null, t("replay-title"), " ", h("span", { translate: "no" }, this.titles[r.gameId] ?? r.gameId)),
        h("p", null, t("replay-facts", { players: r.numPlayers, actions: r.actions.length }),
          options ? [" · ", h("code", { translate: "no" }, options)] : "",
          r.rulesVersion ? [" · ", t("setup-rules-version"), " ", h("code", { translate: "no" }, r.rulesVersion)] : "")),
      this.error ? h("p", { class: "notice", role: "alert" }, this.error) : null,
      this.fairnessPanel(this.updates.get(0), update),
      this.stepper(update),
      update
        ? [
            h("div", { class: "viewer-bar" }, viewerTabs(update, this.viewer, (viewer) => { this.viewer = viewer; this.render(); }, t("whose-view"))),
            h("div", { class: "layout" },
              h("div", { class: "main-col" },
                outcomeBanner(update.outcome),
                boardFor(update, this.viewer)),
              h("aside", { class: "side-col" },
                h("section", { class: "panel" }, h("h3", null, t("replay-at-step", { step: Number(update.step) })),
                  h("p", null, update.outcome ? said(update.outcome.summary).text : t("deciding", { seats: decidingText(update) })),
                  update.outcome ? h("p", null, t("winners"), " ", ...update.outcome.winners.map((s) => seatTag(s))) : null),
                eventLog(update.events, this.viewer, this.step ? t("replay-events-of", { step: this.step }) : t("replay-events-set-up")),
                redactionPanel(update, this.viewer),
                viewJson(update, this.viewer),
                this.apiSlot)),
          ]
        : this.apiSlot,
    );
  }
}
