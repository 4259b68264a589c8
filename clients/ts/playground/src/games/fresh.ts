/**
 * Market Fresh as it lies on the table: the crate supply, the Market Board
 * with every Farmer Tile, and each shopfront seen from above, squares named
 * by column letter and row number (A1 at the top left), crates outlined.
 * Produce, variants and squares are named by the server's catalog; the page's
 * words by its own. A placement is chosen by clicking the grid (play.ts,
 * `placement`); its buttons stay for the keyboard and screen readers.
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
  none,
  section,
  seatColor,
  seatName,
  seatTag,
  table,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import { t, words } from "../words.js";
import { slug } from "./slug.js";
import type { Facet, GameUi, Placement, Redaction } from "./types.js";

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

/** A produce in the current language, as a label starts ("Lemons", "Zitronen"): the catalog's term. */
function produceName(id: string): string {
  const name = words.term(`market-fresh-produce-${id}`);
  const first = name.search(/\p{L}/u);
  return first < 0 ? name : name.slice(0, first) + name.charAt(first).toLocaleUpperCase(words.locale) + name.slice(first + 1);
}

/**
 * Two letters per produce of this game, from its name in the current language:
 * the first letter and the next that no other produce's pair has taken
 * ("Le", "Ca" / "Cb"); the legend says what each stands for.
 */
function abbreviations(produce: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const result = new Map<string, string>();
  for (const id of produce) {
    const letters = [...produceName(id)].filter((c) => /\p{L}/u.test(c));
    const head = letters[0] ?? "?";
    const pick = letters.slice(1).map((c) => head + c.toLocaleLowerCase(words.locale)).find((pair) => !taken.has(pair)) ?? `${head}${taken.size}`;
    taken.add(pick);
    result.set(id, pick);
  }
  return result;
}

function variantName(variant: MarketFreshVariant): string {
  return words.term(`market-fresh-variant-${slug(MarketFreshVariant[variant])}`);
}

/** What the current seat is doing, by its decision kind (the view's `step`). */
function stepName(step: string): string {
  switch (step) {
    case "take-crate": return t("mf-step-take-crate");
    case "choose-crate": return t("mf-step-choose-crate");
    case "place-crate": return t("mf-step-place-crate");
    case "score": return t("mf-step-score");
    default: return t("mf-step-other");
  }
}

export function squareName(ref: { row: number; col: number } | undefined): string {
  return ref ? `${String.fromCharCode(65 + ref.col)}${ref.row + 1}` : "?";
}

/** A square as the catalog names it ("B2"). */
function squareWord(name: string): string {
  return words.term(`market-fresh-square-${name.toLowerCase()}`);
}

/** A crate as a domino: its two halves side by side. */
function crate(c: MarketFreshCrate): HTMLElement {
  const half = (id: string) => {
    const color = produceColor(id);
    return h("span", { class: "half", style: { background: color, color: inkOn(color) } }, produceName(id));
  };
  return h("span", { class: "crate", role: "img", "aria-label": t("mf-crate-of", { first: produceName(c.first), second: produceName(c.second) }) },
    half(c.first), half(c.second));
}

function freshView(view: GameView): MarketFreshView | undefined {
  return view.game.case === "marketFresh" ? view.game.value : undefined;
}

function shopfront(seat: MarketFreshSeat, size: number, short: Map<string, string>): HTMLElement {
  const squares = seat.shopfront?.squares ?? [];
  const at = (row: number, col: number) => squares[row * size + col];
  const header = h("tr", null, h("td", { class: "corner" }),
    ...Array.from({ length: size }, (_, col) => h("th", { scope: "col", translate: "no" }, String.fromCharCode(65 + col))));
  const rows = Array.from({ length: size }, (_, row) =>
    h("tr", null, h("th", { scope: "row", translate: "no" }, String(row + 1)),
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
        const label = !sq.top
          ? t("mf-square-blank", { square: squareWord(name) })
          : onCrate
            ? t("mf-square-crate", { square: squareWord(name), produce: produceName(sq.top), height: sq.height })
            : t("mf-square-picture", { square: squareWord(name), produce: produceName(sq.top) });
        return h(
          "td",
          {
            class: `sq${onCrate ? ` crate-sq${edges}` : ""}${picture ? " picture" : ""}${sq.top ? "" : " blank"}`,
            "data-sq": name,
            title: label,
            "aria-label": label,
            style: onCrate ? { background: color, color: inkOn(color) } : picture ? { borderColor: color, color: "#333" } : {},
          },
          sq.top ? h("span", { class: "sq-name", "aria-hidden": "true" }, short.get(sq.top) ?? "?") : null,
          onCrate ? h("span", { class: "height", "aria-hidden": "true" }, String(sq.height)) : null,
        );
      })));
  return h("table", { class: "shopfront", "data-seat": String(seat.seat) },
    h("caption", { class: "visually-hidden" }, t("mf-shopfront-of", { seat: seatName(seat.seat) })),
    h("thead", null, header), h("tbody", null, ...rows));
}

function marketBoard(v: MarketFreshView, short: Map<string, string>): HTMLElement {
  const columns = v.marketBoard.length ? v.marketBoard : v.produce.map((produce) => ({ produce, tiles: [] }));
  return h(
    "div",
    { class: "board-wrap" },
    h(
      "table",
      { class: "market-board" },
      h("caption", null, t("mf-market-board-caption")),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("mf-row")),
        ...columns.map((c) => h("th", { scope: "col", title: produceName(c.produce), "aria-label": produceName(c.produce) },
          h("span", { class: "swatch", style: { background: produceColor(c.produce) } }), short.get(c.produce) ?? "?")))),
      h("tbody", null, ...[7, 6, 5, 4, 3, 2, 1].map((row) =>
        h("tr", null, h("th", { scope: "row" }, String(row)),
          ...columns.map((c) => {
            const tiles = c.tiles.filter((tile) => tile.row === row);
            return h("td", null, ...tiles.map((tile) =>
              h("span", { class: "farmer", style: { background: seatColor(tile.seat) }, title: t("mf-farmer-tile", { seat: seatName(tile.seat), produce: produceName(c.produce), row }) },
                String(tile.seat + 1))));
          })))),
    ),
  );
}

/** What the two-letter names on the squares stand for. */
function legend(produce: readonly string[], short: Map<string, string>): HTMLElement {
  return h("ul", { class: "legend", "aria-label": t("mf-produce") }, ...produce.map((id) =>
    h("li", null, h("span", { class: "legend-key", style: { background: produceColor(id), color: inkOn(produceColor(id)) } }, short.get(id) ?? "?"), produceName(id))));
}

function scoreTrack(v: MarketFreshView): HTMLElement {
  const top = Math.max(10, ...v.seats.map((s) => s.score));
  return h("div", { class: "score-track" }, ...v.seats.map((s) =>
    h("div", { class: "score-row" }, seatTag(s.seat),
      h("span", { class: "meter-track" }, h("span", { class: "meter-fill", style: { width: `${(Math.max(0, s.score) / top) * 100}%`, background: seatColor(s.seat) } })),
      h("strong", null, String(s.score)))));
}

function scoringName(scoring: MarketFreshScoring): string {
  return words.term(scoring === MarketFreshScoring.HEIGHT ? "market-fresh-scoring-height" : "market-fresh-scoring-basic");
}

function thisTurn(v: MarketFreshView): HTMLElement | null {
  if (!v.pendingCrate && !v.scoreOptions.length) return null;
  return section(
    t("mf-this-turn"),
    v.pendingCrate ? h("p", null, t("mf-adding", { seat: seatName(v.currentSeat) }), " ", crate(v.pendingCrate)) : null,
    v.scoreOptions.length
      ? table([t("mf-produce"), t("mf-scoring"), t("mf-visible"), t("mf-height"), t("mf-tile-row"), t("col-points")],
          v.scoreOptions.map((o) => [produceName(o.produce), scoringName(o.scoring), String(o.visible),
            o.height ? String(o.height) : none(), o.row ? String(o.row) : none(),
            h("strong", null, o.perfectMatch ? t("mf-points-with-bonus", { points: o.points }) : String(o.points))]),
          t("mf-ways-to-score"))
      : null,
  );
}

function seatPanel(v: MarketFreshView, s: MarketFreshSeat, viewer: Viewer, short: Map<string, string>): HTMLElement {
  const unknown = s.heldCount - s.held.length;
  return h(
    "section",
    { class: `panel fresh-seat${v.currentSeat === s.seat ? " current" : ""}`, "aria-label": t("mf-seat-panel", { seat: seatName(s.seat) }) },
    h("h3", null, seatTag(s.seat, viewer), h("span", { class: "seat-points" }, t("points", { count: s.score })),
      v.currentSeat === s.seat ? h("span", { class: "badge" }, t("to-move")) : null),
    h("div", { class: "held" },
      h("span", { class: "small" }, t("mf-holds", { count: s.heldCount })),
      ...s.held.map(crate),
      unknown > 0 ? backs(unknown, "crate") : null),
    shopfront(s, v.gridSize, short),
    h("p", { class: "small" },
      t("mf-tiles-on-board", { count: s.farmerTilesOnBoard }),
      s.heightScored.length ? ` · ${t("mf-height-scored", { produce: s.heightScored.map(produceName).join(", ") })}` : ""),
  );
}

function outcomeTable(v: MarketFreshView): HTMLElement | null {
  const o = v.outcome;
  if (!o) return null;
  return section(
    t("mf-final-scoring"),
    table([t("col-seat"), t("mf-crate-points"), t("mf-column-awards"), t("mf-farmer-tiles"), t("mf-tile-points"), t("mf-unused-crates"), t("col-total")],
      o.seats.map((s) => [seatTag(s.seat), String(s.cratePoints),
        s.columnAwards.length
          ? h("ul", { class: "plain" }, ...s.columnAwards.map((a) => h("li", null, t("mf-column-award", { produce: produceName(a.produce), row: a.row, points: a.points }))))
          : none(),
        String(s.farmerTiles), String(s.farmerTilePoints),
        s.unusedCrates ? t("mf-unused", { count: s.unusedCrates, penalty: s.unusedCratePenalty }) : none(),
        h("strong", null, String(s.total))])),
  );
}

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = freshView(view);
  if (!v) return h("p", null, t("not-this-game"));
  const short = abbreviations(v.produce);
  const mine = viewer === null ? undefined : v.seats.find((s) => s.seat === viewer);
  const others = v.seats.filter((s) => s !== mine);
  return h(
    "div",
    { class: "board fresh" },
    h("div", { class: "chips" },
      chip(variantName(v.variant)),
      chip(t("mf-grid", { size: v.gridSize })),
      chip(t("mf-turns-played", { count: v.turn })),
      v.gameOver ? chip(t("phase-game-over")) : chip(t("mf-now", { seat: seatName(v.currentSeat), step: stepName(v.step) }))),
    thisTurn(v),
    // The viewer's own shopfront first: the grid a placement is clicked on.
    h("div", { class: "fresh-seats" }, ...(mine ? [mine, ...others] : others).map((s) => seatPanel(v, s, viewer, short))),
    h("div", { class: "mf-top" },
      section(t("mf-crate-supply"),
        h("div", { class: "supply" },
          h("div", null, h("div", { class: "small" }, t("mf-face-up")),
            v.faceUp.length ? h("div", { class: "crates" }, ...v.faceUp.map(crate)) : none()),
          h("div", null, h("div", { class: "small" }, t("mf-face-down")), backs(v.faceDownCount, "crate")),
          v.setAsideCount ? h("div", null, h("div", { class: "small" }, t("mf-removed-at-set-up")), backs(v.setAsideCount, "crate")) : null),
        v.removed.length ? h("div", { class: "held" }, h("span", { class: "small" }, t("mf-removed")), ...v.removed.map(crate)) : null),
      section(t("mf-score-track"), scoreTrack(v)),
      section(t("mf-market-board"), marketBoard(v, short), legend(v.produce, short))),
    outcomeTable(v),
  );
}

function redaction(view: GameView, viewer: Viewer): Redaction {
  const v = freshView(view);
  const result: Redaction = { onlyYou: [], hidden: [] };
  if (!v) return result;
  const mine = viewer === null ? undefined : v.seats.find((s) => s.seat === viewer);
  if (mine && mine.held.length) {
    result.onlyYou.push({ what: t("mf-your-crates"), detail: mine.held.map((c) => t("mf-crate-of", { first: produceName(c.first), second: produceName(c.second) })).join("; ") });
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    const unknown = s.heldCount - s.held.length;
    if (unknown > 0) result.hidden.push({ what: t("mf-face-down-of", { seat: seatName(s.seat) }), count: unknown, kind: "crate" });
  }
  result.hidden.push({ what: t("mf-supply-face-down"), count: v.faceDownCount, kind: "crate" });
  if (v.setAsideCount) result.hidden.push({ what: t("mf-removed-at-set-up"), count: v.setAsideCount, kind: "crate" });
  return result;
}

function placement(a: GameAction, view: GameView): Placement | undefined {
  const v = freshView(view);
  if (!v || a.game.case !== "marketFresh" || a.game.value.kind.case !== "place") return undefined;
  const { first, second } = a.game.value.kind.value;
  const held = v.pendingCrate;
  return { seat: v.currentSeat, first: squareName(first), second: squareName(second), either: !!held && held.first === held.second };
}

/** The crate a take, a choice or a removal names (a Solo turn chooses among 25). */
function namedCrate(a: GameAction): MarketFreshCrate | undefined {
  if (a.game.case !== "marketFresh") return undefined;
  const kind = a.game.value.kind;
  switch (kind.case) {
    case "takeFaceUp":
    case "chooseCrate":
    case "removeCrate":
      return kind.value.crate;
    default:
      return undefined;
  }
}

/**
 * A crate is listed under each of its produce (a produce, then the crate); a
 * placement under the square its first half goes on (either square for a
 * crate of one produce).
 */
function facets(a: GameAction, view: GameView): Facet[][] {
  const named = namedCrate(a);
  if (named) {
    return [[...new Set([named.first, named.second])].map((p) => ({ key: `produce-${p}`, label: produceName(p) })), []];
  }
  const placed = placement(a, view);
  if (!placed) return [];
  const squares = placed.either ? [placed.first, placed.second] : [placed.first];
  return [squares.map((sq) => ({ key: sq, label: squareWord(sq) }))];
}

function summary(view: GameView): string {
  const v = freshView(view);
  if (!v) return "";
  return `${variantName(v.variant)} · ${v.gameOver ? t("phase-game-over") : t("mf-turns-played", { count: v.turn })}`;
}

export const marketFresh: GameUi = { board, redaction, summary, facets, placement };
