/**
 * Market Fresh as it lies on the table: the crate supply, the Market Board
 * with every Farmer Tile, and each shopfront seen from above, squares named
 * by column letter and row number (A1 at the top left), crates outlined.
 */
import {
  type GameAction,
  type GameView,
  type MarketFreshCrate,
  MarketFreshScoring,
  type MarketFreshSeat,
  MarketFreshVariant,
  type MarketFreshView,
} from "../../../src/index.js";
import {
  backs,
  chip,
  inkOn,
  plural,
  section,
  seatColor,
  seatName,
  seatTag,
  table,
  titleCase,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import type { GameUi, Redaction } from "./types.js";

const PRODUCE_COLORS: Record<string, string> = {
  lemons: "#f2d335",
  pears: "#a8c545",
  carrots: "#ee7d22",
  plums: "#6d3a8e",
  onions: "#d9b98c",
  "dragon-fruits": "#e0457b",
  apples: "#b3261e",
  tomatoes: "#ff6f4e",
  grapes: "#4b3b9a",
  cabbages: "#8fd18a",
  peppers: "#1f7a3a",
};

function produceColor(id: string): string {
  const known = PRODUCE_COLORS[id];
  if (known) return known;
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `#${(hash & 0xffffff).toString(16).padStart(6, "0")}`;
}

/** Two letters for a square: "Le", "Dr", "Ca" / "Cb" where the first two collide. */
function abbrev(id: string): string {
  const special: Record<string, string> = { cabbages: "Cb", carrots: "Ca", peppers: "Pp", pears: "Pe", plums: "Pl" };
  return special[id] ?? titleCase(id).slice(0, 2);
}

const VARIANTS: Record<number, string> = {
  [MarketFreshVariant.STANDARD]: "Standard game",
  [MarketFreshVariant.CRATE_HEIGHTS]: "Crate Heights",
  [MarketFreshVariant.SOLO]: "Stackin' Solo",
};

const STEPS: Record<string, string> = {
  "take-crate": "take a crate",
  "choose-crate": "choose a crate to add",
  "place-crate": "place the crate",
  score: "score the crate",
};

export function squareName(ref: { row: number; col: number } | undefined): string {
  return ref ? `${String.fromCharCode(65 + ref.col)}${ref.row + 1}` : "?";
}

/** A crate as a domino: its two halves side by side. */
function crate(c: MarketFreshCrate): HTMLElement {
  const half = (id: string) => {
    const color = produceColor(id);
    return h("span", { class: "half", style: { background: color, color: inkOn(color) } }, titleCase(id));
  };
  return h("span", { class: "crate", role: "img", "aria-label": `crate of ${titleCase(c.first)} and ${titleCase(c.second)}` },
    half(c.first), half(c.second));
}

function freshView(view: GameView): MarketFreshView | undefined {
  return view.game.case === "marketFresh" ? view.game.value : undefined;
}

function shopfront(seat: MarketFreshSeat, size: number): HTMLElement {
  const squares = seat.shopfront?.squares ?? [];
  const at = (row: number, col: number) => squares[row * size + col];
  const header = h("tr", null, h("td", { class: "corner" }),
    ...Array.from({ length: size }, (_, col) => h("th", { scope: "col" }, String.fromCharCode(65 + col))));
  const rows = Array.from({ length: size }, (_, row) =>
    h("tr", null, h("th", { scope: "row" }, String(row + 1)),
      ...Array.from({ length: size }, (_, col) => {
        const sq = at(row, col);
        const name = squareName({ row, col });
        if (!sq) return h("td", { class: "sq" });
        const onCrate = sq.topCrateId >= 0;
        const picture = !onCrate && sq.top !== "";
        const color = sq.top ? produceColor(sq.top) : "";
        const same = (r: number, c: number) => onCrate && at(r, c)?.topCrateId === sq.topCrateId;
        const edges = [
          same(row - 1, col) ? "" : " et",
          same(row, col + 1) ? "" : " er",
          same(row + 1, col) ? "" : " eb",
          same(row, col - 1) ? "" : " el",
        ].join("");
        const label = sq.top
          ? `${name}: ${titleCase(sq.top)}${onCrate ? `, crate height ${sq.height}` : " (picture square)"}`
          : `${name}: blank`;
        return h(
          "td",
          {
            class: `sq${onCrate ? ` crate-sq${edges}` : ""}${picture ? " picture" : ""}${sq.top ? "" : " blank"}`,
            "data-sq": name,
            title: label,
            "aria-label": label,
            style: onCrate ? { background: color, color: inkOn(color) } : picture ? { borderColor: color, color: "#333" } : {},
          },
          sq.top ? h("span", { class: "sq-name", "aria-hidden": "true" }, abbrev(sq.top)) : null,
          onCrate ? h("span", { class: "height", "aria-hidden": "true" }, String(sq.height)) : null,
        );
      })));
  return h("table", { class: "shopfront", "data-seat": String(seat.seat) },
    h("caption", { class: "visually-hidden" }, `${seatName(seat.seat)}'s shopfront`),
    h("thead", null, header), h("tbody", null, ...rows));
}

function marketBoard(v: MarketFreshView): HTMLElement {
  const columns = v.marketBoard.length ? v.marketBoard : v.produce.map((produce) => ({ produce, tiles: [] }));
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "market-board" },
      h("caption", null, "Farmer Tiles by produce column and row (seat number on each tile)"),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Row"),
        ...columns.map((c) => h("th", { scope: "col", title: titleCase(c.produce) },
          h("span", { class: "swatch", style: { background: produceColor(c.produce) } }), abbrev(c.produce))))),
      h("tbody", null, ...[7, 6, 5, 4, 3, 2, 1].map((row) =>
        h("tr", null, h("th", { scope: "row" }, String(row)),
          ...columns.map((c) => {
            const tiles = c.tiles.filter((t) => t.row === row);
            return h("td", null, ...tiles.map((t) =>
              h("span", { class: "farmer", style: { background: seatColor(t.seat) }, title: `${seatName(t.seat)}: ${titleCase(c.produce)} row ${row}` }, String(t.seat))));
          })))),
    ),
  );
}

/** What the two-letter names on the squares stand for. */
function legend(produce: readonly string[]): HTMLElement {
  return h("ul", { class: "legend", "aria-label": "Produce" }, ...produce.map((id) =>
    h("li", null, h("span", { class: "legend-key", style: { background: produceColor(id), color: inkOn(produceColor(id)) } }, abbrev(id)), titleCase(id))));
}

function scoreTrack(v: MarketFreshView): HTMLElement {
  const top = Math.max(10, ...v.seats.map((s) => s.score));
  return h("div", { class: "score-track" }, ...v.seats.map((s) =>
    h("div", { class: "score-row" }, seatTag(s.seat),
      h("span", { class: "meter-track" }, h("span", { class: "meter-fill", style: { width: `${(Math.max(0, s.score) / top) * 100}%`, background: seatColor(s.seat) } })),
      h("strong", null, String(s.score)))));
}

function scoringName(scoring: MarketFreshScoring): string {
  return scoring === MarketFreshScoring.HEIGHT ? "height" : "basic";
}

function thisTurn(v: MarketFreshView): HTMLElement | null {
  if (!v.pendingCrate && !v.scoreOptions.length) return null;
  return section(
    "This turn",
    v.pendingCrate ? h("p", null, `${seatName(v.currentSeat)} is adding `, crate(v.pendingCrate)) : null,
    v.scoreOptions.length
      ? table(["Produce", "Scoring", "Visible", "Height", "Farmer Tile row", "Points"],
          v.scoreOptions.map((o) => [titleCase(o.produce), scoringName(o.scoring), String(o.visible),
            o.height ? String(o.height) : "–", o.row ? String(o.row) : "–",
            h("strong", null, String(o.points), o.perfectMatch ? " (incl. +5)" : "")]),
          "Ways to score the crate just added")
      : null,
  );
}

function seatPanel(v: MarketFreshView, s: MarketFreshSeat, viewer: Viewer): HTMLElement {
  const unknown = s.heldCount - s.held.length;
  return h(
    "section",
    { class: `panel fresh-seat${v.currentSeat === s.seat ? " current" : ""}`, "aria-label": `${seatName(s.seat)}'s shopfront and crates` },
    h("h3", null, seatTag(s.seat, viewer), ` · ${s.score} points`, v.currentSeat === s.seat ? h("span", { class: "badge" }, "to move") : null),
    h("div", { class: "held" },
      h("span", { class: "small" }, `Holds ${plural(s.heldCount, "crate")}:`),
      ...s.held.map(crate),
      unknown > 0 ? backs(unknown, "crate") : null),
    shopfront(s, v.gridSize),
    h("p", { class: "small" },
      `Farmer Tiles on the board: ${s.farmerTilesOnBoard}`,
      s.heightScored.length ? ` · height-scored: ${s.heightScored.map(titleCase).join(", ")}` : ""),
  );
}

function outcomeTable(v: MarketFreshView): HTMLElement | null {
  const o = v.outcome;
  if (!o) return null;
  return section(
    "Final scoring",
    table(["Seat", "Crate points", "Column awards", "Farmer Tiles", "Tile points", "Unused crates", "Total"],
      o.seats.map((s) => [seatTag(s.seat), String(s.cratePoints),
        s.columnAwards.map((a) => `${titleCase(a.produce)} row ${a.row}: ${a.points}`).join("; ") || "–",
        String(s.farmerTiles), String(s.farmerTilePoints),
        s.unusedCrates ? `${s.unusedCrates} (−${s.unusedCratePenalty})` : "–",
        h("strong", null, String(s.total))])),
    o.soloRating ? h("p", null, "How did you do? ", h("strong", null, o.soloRating)) : null,
  );
}

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = freshView(view);
  if (!v) return h("p", null, "Not a Market Fresh view.");
  return h(
    "div",
    { class: "board fresh" },
    h("div", { class: "chips" },
      chip(VARIANTS[v.variant] ?? "?"),
      chip(`${v.gridSize}×${v.gridSize} shopfronts`),
      chip(`${plural(v.turn, "turn")} played`),
      v.gameOver ? chip("Game over") : chip(`${seatName(v.currentSeat)}: ${STEPS[v.step] ?? v.step}`)),
    h("div", { class: "mf-top" },
      h("div", null, section("Crate supply",
        h("div", { class: "supply" },
          h("div", null, h("div", { class: "small" }, "Face up"),
            v.faceUp.length ? h("div", { class: "crates" }, ...v.faceUp.map(crate)) : h("span", { class: "muted" }, "none")),
          h("div", null, h("div", { class: "small" }, "Face down"), backs(v.faceDownCount, "crate")),
          v.setAsideCount ? h("div", null, h("div", { class: "small" }, "Removed at set-up, unseen"), backs(v.setAsideCount, "crate")) : null),
        v.removed.length ? h("div", { class: "held" }, h("span", { class: "small" }, "Removed (could not be placed):"), ...v.removed.map(crate)) : null),
      section("Score track", scoreTrack(v))),
      section("Market Board", marketBoard(v), legend(v.produce))),
    thisTurn(v),
    h("div", { class: "fresh-seats" }, ...v.seats.map((s) => seatPanel(v, s, viewer))),
    outcomeTable(v),
  );
}

function redaction(view: GameView, viewer: Viewer): Redaction {
  const v = freshView(view);
  const result: Redaction = { onlyYou: [], hidden: [] };
  if (!v) return result;
  const mine = viewer === null ? undefined : v.seats.find((s) => s.seat === viewer);
  if (mine && mine.held.length) {
    result.onlyYou.push({ what: "Your crates (others see only those taken face up)", shown: h("span", { class: "crates" }, ...mine.held.map(crate)) });
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    const unknown = s.heldCount - s.held.length;
    if (unknown > 0) result.hidden.push({ what: `${seatName(s.seat)}'s crates taken face down`, count: unknown });
  }
  result.hidden.push({ what: "Face-down crates in the supply (and their order)", count: v.faceDownCount });
  if (v.setAsideCount) result.hidden.push({ what: "Crates removed at set-up", count: v.setAsideCount });
  return result;
}

/** The two squares a placement covers, to light on the shopfront while its button has focus. */
function squares(a: GameAction): string[] {
  if (a.game.case !== "marketFresh" || a.game.value.kind.case !== "place") return [];
  const { first, second } = a.game.value.kind.value;
  return [squareName(first), squareName(second)];
}

function summary(view: GameView): string {
  const v = freshView(view);
  if (!v) return "";
  return `${VARIANTS[v.variant] ?? "?"} · ${v.gameOver ? "game over" : `${plural(v.turn, "turn")} played`}`;
}

export const marketFresh: GameUi = { board, redaction, summary, squares };
