/**
 * Spice Merchant as it lies on the table: six markets around the deck (A at
 * the top, then clockwise), the price list, each merchant's hand, secret and
 * open goods, and the score.
 */
import {
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
  plural,
  section,
  seatName,
  seatTag,
  table,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import type { GameUi, Redaction } from "./types.js";

const SPICES: Record<number, { name: string; color: string }> = {
  [SpiceMerchantSpice.BLACK_PEPPER]: { name: "Black pepper", color: "#37474f" },
  [SpiceMerchantSpice.GINGER]: { name: "Ginger", color: "#d4a72c" },
  [SpiceMerchantSpice.CINNAMON]: { name: "Cinnamon", color: "#a4462c" },
  [SpiceMerchantSpice.CLOVE]: { name: "Clove", color: "#5d4037" },
  [SpiceMerchantSpice.NUTMEG_AND_MACE]: { name: "Nutmeg & Mace", color: "#e2812a" },
  [SpiceMerchantSpice.SAFFRON]: { name: "Saffron", color: "#c2185b" },
};

function spiceName(spice: SpiceMerchantSpice): string {
  return SPICES[spice]?.name ?? "?";
}

function spiceCard(spice: SpiceMerchantSpice, sub?: string): HTMLElement {
  const known = SPICES[spice];
  return cardFace(known?.name ?? "?", known?.color ?? "#888", sub);
}

function marketName(market: SpiceMerchantMarket): string {
  return SpiceMerchantMarket[market] ?? "?";
}

const PHASES: Record<number, string> = {
  [SpiceMerchantPhase.REGISTRATION]: "Registering secret goods",
  [SpiceMerchantPhase.TRADING]: "Trading",
  [SpiceMerchantPhase.GAME_OVER]: "Game over",
};

function spiceView(view: GameView): SpiceMerchantView | undefined {
  return view.game.case === "spiceMerchant" ? view.game.value : undefined;
}

function price(rows: readonly SpiceMerchantPriceRow[], spice: SpiceMerchantSpice, count: number): number | undefined {
  return rows.find((row) => row.spice === spice)?.points[count - 1];
}

function marketTile(market: SpiceMerchantMarketState, rows: readonly SpiceMerchantPriceRow[]): HTMLElement {
  const letter = marketName(market.market);
  const empty = market.count === 0 || market.spice === SpiceMerchantSpice.UNSPECIFIED;
  const worth = empty ? undefined : price(rows, market.spice, market.count);
  const label = empty
    ? `Market ${letter}: empty`
    : `Market ${letter}: ${market.count} ${spiceName(market.spice)}, worth ${worth ?? "?"} each`;
  return h(
    "div",
    { class: `market m-${letter.toLowerCase()}${empty ? " empty" : ""}${market.count === 4 ? " full" : ""}`, role: "group", "aria-label": label },
    h("span", { class: "market-letter", "aria-hidden": "true" }, letter),
    empty
      ? h("span", { class: "market-empty", "aria-hidden": "true" }, "empty")
      : h(
          "span",
          { class: "market-body", "aria-hidden": "true" },
          h(
            "span",
            { class: "pips" },
            ...Array.from({ length: 4 }, (_, i) =>
              h("span", { class: `pip${i < market.count ? " on" : ""}`, style: i < market.count ? { background: SPICES[market.spice]?.color ?? "#888" } : {} }),
            ),
          ),
          h("span", { class: "market-spice" }, `${market.count} × ${spiceName(market.spice)}`),
          h("span", { class: "market-worth" }, `${worth ?? "?"} pts each`),
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
    { class: "sm-markets", role: "group", "aria-label": scored ? "World markets as the last round was scored" : "World markets around the deck" },
    ...shownMarkets(v).map((m) => marketTile(m, v.priceList)),
    h("div", { class: "sm-deck" }, backs(v.deckSize), h("span", { class: "small" }, "deck")),
  );
}

function priceList(v: SpiceMerchantView): HTMLElement {
  const lit = new Set(shownMarkets(v).filter((m) => m.count > 0).map((m) => `${m.spice}:${m.count}`));
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "price-list" },
      h("caption", null, "Price list: points per good when its market holds 1–4 cards (lit: as the markets stand)"),
      h(
        "thead",
        null,
        h("tr", null, h("th", { scope: "col" }, "Spice"), h("th", { scope: "col" }, "Cards"),
          ...[1, 2, 3, 4].map((n) => h("th", { scope: "col", "aria-label": `${n} in the market` }, String(n)))),
      ),
      h(
        "tbody",
        null,
        ...v.priceList.map((row) =>
          h(
            "tr",
            null,
            h("th", { scope: "row" }, h("span", { class: "swatch", style: { background: SPICES[row.spice]?.color ?? "#888" } }), spiceName(row.spice)),
            h("td", null, String(row.cards)),
            ...row.points.map((points, i) =>
              h("td", { class: lit.has(`${row.spice}:${i + 1}`) ? "lit" : "" }, String(points)),
            ),
          ),
        ),
      ),
    ),
  );
}

function seatsTable(v: SpiceMerchantView, viewer: Viewer): HTMLElement {
  return table(
    ["Merchant", "Hand", "Secret goods", "Open good", "Score", "Goods sold", "Rounds", "This round"],
    v.seats.map((s) => {
      const own = viewer === s.seat;
      const status: string[] = [];
      if (s.firstPlayer) status.push("first player");
      if (v.turn === s.seat && v.phase === SpiceMerchantPhase.TRADING) status.push("to move");
      if (v.phase === SpiceMerchantPhase.REGISTRATION) status.push(s.registered ? "registered" : "registering");
      if (s.passed) status.push("passed");
      if (s.openTradeUsed) status.push("open trade used");
      return [
        seatTag(s.seat, viewer),
        own ? `${s.handSize} (below)` : backs(s.handSize),
        own && v.secretGoods.length > 0
          ? h("span", { class: "cards" }, ...v.secretGoods.map((spice) => spiceCard(spice, "secret")))
          : backs(s.secretGoodsCount),
        s.openGood === SpiceMerchantSpice.UNSPECIFIED ? "–" : spiceCard(s.openGood, "open"),
        h("strong", null, String(s.score)),
        String(s.scoreCards),
        s.roundPoints.length ? s.roundPoints.join(" + ") : "–",
        status.join(", ") || "–",
      ];
    }),
  );
}

function lastRound(v: SpiceMerchantView): HTMLElement | null {
  const scored = v.lastRound;
  if (!scored) return null;
  return section(
    `Round ${scored.round} scoring (${ROUND_ENDS[scored.reason] ?? "round over"})`,
    table(
      ["Merchant", "Secret goods", "Open good", "Sold", "Unsold", "Points", "Total"],
      scored.seats.map((s) => [
        seatTag(s.seat),
        s.secretGoods.map(spiceName).join(", ") || "–",
        s.openGood === SpiceMerchantSpice.UNSPECIFIED ? "–" : spiceName(s.openGood),
        s.sales.map((sale) => `${spiceName(sale.spice)} on ${marketName(sale.market)}: ${sale.points}`).join("; ") || "–",
        s.unsold.map(spiceName).join(", ") || "–",
        String(s.points),
        String(s.score),
      ]),
    ),
  );
}

const ROUND_ENDS: Record<number, string> = {
  [SpiceMerchantRoundEnd.ALL_MARKETS_OCCUPIED]: "every market occupied",
  [SpiceMerchantRoundEnd.TWO_FULL_MARKETS]: "two markets full",
  [SpiceMerchantRoundEnd.NO_SEAT_CAN_ACT]: "no merchant could act",
};

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = spiceView(view);
  if (!v) return h("p", null, "Not a Spice Merchant view.");
  const own = viewer !== null;
  return h(
    "div",
    { class: "board spice" },
    h(
      "div",
      { class: "chips" },
      chip(`Round ${v.round} of ${v.totalRounds}`),
      chip(PHASES[v.phase] ?? "?"),
      v.phase !== SpiceMerchantPhase.GAME_OVER ? chip(`${plural(v.secretGoodsToRegister, "secret good")} this round`) : null,
      chip(`First player: ${seatName(v.firstPlayer)}`),
      chip(`Nutmeg & Mace prices ${v.nutmegPrices}`),
      shownMarkets(v) !== v.markets ? chip(`Markets as scored in round ${v.lastRound?.round ?? "?"}`) : null,
    ),
    h("div", { class: "sm-top" }, marketsBoard(v), priceList(v)),
    section("Merchants", seatsTable(v, viewer)),
    own
      ? section(
          `Your hand (${seatName(viewer)})`,
          v.hand.length
            ? h("div", { class: "cards hand" }, ...v.hand.map((spice) => spiceCard(spice)))
            : h("p", { class: "muted" }, "No cards in hand."),
        )
      : null,
    lastRound(v),
  );
}

function redaction(view: GameView, viewer: Viewer): Redaction {
  const v = spiceView(view);
  const result: Redaction = { onlyYou: [], hidden: [] };
  if (!v) return result;
  if (viewer !== null) {
    result.onlyYou.push({ what: "Your hand", shown: h("span", { class: "cards" }, ...v.hand.map((s) => spiceCard(s))) });
    if (v.secretGoods.length) {
      result.onlyYou.push({ what: "Your secret goods", shown: h("span", { class: "cards" }, ...v.secretGoods.map((s) => spiceCard(s, "secret"))) });
    }
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    result.hidden.push({ what: `${seatName(s.seat)}'s hand`, count: s.handSize });
    if (s.secretGoodsCount) result.hidden.push({ what: `${seatName(s.seat)}'s secret goods (revealed at scoring)`, count: s.secretGoodsCount });
  }
  result.hidden.push({ what: "The deck (and its order)", count: v.deckSize });
  return result;
}

function summary(view: GameView): string {
  const v = spiceView(view);
  return v ? `Round ${v.round} of ${v.totalRounds} · ${PHASES[v.phase] ?? "?"}` : "";
}

export const spiceMerchant: GameUi = { board, redaction, summary };
