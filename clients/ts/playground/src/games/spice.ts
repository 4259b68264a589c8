/**
 * Spice Merchant as it lies on the table: six markets around the deck (A at
 * the top, then clockwise), the price list, the viewer's hand, each merchant's
 * secret and open goods, and the score. Spices, markets and round ends are
 * named by the server's catalog; the page's words by its own.
 */
import {
  type GameAction,
  type GameView,
  SpiceMerchantMarket,
  type SpiceMerchantMarketState,
  SpiceMerchantPhase,
  type SpiceMerchantPriceRow,
  SpiceMerchantRoundEnd,
  SpiceMerchantSpice,
  type SpiceMerchantView,
} from "../../../src/index.js";
import {
  backs,
  cardFace,
  chip,
  type Fact,
  none,
  section,
  seatCard,
  seatName,
  seatTag,
  table,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import { t, words } from "../words.js";
import { slug } from "./slug.js";
import type { Facet, GameUi, Redaction } from "./types.js";

const SPICE_COLORS: Record<number, string> = {
  [SpiceMerchantSpice.BLACK_PEPPER]: "#37474f",
  [SpiceMerchantSpice.GINGER]: "#d4a72c",
  [SpiceMerchantSpice.CINNAMON]: "#a4462c",
  [SpiceMerchantSpice.CLOVE]: "#5d4037",
  [SpiceMerchantSpice.NUTMEG_AND_MACE]: "#e2812a",
  [SpiceMerchantSpice.SAFFRON]: "#c2185b",
};

/** A spice in the current language ("Saffron", "Safran"): the catalog's term. */
export function spiceName(spice: SpiceMerchantSpice): string {
  return words.term(`spice-merchant-spice-${slug(SpiceMerchantSpice[spice])}`);
}

function spiceColor(spice: SpiceMerchantSpice): string {
  return SPICE_COLORS[spice] ?? "#888";
}

function spiceCard(spice: SpiceMerchantSpice, sub?: string): HTMLElement {
  return cardFace(spiceName(spice), spiceColor(spice), sub);
}

function spiceCards(spices: readonly SpiceMerchantSpice[], sub?: string): HTMLElement {
  return h("span", { class: "cards" }, ...spices.map((spice) => spiceCard(spice, sub)));
}

/** A market's letter in the current language (the catalog's "A".."F"). */
function marketLetter(market: SpiceMerchantMarket): string {
  return words.term(`spice-merchant-market-${slug(SpiceMerchantMarket[market])}`);
}

function phaseName(phase: SpiceMerchantPhase): string {
  switch (phase) {
    case SpiceMerchantPhase.REGISTRATION: return t("sm-phase-registration");
    case SpiceMerchantPhase.TRADING: return t("sm-phase-trading");
    case SpiceMerchantPhase.GAME_OVER: return t("phase-game-over");
    default: return t("unknown");
  }
}

function spiceView(view: GameView): SpiceMerchantView | undefined {
  return view.game.case === "spiceMerchant" ? view.game.value : undefined;
}

function price(rows: readonly SpiceMerchantPriceRow[], spice: SpiceMerchantSpice, count: number): number | undefined {
  return rows.find((row) => row.spice === spice)?.points[count - 1];
}

function marketTile(market: SpiceMerchantMarketState, rows: readonly SpiceMerchantPriceRow[]): HTMLElement {
  const letter = marketLetter(market.market);
  const css = SpiceMerchantMarket[market.market]?.toLowerCase() ?? "x";
  const empty = market.count === 0 || market.spice === SpiceMerchantSpice.UNSPECIFIED;
  const worth = empty ? 0 : price(rows, market.spice, market.count) ?? 0;
  const label = empty
    ? t("sm-market-empty-label", { market: letter })
    : t("sm-market-label", { market: letter, count: market.count, spice: spiceName(market.spice), points: worth });
  return h(
    "div",
    { class: `market m-${css}${empty ? " empty" : ""}${market.count === 4 ? " full" : ""}`, role: "group", "aria-label": label, "data-market": css },
    h("span", { class: "market-letter", "aria-hidden": "true" }, letter),
    empty
      ? h("span", { class: "market-empty", "aria-hidden": "true" }, t("sm-market-empty"))
      : h(
          "span",
          { class: "market-body", "aria-hidden": "true" },
          h("span", { class: "pips" },
            ...Array.from({ length: 4 }, (_, i) =>
              h("span", { class: `pip${i < market.count ? " on" : ""}`, style: i < market.count ? { background: spiceColor(market.spice) } : {} }))),
          h("span", { class: "market-spice" }, `${market.count} × ${spiceName(market.spice)}`),
          h("span", { class: "market-worth" }, t("sm-worth", { points: worth })),
        ),
  );
}

/** The markets now; once the game is over, as the last round was scored (they are cleared after). */
function shownMarkets(v: SpiceMerchantView): SpiceMerchantMarketState[] {
  return v.phase === SpiceMerchantPhase.GAME_OVER && v.lastRound ? v.lastRound.markets : v.markets;
}

function marketsBoard(v: SpiceMerchantView): HTMLElement {
  const scored = shownMarkets(v) !== v.markets;
  return h(
    "div",
    { class: "sm-markets", role: "group", "aria-label": scored ? t("sm-markets-scored") : t("sm-markets") },
    ...shownMarkets(v).map((m) => marketTile(m, v.priceList)),
    h("div", { class: "sm-deck" }, backs(v.deckSize), h("span", { class: "small" }, t("sm-deck"))),
  );
}

function priceList(v: SpiceMerchantView): HTMLElement {
  const lit = new Set(shownMarkets(v).filter((m) => m.count > 0).map((m) => `${m.spice}:${m.count}`));
  return h(
    "div",
    { class: "price-wrap" },
    h(
      "table",
      { class: "price-list" },
      h("caption", null, t("sm-price-list")),
      h("thead", null,
        h("tr", null, h("th", { scope: "col" }, t("sm-col-spice")), h("th", { scope: "col", class: "num" }, t("sm-col-cards")),
          ...[1, 2, 3, 4].map((n) => h("th", { scope: "col", class: "num", "aria-label": t("sm-col-in-market", { count: n }) }, String(n))))),
      h("tbody", null,
        ...v.priceList.map((row) =>
          h("tr", null,
            h("th", { scope: "row" }, h("span", { class: "swatch", style: { background: spiceColor(row.spice) } }), spiceName(row.spice)),
            h("td", { class: "num" }, String(row.cards)),
            ...row.points.map((points, i) =>
              h("td", { class: `num${lit.has(`${row.spice}:${i + 1}`) ? " lit" : ""}` }, String(points)))))),
    ),
    h("p", { class: "small" }, h("span", { class: "lit-key", "aria-hidden": "true" }), t("sm-price-lit")),
  );
}

function merchants(v: SpiceMerchantView, viewer: Viewer): HTMLElement {
  return section(t("sm-merchants"), h("div", { class: "seat-cards" }, ...v.seats.map((s) => {
    const own = viewer === s.seat;
    const status: string[] = [];
    if (s.firstPlayer) status.push(t("status-first-player"));
    if (v.phase === SpiceMerchantPhase.REGISTRATION) status.push(s.registered ? t("sm-status-registered") : t("sm-status-registering"));
    if (s.passed) status.push(t("sm-status-passed"));
    if (s.openTradeUsed) status.push(t("sm-status-open-trade-used"));
    const facts: Fact[] = [
      [t("col-score"), h("strong", null, String(s.score))],
      [t("sm-hand"), own ? t("cards-count-own", { count: s.handSize }) : backs(s.handSize)],
      [t("sm-secret-goods"), own && v.secretGoods.length > 0 ? spiceCards(v.secretGoods, t("sm-secret")) : backs(s.secretGoodsCount)],
      [t("sm-open-good"), s.openGood === SpiceMerchantSpice.UNSPECIFIED ? none() : spiceCard(s.openGood, t("sm-open"))],
      [t("sm-goods-sold"), s.scoreCardsBySpice.length
        ? h("ul", { class: "pills" }, ...s.scoreCardsBySpice.map((c) => h("li", { class: "pill" },
            h("span", { class: "swatch", style: { background: spiceColor(c.spice) } }), `${c.count} × ${spiceName(c.spice)}`)))
        : String(s.scoreCards)],
      [t("sm-rounds"), s.roundPoints.length ? s.roundPoints.join(" + ") : none()],
    ];
    if (status.length) facts.push([t("col-status"), status.join(", ")]);
    const moving = v.phase === SpiceMerchantPhase.TRADING && v.turn === s.seat;
    return seatCard(s.seat, viewer, facts, { current: moving, ...(moving ? { note: t("to-move") } : {}) });
  })));
}

function roundEnd(reason: SpiceMerchantRoundEnd): string {
  const name = SpiceMerchantRoundEnd[reason];
  return name && reason !== SpiceMerchantRoundEnd.UNSPECIFIED ? words.term(`spice-merchant-round-end-${slug(name)}`) : t("unknown");
}

function lastRound(v: SpiceMerchantView): HTMLElement | null {
  const scored = v.lastRound;
  if (!scored) return null;
  return section(
    t("sm-round-scoring", { round: scored.round, reason: roundEnd(scored.reason) }),
    table(
      [t("sm-merchant"), t("sm-secret-goods"), t("sm-open-good"), t("sm-sold"), t("sm-unsold"), t("col-points"), t("col-total")],
      scored.seats.map((s) => [
        seatTag(s.seat),
        s.secretGoods.map(spiceName).join(", ") || none(),
        s.openGood === SpiceMerchantSpice.UNSPECIFIED ? none() : spiceName(s.openGood),
        s.sales.length
          ? h("ul", { class: "plain" }, ...s.sales.map((sale) => h("li", null,
              t("sm-sale", { spice: spiceName(sale.spice), market: marketLetter(sale.market), points: sale.points }))))
          : none(),
        s.unsold.map(spiceName).join(", ") || none(),
        String(s.points),
        h("strong", null, String(s.score)),
      ]),
    ),
  );
}

function hand(v: SpiceMerchantView, viewer: number): HTMLElement {
  return h("section", { class: "panel hand-panel", "aria-labelledby": "hand-title" },
    h("h3", { id: "hand-title" }, t("your-hand", { seat: seatName(viewer), count: v.hand.length })),
    v.hand.length ? h("div", { class: "cards hand" }, ...v.hand.map((spice) => spiceCard(spice))) : h("p", { class: "muted" }, t("no-cards-in-hand")),
    v.secretGoods.length ? h("div", { class: "secret-row" }, h("span", { class: "small" }, t("sm-your-secret-goods")), spiceCards(v.secretGoods, t("sm-secret"))) : null);
}

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = spiceView(view);
  if (!v) return h("p", null, t("not-this-game"));
  return h(
    "div",
    { class: "board spice" },
    h("div", { class: "chips" },
      chip(t("round-of", { round: v.round, total: v.totalRounds })),
      chip(phaseName(v.phase)),
      v.phase !== SpiceMerchantPhase.GAME_OVER ? chip(t("sm-secret-goods-this-round", { count: v.secretGoodsToRegister })) : null,
      chip(t("first-player", { seat: seatName(v.firstPlayer) })),
      chip(t("sm-nutmeg-prices", { spice: spiceName(SpiceMerchantSpice.NUTMEG_AND_MACE), prices: v.nutmegPrices.replaceAll("-", " · ") })),
      shownMarkets(v) !== v.markets ? chip(t("sm-markets-as-scored", { round: v.lastRound?.round ?? 0 })) : null),
    h("div", { class: "sm-top" }, marketsBoard(v), priceList(v)),
    viewer !== null ? hand(v, viewer) : null,
    merchants(v, viewer),
    lastRound(v),
  );
}

function redaction(view: GameView, viewer: Viewer): Redaction {
  const v = spiceView(view);
  const result: Redaction = { onlyYou: [], hidden: [] };
  if (!v) return result;
  if (viewer !== null) {
    result.onlyYou.push({ what: t("redaction-your-hand"), detail: t("cards-count-on-board", { count: v.hand.length }) });
    if (v.secretGoods.length) {
      result.onlyYou.push({ what: t("sm-your-secret-goods"), detail: v.secretGoods.map(spiceName).join(", ") });
    }
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    result.hidden.push({ what: t("redaction-hand-of", { seat: seatName(s.seat) }), count: s.handSize });
    if (s.secretGoodsCount) result.hidden.push({ what: t("sm-redaction-secret-goods-of", { seat: seatName(s.seat) }), count: s.secretGoodsCount });
  }
  result.hidden.push({ what: t("redaction-deck"), count: v.deckSize });
  return result;
}

function summary(view: GameView): string {
  const v = spiceView(view);
  return v ? `${t("round-of", { round: v.round, total: v.totalRounds })} · ${phaseName(v.phase)}` : "";
}

/** A registration under each of its spices; a trade under its spice, a fake demand then under its market. */
function facets(action: GameAction): Facet[][] {
  if (action.game.case !== "spiceMerchant") return [];
  const spice = (s: SpiceMerchantSpice): Facet => ({ key: `spice-${s}`, label: spiceName(s) });
  const move = action.game.value.move;
  switch (move.case) {
    case "registerSecret":
      return [[...new Set(move.value.spices)].map(spice), []];
    case "openTrade":
      return [[spice(move.value.spice)], []];
    case "fakeDemand":
      return [[spice(move.value.spice)], [{ key: `market-${move.value.market}`, label: t("sm-market-name", { market: marketLetter(move.value.market) }) }]];
    default:
      return [];
  }
}

export const spiceMerchant: GameUi = { board, redaction, summary, facets };
