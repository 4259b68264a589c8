/**
 * Central Market as it lies on the table: the product on offer and the
 * Bidding card with every vendor's token, the product limits, each vendor's
 * income, limits, action cards, hand and set-aside cards, and the piles.
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
  meter,
  plural,
  section,
  seatColor,
  seatName,
  seatTag,
  table,
  type Viewer,
} from "../components.js";
import { h } from "../dom.js";
import type { GameUi, Redaction } from "./types.js";

const PRODUCTS: Record<number, { name: string; color: string }> = {
  [CentralMarketProduct.TOMATOES]: { name: "Tomatoes", color: "#d63a2f" },
  [CentralMarketProduct.CARROTS]: { name: "Carrots", color: "#ec7a1c" },
  [CentralMarketProduct.EGGPLANTS]: { name: "Eggplants", color: "#6b3fa0" },
  [CentralMarketProduct.CUCUMBERS]: { name: "Cucumbers", color: "#2e8540" },
  [CentralMarketProduct.PEPPERS]: { name: "Peppers", color: "#e6b422" },
};

const PHASES: Record<number, string> = {
  [CentralMarketPhase.OFFER]: "Offering a product",
  [CentralMarketPhase.STARTING_BID]: "Starting bid",
  [CentralMarketPhase.FIRST_LAP]: "Bidding: first lap",
  [CentralMarketPhase.LOWERING]: "Bidding: lowering",
  [CentralMarketPhase.SELL]: "Selling",
  [CentralMarketPhase.ROT]: "Rot window",
  [CentralMarketPhase.TOURISTS]: "Tourists window",
  [CentralMarketPhase.TOURISTS_SALE]: "Tourists sale",
  [CentralMarketPhase.SET_ASIDE]: "Setting aside for the final round",
  [CentralMarketPhase.GAME_OVER]: "Game over",
};

const BID_STATES: Record<number, string> = {
  [CentralMarketBidState.PASSED]: "passed",
  [CentralMarketBidState.BIDDING]: "bidding",
  [CentralMarketBidState.STAYED]: "stayed",
  [CentralMarketBidState.SOLD]: "sold",
};

function productName(product: CentralMarketProduct): string {
  return PRODUCTS[product]?.name ?? "?";
}

function cardName(card: CentralMarketCard | undefined): string {
  return card ? `${productName(card.product)} ${card.kg} kg` : "?";
}

function productCard(card: CentralMarketCard, extraClass = ""): HTMLElement {
  const known = PRODUCTS[card.product];
  return cardFace(known?.name ?? "?", known?.color ?? "#888", `${card.kg} kg`, extraClass);
}

function cards(list: readonly CentralMarketCard[]): HTMLElement {
  return list.length ? h("span", { class: "cards" }, ...list.map((c) => productCard(c))) : h("span", { class: "muted" }, "–");
}

/** Cards as compact labels, for tables: "Carrots 3 kg". */
function cardPills(list: readonly CentralMarketCard[]): HTMLElement {
  if (!list.length) return h("span", { class: "muted" }, "–");
  return h("ul", { class: "pills" }, ...list.map((c) => h("li", { class: "pill" },
    h("span", { class: "swatch", style: { background: PRODUCTS[c.product]?.color ?? "#888" } }), cardName(c))));
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
      h(
        "span",
        { class: "tokens" },
        ...here.map((s) =>
          h("span", { class: "token", style: { background: seatColor(s.seat) }, title: `${seatName(s.seat)} bids ${price}` }, String(s.seat)),
        ),
      ),
    );
  });
  const said = bids.length
    ? bids.map((s) => `${seatName(s.seat)} ${s.bid} (${BID_STATES[s.bidState] ?? "–"})`).join(", ")
    : "no bids yet";
  return h("figure", { class: "bidding-card" },
    h("figcaption", null, "Bidding card"),
    h("ol", { class: "prices", "aria-label": `Bids: ${said}` }, ...cells));
}

function onOffer(v: CentralMarketView): HTMLElement {
  const product = v.currentProduct;
  const offered = product !== CentralMarketProduct.UNSPECIFIED;
  return section(
    "On offer",
    h(
      "div",
      { class: "offer" },
      offered
        ? cardFace(productName(product), PRODUCTS[product]?.color ?? "#888", v.offerer !== undefined ? `offered by ${seatName(v.offerer)}` : undefined, "big")
        : h("p", { class: "muted" }, v.offerer !== undefined ? `${seatName(v.offerer)} is choosing a product.` : "Nothing on offer."),
      offered && v.lowestBid ? h("p", null, "Lowest bid: ", h("strong", null, String(v.lowestBid))) : null,
    ),
    biddingCard(v),
  );
}

function products(v: CentralMarketView): HTMLElement {
  return section(
    "Products this round",
    table(
      ["Product", "Limit left", "Offered"],
      v.products.map((p) => [
        h("span", null, h("span", { class: "swatch", style: { background: PRODUCTS[p.product]?.color ?? "#888" } }), productName(p.product)),
        p.inGame ? meter(p.limitLeft, 10, PRODUCTS[p.product]?.color, `${p.limitLeft} of 10 kg left`) : "removed from the game",
        p.offered ? "yes" : "–",
      ]),
    ),
  );
}

function actionCards(s: CentralMarketSeatView): HTMLElement {
  const names: [string, boolean][] = [["Cheat", s.hasCheat], ["Tourists", s.hasTourists], ["Rot", s.hasRot]];
  return h("span", { class: "action-cards" },
    ...names.map(([name, unused]) => h("span", { class: `action-card${unused ? "" : " used"}`, title: unused ? `${name}: unused` : `${name}: used` }, name)));
}

function vendors(v: CentralMarketView, viewer: Viewer): HTMLElement {
  return section(
    "Vendors",
    table(
      ["Vendor", "Victory points", "Income", "kg left", "Bid", "Action cards", "Hand", "Set aside", "Played this round"],
      v.seats.map((s) => {
        const own = viewer === s.seat;
        const roles: string[] = [];
        if (s.seat === v.startingPlayer) roles.push("starting player");
        if (v.phase === CentralMarketPhase.SET_ASIDE) roles.push(s.setAsideDecided ? "has chosen" : "choosing");
        return [
          h("span", null, seatTag(s.seat, viewer), roles.length ? h("span", { class: "small block" }, roles.join(", ")) : null),
          h("strong", null, String(s.victoryPoints)),
          String(s.income),
          meter(s.playerLimitLeft, 10, "#6c7a89", `${s.playerLimitLeft} of 10 kg left`),
          s.bid ? `${s.bid} (${BID_STATES[s.bidState] ?? "–"})` : (BID_STATES[s.bidState] ?? "–"),
          actionCards(s),
          own ? `${s.handCount} (below)` : backs(s.handCount),
          own && v.setAside.length ? cardPills(v.setAside) : backs(s.setAsideCount),
          cardPills(s.playedCards),
        ];
      }),
    ),
  );
}

function piles(v: CentralMarketView): HTMLElement {
  const discard = v.discardPile.filter((c: CentralMarketCardCount) => c.count > 0);
  return section(
    "Piles",
    h("div", { class: "piles" },
      h("div", null, h("div", { class: "small" }, "Draw pile"), backs(v.drawPileCount)),
      h("div", null, h("div", { class: "small" }, `Discard pile (open): ${plural(v.discardPileCount, "card")}`),
        discard.length
          ? h("ul", { class: "pills" }, ...discard.map((c) => h("li", { class: "pill" },
              h("span", { class: "swatch", style: { background: PRODUCTS[c.card?.product ?? 0]?.color ?? "#888" } }),
              cardName(c.card), h("strong", { class: "times" }, `×${c.count}`))))
          : h("span", { class: "muted" }, "empty"))),
  );
}

function sales(v: CentralMarketView): HTMLElement | null {
  const current = v.currentSale;
  const rows = v.sales.map((s) => [
    seatTag(s.seat),
    productName(s.product) + (s.cheat ? " (Cheat)" : "") + (s.tourists ? " (Tourists)" : ""),
    String(s.price),
    cardPills(s.cards),
    `${s.soldKg} kg sold${s.lostKg ? `, ${s.lostKg} lost` : ""}${s.rottedBy.length ? `, rotted by ${s.rottedBy.map(seatName).join(", ")}` : ""}`,
    String(s.income),
  ]);
  if (!current && !rows.length) return null;
  return section(
    "Sales",
    current
      ? h("p", { class: "current-sale" }, `Now selling: ${seatName(current.seat)} at ${current.price}`,
          current.cheat ? " (Cheat)" : "", current.tourists ? " (Tourists)" : "", " — ", cardPills(current.cards),
          current.soldKg ? ` ${current.soldKg} kg counted, ${current.paidKg} kg paid` : "")
      : null,
    rows.length ? table(["Seller", "Product", "Price", "Cards", "Weight", "Income"], rows, "This round") : null,
  );
}

function history(v: CentralMarketView): HTMLElement | null {
  if (!v.history.length) return null;
  return section(
    "Rounds scored",
    table(
      ["Round", ...v.seats.map((s) => seatName(s.seat))],
      v.history.map((r) => [String(r.round), ...r.victoryPoints.map((vp, i) => `${vp} VP (income ${r.incomes[i] ?? 0})`)]),
    ),
  );
}

function board(view: GameView, viewer: Viewer): HTMLElement {
  const v = centralView(view);
  if (!v) return h("p", null, "Not a Central Market view.");
  return h(
    "div",
    { class: "board central" },
    h(
      "div",
      { class: "chips" },
      chip(`Round ${v.round} of ${v.finalRound}${v.round === v.finalRound ? " (final round)" : ""}`),
      chip(PHASES[v.phase] ?? "?"),
      chip(`Starting player: ${seatName(v.startingPlayer)}`),
      chip(`Prices 1–${v.maxPrice}`),
      v.removedProduct !== CentralMarketProduct.UNSPECIFIED ? chip(`${productName(v.removedProduct)} removed (40 cards)`) : null,
    ),
    h("div", { class: "cm-top" }, onOffer(v), products(v)),
    vendors(v, viewer),
    viewer !== null
      ? section(
          `Your cards (${seatName(viewer)})`,
          h("div", { class: "own-cards" },
            h("div", null, h("div", { class: "small" }, "Hand"), v.hand.length ? h("div", { class: "cards hand" }, ...v.hand.map((c) => productCard(c))) : h("p", { class: "muted" }, "No cards in hand.")),
            h("div", null, h("div", { class: "small" }, "Set aside for the final round"), cards(v.setAside)),
            v.pendingSetAside ? h("div", null, h("div", { class: "small" }, "Your choice (waiting for the others)"), productCard(v.pendingSetAside)) : null),
        )
      : null,
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
    result.onlyYou.push({ what: "Your hand", shown: cards(v.hand) });
    if (v.setAside.length) result.onlyYou.push({ what: "Your set-aside cards", shown: cards(v.setAside) });
    if (v.pendingSetAside) result.onlyYou.push({ what: "Your set-aside choice", shown: productCard(v.pendingSetAside) });
  }
  for (const s of v.seats) {
    if (s.seat === viewer) continue;
    result.hidden.push({ what: `${seatName(s.seat)}'s hand`, count: s.handCount });
    if (s.setAsideCount) result.hidden.push({ what: `${seatName(s.seat)}'s set-aside cards`, count: s.setAsideCount });
    if (v.phase === CentralMarketPhase.SET_ASIDE && s.setAsideDecided) {
      result.hidden.push({ what: `${seatName(s.seat)} has chosen what to set aside (which card, or none, stays hidden)` });
    }
  }
  result.hidden.push({ what: "The draw pile (and its order)", count: v.drawPileCount });
  return result;
}

function summary(view: GameView): string {
  const v = centralView(view);
  return v ? `Round ${v.round} of ${v.finalRound} · ${PHASES[v.phase] ?? "?"}` : "";
}

export const centralMarket: GameUi = { board, redaction, summary };
