/**
 * What Play and Replay both show for one GameUpdate and one viewer: the seat
 * switcher, the board from that seat's view, what the view holds and hides,
 * the event log as that seat receives it, the view's JSON and the outcome.
 */
import { equals, toJson, toJsonString } from "@bufbuild/protobuf";

import { type GameAction, GameActionSchema, type GameEvent, type GameUpdate, type GameView, GameViewSchema, type Message, MessageSchema, type Outcome } from "../../src/index.js";
import { backs, hex, none, seatName, seatTag, table, type Viewer, viewerName } from "./components.js";
import { type Child, h } from "./dom.js";
import { uiFor } from "./games/index.js";
import { t, words } from "./words.js";

const LOG_LINES = 200;

export function viewOf(update: GameUpdate, viewer: Viewer): GameView | undefined {
  return update.views.find((v) => (viewer === null ? v.seat === undefined : v.seat === viewer));
}

/** The seats deciding now, by name: "Ann, Player 3" (what each must do is its prompt). */
export function decidingText(update: GameUpdate): string {
  return update.decisions.map((d) => seatName(d.seat)).join(", ") || "–";
}

/** Whether two actions are the same move, whatever their labels say (a label is ignored in requests). */
export function sameMove(a: GameAction, b: GameAction): boolean {
  return equals(GameActionSchema, unlabelled(a), unlabelled(b));
}

/** The action as a request sends it: without its label (ignored in requests; it need not travel). */
export function unlabelled(action: GameAction): GameAction {
  return { ...action, label: undefined };
}

/** The label of `action` among `seat`'s legal actions in `update` (a bot's or a log's action carries none). */
export function labelOf(update: GameUpdate, seat: number, action: GameAction | undefined): Message | undefined {
  if (!action) return undefined;
  return update.decisions.find((d) => d.seat === seat)?.legalActions.find((legal) => sameMove(legal, action))?.label;
}

/**
 * A Message's text, with the attributes of the element that shows it: its
 * language (the page's own words stay English) and the Message's id and
 * arguments as JSON, for tools and tests to read.
 */
export function said(message: Message | undefined): { text: string; attrs: Record<string, string> } {
  if (!message?.id) return { text: "", attrs: {} };
  const { text: _text, ...rest } = toJson(MessageSchema, message) as { text?: string };
  return { text: words.text(message), attrs: { lang: words.locale, "data-message": JSON.stringify(rest) } };
}

/** The seat switcher: one tab per seat and the spectator; `onPick` gets the new viewer. */
export function viewerTabs(update: GameUpdate, viewer: Viewer, onPick: (viewer: Viewer) => void, label: string): HTMLElement {
  const deciding = new Set(update.decisions.map((d) => d.seat));
  const choices: Viewer[] = [...Array.from({ length: update.numPlayers }, (_, seat) => seat), null];
  return h(
    "div",
    { class: "viewer-tabs", role: "tablist", "aria-label": label },
    ...choices.map((choice) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          class: `viewer-tab${choice === null ? " spectator" : ""}`,
          "aria-selected": choice === viewer ? "true" : "false",
          "data-viewer": choice === null ? "spectator" : String(choice),
          onclick: () => onPick(choice),
        },
        choice === null ? t("spectator") : seatTag(choice),
        choice !== null && deciding.has(choice) && !update.outcome ? h("span", { class: "badge" }, t("deciding-badge")) : null,
      ),
    ),
  );
}

export function boardFor(update: GameUpdate, viewer: Viewer): HTMLElement {
  const view = viewOf(update, viewer);
  const ui = uiFor(update.gameId);
  if (!view || !ui) return h("p", { class: "muted" }, t("no-view", { viewer: viewerName(viewer) }));
  return ui.board(view, viewer);
}

/**
 * What this viewer sees that no one else does, and what it cannot see: the
 * redaction made visible. What only this seat sees is named, not drawn again
 * (the board shows it); what it cannot see is drawn as card backs with counts.
 */
export function redactionPanel(update: GameUpdate, viewer: Viewer): HTMLElement {
  const view = viewOf(update, viewer);
  const ui = uiFor(update.gameId);
  const title = h("summary", null, h("h3", { id: "redaction-title" },
    viewer === null ? t("redaction-title-spectator") : t("redaction-title", { seat: seatName(viewer) })));
  const panel = h("details", { class: "panel redaction", "aria-labelledby": "redaction-title", open: redactionOpen,
    ontoggle: (e: Event) => { redactionOpen = (e.target as HTMLDetailsElement).open; } }, title);
  if (!view || !ui) return panel;
  const r = ui.redaction(view, viewer);
  panel.append(
    h("p", { class: "small" }, viewer === null ? t("redaction-spectator") : t("redaction-seat", { seat: seatName(viewer) })),
    ...(viewer === null ? [] : [
      h("div", null, h("h4", null, t("only-this-seat-sees")),
          r.onlyYou.length
            ? h("ul", { class: "redaction-list" }, ...r.onlyYou.map((item) => h("li", null, h("span", { class: "what" }, item.what), item.detail ? h("span", { class: "small" }, item.detail) : null)))
            : h("p", { class: "muted" }, t("nothing-private")))]),
    h("h4", null, t("hidden-from-this-view")),
    h("ul", { class: "redaction-list" }, ...r.hidden.map((item) =>
      h("li", null, h("span", { class: "what" }, item.what), item.count !== undefined ? backs(item.count, item.kind ?? "card") : null))),
  );
  return panel;
}

let redactionOpen = true;

/** The events as this viewer receives them: public ones, and private ones addressed to it. */
export function eventLog(events: readonly GameEvent[], viewer: Viewer, title = t("event-log")): HTMLElement {
  const seen = events.filter((e) => e.audience.length === 0 || (viewer !== null && e.audience.includes(viewer)));
  const hiddenCount = events.length - seen.length;
  const older = Math.max(0, seen.length - LOG_LINES);
  const lines = seen.slice(older).reverse().map((e) => {
    const line = said(e.message);
    return h("li", { class: e.audience.length ? "private" : "" },
      h("span", { class: "step", "aria-label": t("log-step", { step: Number(e.step) }) }, `#${e.step}`),
      h("span", { class: "line", ...line.attrs }, line.text),
      e.audience.length ? h("span", { class: "badge private-badge", title: t("private-event-hint") },
        t("private-event", { seats: e.audience.map(seatName).join(", ") })) : null);
  });
  return h(
    "section",
    { class: "panel log", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, title),
    h("p", { class: "small" },
      t("log-as-received", { viewer: viewerName(viewer) }),
      hiddenCount ? ` ${t("log-private-left-out", { count: hiddenCount })}` : ""),
    lines.length ? h("ol", { class: "log-lines" }, ...lines) : h("p", { class: "muted" }, t("no-events")),
    older ? h("p", { class: "small" }, t("log-older", { count: older })) : null,
  );
}

let viewJsonOpen = false;

/** The view's JSON, written only while the details are open (it is large and changes every step). */
export function viewJson(update: GameUpdate, viewer: Viewer): HTMLElement | null {
  const view = viewOf(update, viewer);
  if (!view) return null;
  const pre = h("pre", { class: "code" });
  const write = () => { pre.textContent = toJsonString(GameViewSchema, view, { prettySpaces: 2 }); };
  if (viewJsonOpen) write();
  return h("details", {
    class: "panel json",
    open: viewJsonOpen,
    ontoggle: (e: Event) => {
      viewJsonOpen = (e.target as HTMLDetailsElement).open;
      if (viewJsonOpen && !pre.textContent) write();
    },
  }, h("summary", null, t("view-json", { viewer: viewerName(viewer) })), pre);
}

/** The outcome: who won and why as the server says it (Outcome.summary), the results, the seed. */
export function outcomeBanner(outcome: Outcome | undefined, extra?: Child): HTMLElement | null {
  if (!outcome) return null;
  const summary = said(outcome.summary);
  return h(
    "section",
    { class: "panel outcome", "aria-labelledby": "outcome-title" },
    h("h3", { id: "outcome-title", ...summary.attrs }, summary.text),
    table([t("col-seat"), t("col-rank"), t("col-score"), t("col-tie-break")],
      outcome.results.map((r) => [seatTag(r.seat), String(r.rank), h("strong", null, String(r.score)), r.tieBreakValues.join(", ") || none()])),
    h("p", { class: "small" }, t("seed-revealed"), " ", h("code", { class: "hash", translate: "no" }, hex(outcome.seed)),
      outcome.seedSalt.length ? [" · ", t("salt"), " ", h("code", { class: "hash", translate: "no" }, hex(outcome.seedSalt))] : ` ${t("no-salt")}`),
    extra ?? null,
  );
}
