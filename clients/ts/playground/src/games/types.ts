/** What the page needs from each game: its board, its redaction, and readable actions and events. */
import type { GameAction, GameEvent, GameView } from "../../../src/index.js";
import type { Viewer } from "../components.js";

export interface ActionLabel {
  /** Buttons are shown grouped under these headings, in the order they first appear. */
  group: string;
  /** The button's text. */
  text: string;
  /** The full sentence for screen readers and the tooltip, when the text is terse. */
  aria?: string;
  /** Squares ("B2") of the acting seat's shopfront to highlight while the button has focus. */
  squares?: string[];
}

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
  /** A legal action as a button label; `view` is the acting seat's view. */
  action(action: GameAction, view: GameView | undefined): ActionLabel;
  /** One line of the event log. */
  event(event: GameEvent): string;
  /** A few words for the status bar: round, phase. */
  summary(view: GameView): string;
}

/** The label of an action the page cannot read (another game's, or a newer message). */
export const UNKNOWN_ACTION: ActionLabel = { group: "Other", text: "?" };

/** A oneof as protobuf-es gives it: the name of the field that is set, and its value. */
export type Oneof = { case: string; value: unknown } | { case: undefined; value?: undefined };

/**
 * One text per case of a oneof, so that a game writes its actions and events
 * as a table of sentences rather than a switch; `context` is what a text needs
 * beyond the message (the acting seat's view, for an action).
 */
export type TextByCase<U extends Oneof, R, C = undefined> = {
  [K in NonNullable<U["case"]>]?: (value: Extract<U, { case: K }>["value"], context: C) => R;
};

/** The text of the case that is set, or `otherwise` for a case the table does not know. */
export function textOf<U extends Oneof, R, C>(kind: U, texts: TextByCase<U, R, C>, context: C, otherwise: R): R {
  if (kind.case === undefined) return otherwise;
  const text = texts[kind.case as NonNullable<U["case"]>] as ((value: unknown, context: C) => R) | undefined;
  return text ? text(kind.value, context) : otherwise;
}
