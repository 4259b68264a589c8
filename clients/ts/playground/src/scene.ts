/**
 * What Play and Replay both show for one GameUpdate and one viewer: the seat
 * switcher, the board from that seat's view, what the view holds and hides,
 * the event log as that seat receives it, the view's JSON and the outcome.
 */
import { toJsonString } from "@bufbuild/protobuf";

import { type GameEvent, type GameUpdate, type GameView, GameViewSchema, type Outcome } from "../../src/index.js";
import { backs, hex, plural, seatName, seatTag, table, type Viewer, viewerName } from "./components.js";
import { tableEventText } from "./table.js";
import { type Child, fill, h } from "./dom.js";
import { uiFor } from "./games/index.js";

const LOG_LINES = 200;

export function viewOf(update: GameUpdate, viewer: Viewer): GameView | undefined {
  return update.views.find((v) => (viewer === null ? v.seat === undefined : v.seat === viewer));
}

/** The seats deciding now, "Seat 1 (turn), Seat 2 (respond-rot)". */
export function decidingText(update: GameUpdate): string {
  if (update.outcome) return "the game is over";
  return update.decisions.map((d) => `${seatName(d.seat)} (${d.kind})`).join(", ") || "nobody";
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
        choice === null ? "Spectator" : seatTag(choice),
        choice !== null && deciding.has(choice) && !update.outcome ? h("span", { class: "badge" }, "deciding") : null,
      ),
    ),
  );
}

export function boardFor(update: GameUpdate, viewer: Viewer): HTMLElement {
  const view = viewOf(update, viewer);
  const ui = uiFor(update.gameId);
  if (!view || !ui) return h("p", { class: "muted" }, `No ${viewerName(viewer)} view in this update.`);
  return ui.board(view, viewer);
}

/** What this viewer sees that no one else does, and what it cannot see: the redaction made visible. */
export function redactionPanel(update: GameUpdate, viewer: Viewer): HTMLElement {
  const view = viewOf(update, viewer);
  const ui = uiFor(update.gameId);
  const panel = h("section", { class: "panel redaction", "aria-labelledby": "redaction-title" });
  panel.append(h("h3", { id: "redaction-title" }, `What the ${viewer === null ? "spectator" : seatName(viewer)} view holds`));
  if (!view || !ui) return panel;
  const r = ui.redaction(view, viewer);
  fill(
    panel,
    panel.firstChild,
    h("p", { class: "small" },
      viewer === null
        ? "A spectator view holds only what is public: no hand, no secret choice."
        : `Only ${seatName(viewer)} receives this view (its token opens it); every other view omits the first list.`),
    viewer !== null
      ? h("div", null, h("h4", null, "Only this seat sees"),
          r.onlyYou.length
            ? h("ul", { class: "redaction-list" }, ...r.onlyYou.map((item) => h("li", null, h("span", { class: "what" }, item.what), item.shown ?? null)))
            : h("p", { class: "muted" }, "Nothing private right now."))
      : null,
    h("h4", null, "Hidden from this view"),
    h("ul", { class: "redaction-list" }, ...r.hidden.map((item) =>
      h("li", null, h("span", { class: "what" }, item.what), item.count !== undefined ? backs(item.count) : null))),
  );
  return panel;
}

/** The events as this viewer receives them: public ones, and private ones addressed to it. */
export function eventLog(events: readonly GameEvent[], gameId: string, viewer: Viewer, title = "Event log"): HTMLElement {
  const ui = uiFor(gameId);
  const seen = events.filter((e) => e.audience.length === 0 || (viewer !== null && e.audience.includes(viewer)));
  const hiddenCount = events.length - seen.length;
  const older = Math.max(0, seen.length - LOG_LINES);
  const lines = seen.slice(older).reverse().map((e) =>
    h("li", { class: e.audience.length ? "private" : "" },
      h("span", { class: "step" }, `#${e.step}`),
      h("span", { class: "line" }, tableEventText(e) ?? (ui ? ui.event(e) : "?")),
      e.audience.length ? h("span", { class: "badge private-badge", title: "A private event: only these seats receive it" }, `private: ${e.audience.map(seatName).join(", ")}`) : null));
  return h(
    "section",
    { class: "panel log", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, title),
    h("p", { class: "small" },
      `As ${viewerName(viewer)} receives it, newest first.`,
      hiddenCount ? ` ${plural(hiddenCount, "private event")} addressed to other seats ${hiddenCount === 1 ? "is" : "are"} left out.` : ""),
    lines.length ? h("ol", { class: "log-lines" }, ...lines) : h("p", { class: "muted" }, "No events yet."),
    older ? h("p", { class: "small" }, `… and ${plural(older, "older event")} (Export log keeps the whole game).`) : null,
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
  }, h("summary", null, `This view as JSON (GameView of the ${viewerName(viewer)})`), pre);
}

export function outcomeBanner(outcome: Outcome | undefined, extra?: Child): HTMLElement | null {
  if (!outcome) return null;
  const winners = outcome.winners.map(seatName).join(" and ");
  return h(
    "section",
    { class: "panel outcome", "aria-labelledby": "outcome-title" },
    h("h3", { id: "outcome-title" }, `Game over: ${winners} ${outcome.winners.length > 1 ? "share the win" : "wins"}`),
    table(["Seat", "Rank", "Score", "Tie-break values"],
      outcome.results.map((r) => [seatTag(r.seat), String(r.rank), h("strong", null, String(r.score)), r.tieBreakValues.join(", ") || "–"])),
    h("p", { class: "small" }, `Decided by: ${outcome.tieBreak || "score"}. Seed revealed: `, h("code", { class: "hash" }, hex(outcome.seed)),
      outcome.seedSalt.length ? [" · salt: ", h("code", { class: "hash" }, hex(outcome.seedSalt))] : " (no salt: a game started before salts)"),
    extra ?? null,
  );
}
