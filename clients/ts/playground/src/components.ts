/**
 * The pieces every game's board is drawn with: seat names and colours, card
 * faces and face-down stacks, chips, seat cards, tables that fit any width.
 * Seats are 0-based, as in the API. Every word comes from words.ts.
 */
import { type Child, h } from "./dom.js";
import { t, words } from "./words.js";

/** The viewer of a view: a seat number, or null for the spectator. */
export type Viewer = number | null;

const SEAT_COLORS = ["#1f6fd1", "#d9730d", "#2f8f46", "#d6336c", "#7048c6"];

export function seatColor(seat: number): string {
  return SEAT_COLORS[seat % SEAT_COLORS.length] ?? "#555";
}

/** A seat's display name from the set-up form, or the current language's "Player N" (words.ts). */
export function seatName(seat: number): string {
  return words.seat(seat);
}

/** A seat's name, with a colour dot, and "(you)" when it is the viewer's own seat. */
export function seatTag(seat: number, viewer?: Viewer): HTMLElement {
  return h(
    "span",
    { class: "seat-tag" },
    h("span", { class: "dot", style: { background: seatColor(seat) }, "aria-hidden": "true" }),
    h("span", { class: "seat-name" }, seatName(seat)),
    viewer === seat ? h("span", { class: "you" }, t("you-mark")) : null,
  );
}

export function viewerName(viewer: Viewer): string {
  return viewer === null ? t("spectator") : seatName(viewer);
}

/** Black or white text, whichever reads better on `background` (#rrggbb). */
export function inkOn(background: string): string {
  const n = Number.parseInt(background.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1b1b1b" : "#ffffff";
}

/** A face-up card: a coloured band with its name, and an optional line under it. */
export function cardFace(name: string, color: string, sub?: string, extraClass = ""): HTMLElement {
  return h(
    "span",
    { class: `card ${extraClass}`.trim(), role: "img", "aria-label": sub ? `${name}, ${sub}` : name },
    h("span", { class: "band", style: { background: color, color: inkOn(color) }, "aria-hidden": "true" }, name),
    sub ? h("span", { class: "sub", "aria-hidden": "true" }, sub) : null,
  );
}

/** A face-down stack: card (or crate) backs and how many, e.g. for another seat's hand. */
export function backs(count: number, what: "card" | "crate" = "card"): HTMLElement {
  const label = what === "crate" ? t("face-down-crates", { count }) : t("face-down-cards", { count });
  const shown = Math.min(count, 3);
  return h(
    "span",
    { class: `backs${count === 0 ? " none" : ""}`, role: "img", "aria-label": label, title: label },
    h(
      "span",
      { class: "back-stack", "aria-hidden": "true" },
      ...Array.from({ length: Math.max(shown, 1) }, (_, i) =>
        h("span", { class: `back${count === 0 ? " empty" : ""}`, style: { left: `${i * 4}px`, top: `${-i * 2}px` } }),
      ),
    ),
    h("span", { class: "count", "aria-hidden": "true" }, `×${count}`),
  );
}

export function chip(text: Child, extraClass = ""): HTMLElement {
  return h("span", { class: `chip ${extraClass}`.trim() }, text);
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return h("section", { class: "panel" }, h("h3", null, title), ...children);
}

/**
 * A table with a header row. Where its box is too narrow for its columns
 * (style.css, a container query), each row becomes a block of "header: value"
 * lines, so no table ever scrolls sideways.
 */
export function table(headers: readonly string[], rows: readonly (readonly Child[])[], caption?: string): HTMLElement {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "stacking" },
      caption ? h("caption", null, caption) : null,
      h("thead", null, h("tr", null, ...headers.map((header) => h("th", { scope: "col" }, header)))),
      h("tbody", null, ...rows.map((row) => h("tr", null, ...row.map((cell, i) => h("td", { "data-label": headers[i] ?? "" }, cell))))),
    ),
  );
}

/** One fact of a seat card: its name and what it shows. */
export type Fact = readonly [string, Child];

/**
 * One seat as a card of facts, instead of a row of a wide table: cards wrap to
 * the width there is (one column on a phone).
 */
export function seatCard(seat: number, viewer: Viewer, facts: readonly Fact[], opts: { note?: string; current?: boolean } = {}): HTMLElement {
  return h(
    "section",
    { class: `seat-card${opts.current ? " current" : ""}${viewer === seat ? " own" : ""}`, "data-seat": String(seat), "aria-label": seatName(seat) },
    h("h4", null, seatTag(seat, viewer), opts.note ? h("span", { class: "seat-note" }, opts.note) : null),
    h("dl", { class: "facts-list" }, ...facts.map(([name, value]) => h("div", { class: "fact-row" }, h("dt", null, name), h("dd", null, value)))),
  );
}

/** A horizontal bar: `value` of `max`, with the number beside it. */
export function meter(value: number, max: number, color: string, label: string): HTMLElement {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return h(
    "span",
    { class: "meter", role: "img", "aria-label": label },
    h("span", { class: "meter-track", "aria-hidden": "true" },
      h("span", { class: "meter-fill", style: { width: `${share * 100}%`, background: color } })),
    h("span", { class: "meter-value", "aria-hidden": "true" }, String(value)),
  );
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A dash for "nothing here", marked so tools know it is no word. */
export function none(): HTMLElement {
  return h("span", { class: "muted", "aria-label": t("nothing") }, "–");
}
