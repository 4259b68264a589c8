/**
 * The pieces every game's board is drawn with: seat names and colours, card
 * faces and face-down stacks, chips, tables. Seats are 0-based, as in the API.
 */
import { type Child, h } from "./dom.js";
import { words } from "./words.js";

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
    seatName(seat),
    viewer === seat ? h("span", { class: "you" }, " (you)") : null,
  );
}

export function viewerName(viewer: Viewer): string {
  return viewer === null ? "Spectator" : seatName(viewer);
}

/** "lemons" -> "Lemons", "dragon-fruits" -> "Dragon fruits". */
export function titleCase(id: string): string {
  const words = id.replace(/[-_]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
    h("span", { class: "band", style: { background: color, color: inkOn(color) } }, name),
    sub ? h("span", { class: "sub" }, sub) : null,
  );
}

/** A face-down stack: card backs and how many, e.g. for another seat's hand. */
export function backs(count: number, what = "card"): HTMLElement {
  const label = `${count} face-down ${what}${count === 1 ? "" : "s"}`;
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

/** A table with a header row, wrapped so it scrolls sideways on a narrow screen. */
export function table(headers: readonly Child[], rows: readonly (readonly Child[])[], caption?: string): HTMLElement {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      null,
      caption ? h("caption", null, caption) : null,
      h("thead", null, h("tr", null, ...headers.map((header) => h("th", { scope: "col" }, header)))),
      h("tbody", null, ...rows.map((row) => h("tr", null, ...row.map((cell) => h("td", null, cell))))),
    ),
  );
}

/** A horizontal bar: `value` of `max`, with the number beside it. */
export function meter(value: number, max: number, color = "#3b5bdb", label?: string): HTMLElement {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return h(
    "span",
    { class: "meter", role: "img", "aria-label": label ?? `${value} of ${max}` },
    h("span", { class: "meter-track", "aria-hidden": "true" },
      h("span", { class: "meter-fill", style: { width: `${share * 100}%`, background: color } })),
    h("span", { class: "meter-value", "aria-hidden": "true" }, String(value)),
  );
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

