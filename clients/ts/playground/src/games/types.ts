/**
 * What the page needs from each game: its board, its redaction, and how a
 * large choice is split for a picker. What the game says to players (actions,
 * events, prompts, the outcome) is the server's: the Messages' text
 * (words.ts), never a sentence of the page.
 */
import type { GameAction, GameView } from "../../../src/index.js";
import type { Viewer } from "../components.js";

/** Something only this viewer sees, named (the board draws it). */
export interface PrivateItem {
  what: string;
  /** "7 cards", "on the board". */
  detail?: string;
}

/** Something this viewer cannot see: drawn as backs with this count. */
export interface HiddenItem {
  what: string;
  count?: number;
  kind?: "card" | "crate";
}

export interface Redaction {
  onlyYou: PrivateItem[];
  hidden: HiddenItem[];
}

/**
 * One step of a picker: the keys an action is listed under at that step (an
 * action may be under several: a registration of Ginger and Saffron under
 * both), each with the words its button shows.
 */
export interface Facet {
  key: string;
  label: string;
}

/** A placement on a grid: the square the first half goes on, then the second's. */
export interface Placement {
  /** Whose grid (table.shopfront[data-seat]). */
  seat: number;
  first: string;
  second: string;
  /** Both halves alike: the placement is listed once, and either square may be clicked first. */
  either: boolean;
}

export interface GameUi {
  /** The board as a person at the table would see it from this view. */
  board(view: GameView, viewer: Viewer): HTMLElement;
  redaction(view: GameView, viewer: Viewer): Redaction;
  /** A few words for the status bar: round, phase. */
  summary(view: GameView): string;
  /**
   * How a large choice is picked in steps (a spice, then a market): per step,
   * the facets an action is listed under; [] where it needs no step of that kind.
   */
  facets?(action: GameAction, view: GameView): Facet[][];
  /** The squares a placement covers, for choosing it by clicking the grid. */
  placement?(action: GameAction, view: GameView): Placement | undefined;
}
