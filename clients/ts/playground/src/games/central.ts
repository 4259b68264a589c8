/**
 * Central Market as it lies on the table: the product on offer and the
 * Bidding card with every vendor's token, the product limits, the viewer's
 * cards, each vendor's income, limits, action cards, hand and set-aside cards,
 * and the piles. Products and cards are named by the server's catalog; the
 * page's words by its own.
 */
import {
  CentralMarketBidState,
  type CentralMarketCard,
  type CentralMarketCardCount,
  CentralMarketPhase,
  CentralMarketProduct,
  type CentralMarketSeatView,
  type CentralMarketView,
  type GameView,
} from "../../../src/index.js";
import {
  backs,
  cardFace,
  chip,
  type Fact,
  meter,
  none,
  section,
  seatCard,
  seatColor,
  seatName,
  seatTag,
  table,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import { t, words } from "../words.js";
import { slug } from "./slug.js";
import type { GameUi, Redaction } from "./types.js";

const PRODUCT_COLORS: Record<number, string> = {
  [CentralMarketProduct.TOMATOES]: "#d63a2f",
  [CentralMarketProduct.CARROTS]: "#ec7a1c",
  [CentralMarketProduct.EGGPLANTS]: "#6b3fa0",
  [CentralMarketProduct.CUCUMBERS]: "#2e8540",
  [CentralMarketProduct.PEPPERS]: "#e6b422",
};

/** The product and player limits: 10 kg each a round (docs/rules/central-market.md). */
const LIMIT_KG = 10;

function productColor(product: CentralMarketProduct): string {
  return PRODUCT_COLORS[product] ?? "#888";
}

/** A product in the current language: the catalog's term. */
function productName(product: CentralMarketProduct): string {
  return words.term(`central-market-product-${slug(CentralMarketProduct[product])}`);
}

/** A card in the current language ("Tomatoes (2 kg)"): the catalog's term. */
function cardName(card: CentralMarketCard | undefined): string {
  return card ? words.term(`central-market-card-${slug(CentralMarketProduct[card.product])}-${card.kg}`) : t("unknown");
}

function phaseName(phase: CentralMarketPhase): string {
  switch (phase) {
    case CentralMarketPhase.OFFER: return t("cm-phase-offer");
    case CentralMarketPhase.STARTING_BID: return t("cm-phase-starting-bid");
    case CentralMarketPhase.FIRST_LAP: return t("cm-phase-first-lap");
    case CentralMarketPhase.LOWERING: return t("cm-phase-lowering");
    case CentralMarketPhase.SELL: return t("cm-phase-sell");
    case CentralMarketPhase.ROT: return t("cm-phase-rot");
    case CentralMarketPhase.TOURISTS: return t("cm-phase-tourists");
    case CentralMarketPhase.TOURISTS_SALE: return t("cm-phase-tourists-sale");
    case CentralMarketPhase.SET_ASIDE: return t("cm-phase-set-aside");
    case CentralMarketPhase.GAME_OVER: return t("phase-game-over");
    default: return t("unknown");
  }
}

function bidState(state: CentralMarketBidState): string {
  switch (state) {
    case CentralMarketBidState.PASSED: return t("cm-bid-passed");
    case CentralMarketBidState.BIDDING: return t("cm-bid-bidding");
    case CentralMarketBidState.STAYED: return t("cm-bid-stayed");
    case CentralMarketBidState.SOLD: return t("cm-bid-sold");
    default: return "";
  }
}

function productCard(card: CentralMarketCard, extraClass = ""): HTMLElement {
  return cardFace(productName(card.product), productColor(card.product), t("kg", { kg: card.kg }), extraClass);
}

function cards(list: readonly CentralMarketCard[]): HTMLElement {
  return list.length ? h("span", { class: "cards" }, ...list.map((c) => productCard(c))) : none();
}

/** Cards as compact labels: "Carrots (3 kg)". */
function cardPills(list: readonly CentralMarketCard[]): HTMLElement {
  if (!list.length) return none();
  return h("ul", { class: "pills" }, ...list.map((c) => h("li", { class: "pill" },
    h("span", { class: "swatch", style: { background: productColor(c.product) } }), cardName(c))));
}

function centralView(view: GameView): CentralMarketView | undefined {
  return view.game.case === "centralMarket" ? view.game.value : undefined;
}

/** The Bidding card: prices 1..max, each vendor's token on the price he bid. */
function biddingCard(v: CentralMarketView): HTMLElement {
  const bids = v.seats.filter((s) => s.bid > 0);
  const cells = Array.from({ length: v.maxPrice }, (_, i) => i + 1).map((price) => {
    const here = bids.filter((s) => s.bid === price);
    return h(
      "li",
      { class: `price${price === v.lowestBid ? " lowest" : ""}` },
      h("span", { class: "price-n" }, String(price)),
      h("span", { class: "tokens" },
        ...here.map((s) => h("span", { class: "token", style: { background: seatColor(s.seat) }, title: t("cm-token", { seat: seatName(s.seat), price }) },
          String(s.seat + 1)))),
    );
  });
  const said = bids.length
    ? bids.map((s) => t("cm-bid-of", { seat: seatName(s.seat), price: s.bid, state: bidState(s.bidState) })).join(", ")
    : t("cm-no-bids");
  return h("figure", { class: "bidding-card" },
    h("figcaption", null, t("cm-bidding-card")),
    h("ol", { class: "prices", "aria-label": said }, ...cells));
}

function onOffer(v: CentralMarketView): HTMLElement {
  const product = v.currentProduct;
  const offered = product !== CentralMarketProduct.UNSPECIFIED;
  return section(
    t("cm-on-offer"),
    h("div", { class: "offer" },
      offered
        ? cardFace(productName(product), productColor(product), v.offerer !== undefined ? t("cm-offered-by", { seat: seatName(v.offerer) }) : undefined, "big")
        : h("p", { class: "muted" }, v.offerer !== undefined ? t("cm-choosing-product", { seat: seatName(v.offerer) }) : t("cm-nothing-on-offer")),
      offered && v.lowestBid ? h("p", null, t("cm-lowest-bid"), " ", h("strong", null, String(v.lowestBid))) : null),
    biddingCard(v),
  );
}

function products(v: CentralMarketView): HTMLElement {
  return section(
    t("cm-products"),
    h("ul", { class: "product-list" }, ...v.products.map((p) => h("li", null,
      h("span", { class: "product-name" }, h("span", { class: "swatch", style: { background: productColor(p.product) } }), productName(p.product)),
      p.inGame
        ? meter(p.limitLeft, LIMIT_KG, productColor(p.product), t("kg-left-of", { left: p.limitLeft, limit: LIMIT_KG }))
        : h("span", { class: "small" }, t("cm-removed")),
      p.offered ? h("span", { class: "badge soft" }, t("cm-offered")) : null))),
  );
}

function actionCards(s: CentralMarketSeatView): HTMLElement {
  const names: [string, boolean][] = [
    [words.term("central-market-card-cheat"), s.hasCheat],
    [words.term("central-market-card-tourists"), s.hasTourists],
    [words.term("central-market-card-rot"), s.hasRot],
  ];
  return h("span", { class: "action-cards" },
    ...names.map(([name, unused]) => h("span", { class: `action-card${unused ? "" : " used"}`, title: unused ? t("cm-unused", { card: name }) : t("cm-used", { card: name }) }, name)));
}

function vendors(v: CentralMarketView, viewer: Viewer): HTMLElement {
  return section(t("cm-vendors"), h("div", { class: "seat-cards" }, ...v.seats.map((s) => {
    const own = viewer === s.seat;
    const roles: string[] = [];
    if (s.seat === v.startingPlayer) roles.push(t("status-starting-player"));
    if (v.phase === CentralMarketPhase.SET_ASIDE) roles.push(s.setAsideDecided ? t("cm-has-chosen") : t("cm-choosing"));
    const bid = s.bid ? `${s.bid} (${bidState(s.bidState)})` : bidState(s.bidState);
    const facts: Fact[] = [
      [t("cm-victory-points"), h("strong", null, String(s.victoryPoints))],
      [t("cm-income"), String(s.income)],
      [t("cm-kg-left"), meter(s.playerLimitLeft, LIMIT_KG, "#6c7a89", t("kg-left-of", { left: s.playerLimitLeft, limit: LIMIT_KG }))],
      [t("cm-bid"), bid || none()],
      [t("cm-action-cards"), actionCards(s)],
      [t("sm-hand"), own ? t("cards-count-own", { count: s.handCount }) : backs(s.handCount)],
      [t("cm-set-aside"), own && v.setAside.length ? cardPills(v.setAside) : backs(s.setAsideCount)],
      [t("cm-played"), cardPills(s.playedCards)],
    ];
    return seatCard(s.seat, viewer, facts, { current: v.decidingSeats.includes(s.seat), ...(roles.length ? { note: roles.join(", ") } : {}) });
  })));
}

function piles(v: CentralMarketView): HTMLElement {
  const discard = v.discardPile.filter((c: CentralMarketCardCount) => c.count > 0);
  return section(
    t("cm-piles"),
    h("div", { class: "piles" },
      h("div", null, h("div", { class: "small" }, t("cm-draw-pile")), backs(v.drawPileCount)),
      h("div", null, h("div", { class: "small" }, t("cm-discard-pile", { count: v.discardPileCount })),
        discard.length
          ? h("ul", { class: "pills" }, ...discard.map((c) => h("li", { class: "pill" },
              h("span", { class: "swatch", style: { background: productColor(c.card?.product ?? 0) } }),
              cardName(c.card), h("strong", { class: "times" }, `×${c.count}`))))
          : h("span", { class: "muted" }, t("cm-empty")))),
  );
}

function saleWhat(product: CentralMarketProduct, cheat: boolean, tourists: boolean): string {
  const marks = [cheat ? words.term("central-market-card-cheat") : "", tourists ? words.term("central-market-card-tourists") : ""].filter(Boolean);
  return marks.length ? `${productName(product)} (${marks.join(", ")})` : productName(product);
}

function sales(v: CentralMarketView): HTMLElement | null {
  const current = v.currentSale;
  if (!current && !v.sales.length) return null;
  const rows = v.sales.map((s) => [
    seatTag(s.seat),
    saleWhat(s.product, s.cheat, s.tourists),
    String(s.price),
    cardPills(s.cards),
    [t("cm-weight", { sold: s.soldKg, lost: s.lostKg }),
      s.rottedBy.length ? ` ${t("cm-rotted-by", { seats: s.rottedBy.map(seatName).join(", ") })}` : ""].join(""),
    String(s.income),
  ]);
  return section(
    t("cm-sales"),
    current
      ? h("p", { class: "current-sale" },
          t("cm-now-selling", { seat: seatName(current.seat), what: saleWhat(v.currentProduct, current.cheat, current.tourists), price: current.price }),
          " ", cardPills(current.cards),
          current.soldKg ? ` ${t("cm-counted", { counted: current.soldKg, paid: current.paidKg })}` : "")
      : null,
    rows.length ? table([t("cm-seller"), t("cm-product"), t("cm-price"), t("cm-cards"), t("cm-weight-col"), t("cm-income")], rows, t("cm-this-round")) : null,
  );
}

function history(v: CentralMarketView): HTMLElement | null {
  if (!v.history.length) return null;
  return section(
    t("cm-rounds-scored"),
    table(
      [t("cm-round"), ...v.seats.map((s) => seatName(s.seat))],
      v.history.map((r) => [String(r.round), ...r.victoryPoints.map((vp, i) => t("cm-round-result", { points: vp, income: r.incomes[i] ?? 0 }))]),
    ),
  );
}

function ownCards(v: CentralMarketView, viewer: number): HTMLElement {
  return h("section", { class: "panel hand-panel", "aria-labelledby": "hand-title" },
    h("h3", { id: "hand-title" }, t("your-hand", { seat: seatName(viewer), count: v.hand.length })),
    v.hand.length ? h("div", { class: "cards hand" }, ...v.hand.map((c) => productCard(c))) : h("p", { class: "muted" }, t("no-cards-in-hand")),
    v.setAside.length || v.pendingSetAside
      ? h("div", { class: "own-cards" },
          v.setAside.length ? h("div", null, h("div", { class: "small" }, t("cm-set-aside-for-final")), cards(v.setAside)) : null,
          v.pendingSetAside ? h("div", null, h("div", { class: "small" }, t("cm-your-choice-waiting")), productCard(v.pendingSetAside)) : null)
      : null);
}

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = centralView(view);
  if (!v) return h("p", null, t("not-this-game"));
  return h(
    "div",
    { class: "board central" },
    h("div", { class: "chips" },
      chip(v.round === v.finalRound ? t("cm-final-round", { round: v.round, total: v.finalRound }) : t("round-of", { round: v.round, total: v.finalRound })),
      chip(phaseName(v.phase)),
      chip(t("starting-player", { seat: seatName(v.startingPlayer) })),
      chip(t("cm-prices", { max: v.maxPrice })),
      v.removedProduct !== CentralMarketProduct.UNSPECIFIED ? chip(t("cm-product-removed", { product: productName(v.removedProduct) })) : null),
    h("div", { class: "cm-top" }, onOffer(v), products(v)),
    viewer !== null ? ownCards(v, viewer) : null,
    vendors(v, viewer),
    sales(v),
    piles(v),
    history(v),
  );
}

function redaction(view: GameView, viewer: Viewer): Redaction {
  const v = centralView(view);
  const result: Redaction = { onlyYou: [], hidden: [] };
  if (!v) return result;
  if (viewer !== null) {
    result.onlyYou.push({ what: t("redaction-your-hand"), detail: t("cards-count-on-board", { count: v.hand.length }) });
    if (v.setAside.length) result.onlyYou.push({ what: t("cm-your-set-aside"), detail: v.setAside.map(cardName).join(", ") });
    if (v.pendingSetAside) result.onlyYou.push({ what: t("cm-your-set-aside-choice"), detail: cardName(v.pendingSetAside) });
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    result.hidden.push({ what: t("redaction-hand-of", { seat: seatName(s.seat) }), count: s.handCount });
    if (s.setAsideCount) result.hidden.push({ what: t("cm-set-aside-of", { seat: seatName(s.seat) }), count: s.setAsideCount });
    if (v.phase === CentralMarketPhase.SET_ASIDE && s.setAsideDecided) {
      result.hidden.push({ what: t("cm-has-chosen-hidden", { seat: seatName(s.seat) }) });
    }
  }
  result.hidden.push({ what: t("redaction-draw-pile"), count: v.drawPileCount });
  return result;
}

function summary(view: GameView): string {
  const v = centralView(view);
  return v ? `${t("round-of", { round: v.round, total: v.finalRound })} · ${phaseName(v.phase)}` : "";
}

export const centralMarket: GameUi = { board, redaction, summary };
