/**
 * What the page needs from each game: its board and its redaction. What the
 * game says to players (actions, events, prompts, the outcome) is the
 * server's: the Messages' text (words.ts), never a sentence of the page.
 */
import type { GameAction, GameView } from "../../../src/index.js";
import type { Viewer } from "../components.js";

/** One line of "what this viewer sees that others do not" or "what it cannot see". */
export interface RedactionItem {
  what: string;
  /** Face-down things: drawn as card backs with this count. */
  count?: number;
  /** Face-up things only this viewer sees, drawn as they are. */
  shown?: HTMLElement;
}

export interface Redaction {
  onlyYou: RedactionItem[];
  hidden: RedactionItem[];
}

export interface GameUi {
  /** The board as a person at the table would see it from this view. */
  board(view: GameView, viewer: Viewer): HTMLElement;
  redaction(view: GameView, viewer: Viewer): Redaction;
  /** A few words for the status bar: round, phase. */
  summary(view: GameView): string;
  /** Squares ("B2") of the acting seat's shopfront that a legal action covers, lit while its button has focus. */
  squares?(action: GameAction): string[];
}
