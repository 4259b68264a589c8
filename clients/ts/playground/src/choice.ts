/**
 * How a person chooses among a seat's legal actions: as buttons, each saying
 * in the server's words what it does (its label), one row per kind of action;
 * a large choice in steps (a picker: a spice, then a market, then the count),
 * each step a few buttons of the game's words; and a placement by clicking
 * the grid (the square for the first half, then the square for the second),
 * the buttons staying for the keyboard and screen readers. The steps come from
 * the game's `facets`, the grid from its `placement` (games/types.ts); the
 * page only keeps where the person is (`Picking`).
 */
import type { GameAction, GameView } from "../../src/index.js";
import { h } from "./dom.js";
import type { Facet, GameUi, Placement } from "./games/types.js";
import { said } from "./scene.js";
import { t } from "./words.js";

/** At most this many buttons are shown at once; a larger choice is picked in steps. */
export const PICK_ABOVE = 9;

/** Where a person is in a picker: the keys chosen so far, at one step of the game for one seat. */
export interface Picking {
  step: bigint;
  seat: number;
  path: string[];
}

interface Entry {
  action: GameAction;
  index: number;
  facets: Facet[][];
  placement: Placement | undefined;
}

export interface ChoiceArgs {
  actions: readonly GameAction[];
  view: GameView;
  ui: GameUi | undefined;
  path: readonly string[];
  busy: boolean;
  /** Show this step of the picker (a new path). */
  pick(path: string[]): void;
  /** Play this action. */
  choose(action: GameAction): void;
  /** Light (or not) squares of the seat's grid, while a placement button has focus. */
  light(squares: readonly string[], on: boolean): void;
}

function entriesOf(args: ChoiceArgs): Entry[] {
  return args.actions.map((action, index) => ({
    action, index,
    facets: args.ui?.facets?.(action, args.view) ?? [],
    placement: args.ui?.placement?.(action, args.view),
  }));
}

/** The entries left after the path's choices, and the label of each choice made. */
function narrowed(entries: readonly Entry[], path: readonly string[]): { left: Entry[]; crumbs: string[] } {
  let left = [...entries];
  const crumbs: string[] = [];
  path.forEach((key, level) => {
    const under = left.filter((e) => (e.facets[level] ?? []).some((f) => f.key === key));
    crumbs.push(under[0]?.facets[level]?.find((f) => f.key === key)?.label ?? key);
    left = under;
  });
  return { left, crumbs };
}

function actionButton(entry: Entry, args: ChoiceArgs): HTMLElement {
  const label = said(entry.action.label);
  const text = label.text || `#${entry.index + 1}`;
  const button = h("button", {
    type: "button",
    class: "action",
    "data-index": String(entry.index),
    "aria-label": text,
    title: text,
    disabled: args.busy,
    onclick: () => args.choose(entry.action),
    ...label.attrs,
  }, text);
  const placed = entry.placement;
  if (placed) {
    const squares = [placed.first, placed.second];
    button.addEventListener("mouseenter", () => args.light(squares, true));
    button.addEventListener("mouseleave", () => args.light(squares, false));
    button.addEventListener("focus", () => args.light(squares, true));
    button.addEventListener("blur", () => args.light(squares, false));
  }
  return button;
}

/** Action buttons, one row per kind of action (its label's message id), in the order they first appear. */
function actionRows(entries: readonly Entry[], args: ChoiceArgs): HTMLElement[] {
  const groups = new Map<string, HTMLElement[]>();
  for (const entry of entries) {
    const kind = entry.action.label?.id ?? "";
    const list = groups.get(kind) ?? [];
    list.push(actionButton(entry, args));
    groups.set(kind, list);
  }
  return [...groups.entries()].map(([kind, buttons]) =>
    h("div", { class: "action-group", "data-kind": kind }, h("div", { class: "action-buttons" }, ...buttons)));
}

/**
 * The seat's choice: every legal action as a button when there are few, else
 * the picker's current step (its choices, and the actions complete at it).
 */
export function choicePanel(args: ChoiceArgs): HTMLElement[] {
  const entries = entriesOf(args);
  const { left, crumbs } = narrowed(entries, args.path);
  if (!left.length) {
    // The path no longer leads anywhere (a new decision): start again.
    queueMicrotask(() => args.pick([]));
    return [];
  }
  const level = args.path.length;
  const out: HTMLElement[] = [];
  if (level) {
    out.push(h("div", { class: "picker-path" },
      h("button", { type: "button", class: "pick-back", onclick: () => args.pick(args.path.slice(0, -1)) }, t("pick-back")),
      h("span", { class: "crumbs" }, crumbs.join(" › "))));
  }
  const faceted = left.filter((e) => (e.facets[level] ?? []).length);
  if (left.length <= PICK_ABOVE || !faceted.length) {
    out.push(...actionRows(left, args));
    return out;
  }
  const choices = new Map<string, { label: string; count: number }>();
  for (const entry of faceted) {
    for (const facet of entry.facets[level] ?? []) {
      const seen = choices.get(facet.key) ?? { label: facet.label, count: 0 };
      seen.count += 1;
      choices.set(facet.key, seen);
    }
  }
  out.push(h("p", { class: "small pick-hint" }, t(level ? "pick-next" : "pick-first", { count: left.length })));
  out.push(h("div", { class: "picks", role: "group", "aria-label": t("pick-group") },
    ...[...choices.entries()].map(([key, { label, count }]) =>
      h("button", {
        type: "button", class: "pick", "data-key": key, disabled: args.busy,
        "aria-label": t("pick-choice", { choice: label, count }),
        onclick: () => args.pick([...args.path, key]),
      }, h("span", { class: "pick-label" }, label), h("span", { class: "pick-count", "aria-hidden": "true" }, String(count))))));
  const direct = left.filter((e) => !(e.facets[level] ?? []).length);
  if (direct.length) out.push(...actionRows(direct, args));
  return out;
}

/**
 * Makes the deciding seat's grid clickable for its placements: first a square
 * some placement starts on (its first half), then one that completes it; a
 * click on the chosen square again lets it go. The picker's path holds the
 * first square, so the grid and the buttons always show the same choice.
 */
export function wireGrid(root: ParentNode, args: ChoiceArgs): void {
  const entries = entriesOf(args).filter((e) => e.placement);
  if (!entries.length) return;
  const seat = entries[0]?.placement?.seat;
  const grid = root.querySelector(`table.shopfront[data-seat="${seat}"]`);
  if (!grid) return;
  grid.classList.add("choosing");
  const square = (name: string) => grid.querySelector<HTMLElement>(`td[data-sq="${name}"]`);
  const firsts = new Set(entries.flatMap((e) => (e.facets[0] ?? []).map((f) => f.key)));
  const chosen = args.path[0];
  const partners = new Map<string, GameAction>();
  if (chosen !== undefined) {
    for (const e of entries) {
      const p = e.placement;
      if (!p) continue;
      if (p.first === chosen) partners.set(p.second, e.action);
      else if (p.either && p.second === chosen) partners.set(p.first, e.action);
    }
    square(chosen)?.classList.add("picked");
  }
  const hint = chosen === undefined ? t("grid-pick-first") : t("grid-pick-second");
  grid.setAttribute("data-hint", hint);
  for (const name of chosen === undefined ? firsts : new Set([...partners.keys(), ...firsts])) {
    const td = square(name);
    if (!td) continue;
    const completes = partners.get(name);
    td.classList.add(completes ? "completes" : "pickable");
    td.addEventListener("click", () => {
      if (args.busy) return;
      if (completes) args.choose(completes);
      else if (name === chosen) args.pick([]);
      else args.pick([name]);
    });
  }
}
