/**
 * Player-facing text rendered here, from the service's catalogs, instead of
 * by the server. Every action label, event, decision prompt, outcome and
 * refusal the service sends is a `Message`: a stable id and typed arguments,
 * plus its `text` when the call named `ViewSelection.locale`. A frontend that
 * asks for Messages without text (`ViewSelection.messages`) renders them with
 * a `MessageRenderer` over the catalog of its locale: the copies this package
 * carries (`catalogs/<locale>.ftl`, written by `make catalogs`; `loadCatalog`
 * in `@marketplay/client/node` reads them) or the server's own
 * (`GET /catalogs/<locale>.ftl`, `fetchCatalog`).
 *
 * The arguments are turned into Fluent values by the same rules as the
 * server's renderer (service/text.py), so the same Message gives the same
 * text: a number is a number (plural categories and digits from CLDR via
 * Intl); a seat is its display name, isolated (U+2068 .. U+2069) so a
 * right-to-left name cannot reorder the sentence, or else the catalog's
 * "seat-default-name" ("Player 2"); a term is its own message's text
 * ("Saffron"); a list is the locale's list of its items ("A, B and C"; in the
 * pseudo-locale the "and" is accented too). Browser-safe: no Node APIs.
 */
import { FluentBundle, type FluentVariable, FluentResource } from "@fluent/bundle";

import type { Message, MessageArgument } from "./gen/marketplay/v1/game_service_pb.js";

/** The locale the catalogs are written in; every other falls back to it. */
export const SOURCE_LOCALE = "en";
/** Accented, about a third longer and bracketed: made from English by the server, for tests. */
export const PSEUDO_LOCALE = "en-XA";
/** The message a seat without a display name is called by ($number: the seat plus one). */
export const SEAT_DEFAULT_NAME = "seat-default-name";

const FSI = "\u2068";
const PDI = "\u2069";

export interface RendererOptions {
  /** Display names by seat (index 0 is seat 0); a missing or empty one renders as "Player N". */
  seatNames?: readonly string[];
  /** Renders what this catalog lacks (a catalog behind the source): usually English's renderer. */
  fallback?: MessageRenderer;
  /** Told of every Fluent error (an unknown message or variable); the text is still returned. */
  onError?: (id: string, error: Error) => void;
}

/** The CLDR locale behind a catalog's: the pseudo-locale's rules are English's. */
function cldrLocale(locale: string): string {
  return locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
}

/** The pseudo-locale's accents (service/text.py `_pseudo_text`). */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i] ?? c,
  ]),
);

/**
 * The pseudo-locale's change to a run of text (service/text.py `_pseudo_text`):
 * every ASCII letter accented, about a third longer. A frontend's own catalog
 * gets the pseudo-locale the server's has with it (as a FluentBundle's
 * `transform`, each message then bracketed).
 */
export function pseudoText(text: string): string {
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join("");
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  return letters ? accented + "·".repeat(Math.floor((2 * letters + 4) / 5)) : accented;
}

/**
 * Renders Messages in one locale from its catalog (the whole `.ftl` text, or
 * several: the shared catalog and each game's; or a FluentBundle made of
 * them with `useIsolating: false`, as the server's adds no marks of its own),
 * with the caller's display names. Throws when the catalog does not parse.
 */
export class MessageRenderer {
  readonly locale: string;
  private readonly bundle: FluentBundle;
  private readonly names: readonly string[];
  private readonly options: RendererOptions;
  private readonly fallback: MessageRenderer | undefined;
  private readonly onError: ((id: string, error: Error) => void) | undefined;
  private readonly lists: Intl.ListFormat;

  constructor(locale: string, catalog: string | readonly string[] | FluentBundle, options: RendererOptions = {}) {
    this.locale = locale;
    if (catalog instanceof FluentBundle) {
      this.bundle = catalog;
    } else {
      this.bundle = new FluentBundle(cldrLocale(locale), { useIsolating: false });
      for (const source of typeof catalog === "string" ? [catalog] : catalog) {
        const errors = this.bundle.addResource(new FluentResource(source));
        if (errors.length) throw new Error(`the ${locale} catalog does not parse: ${errors[0]?.message}`);
      }
    }
    this.options = options;
    this.names = options.seatNames ?? [];
    this.fallback = options.fallback;
    this.onError = options.onError;
    this.lists = new Intl.ListFormat(cldrLocale(locale), { style: "long", type: "conjunction" });
  }

  /** The same catalog (not parsed again) with other display names. */
  withSeatNames(seatNames: readonly string[]): MessageRenderer {
    return new MessageRenderer(this.locale, this.bundle, { ...this.options, seatNames });
  }

  /** Whether the catalog has a message with this id. */
  has(id: string): boolean {
    return this.bundle.hasMessage(id);
  }

  /** The Message's text; "" for an unset Message (no id). */
  render(message: Pick<Message, "id" | "arguments">): string {
    if (!message.id) return "";
    const args: Record<string, FluentVariable> = {};
    for (const argument of message.arguments) args[argument.name] = this.value(argument);
    return this.format(message.id, args);
  }

  private format(id: string, args: Record<string, FluentVariable>): string {
    const found = this.bundle.getMessage(id);
    if (!found?.value) {
      // The arguments are already values (seats named here), so the fallback needs no names.
      if (this.fallback) return this.fallback.format(id, args);
      this.onError?.(id, new Error(`no message ${id} in the ${this.locale} catalog`));
      return id;
    }
    const errors: Error[] = [];
    const text = this.bundle.formatPattern(found.value, args, errors);
    for (const error of errors) this.onError?.(id, error);
    return text;
  }

  private value(argument: MessageArgument): FluentVariable {
    const value = argument.value;
    switch (value.case) {
      case "number":
        return Number(value.value);
      case "list": {
        const items = value.value.items.map((item) => this.item(item));
        return this.listed(items);
      }
      case "seat":
      case "term":
        return this.item(argument);
      default:
        return "";
    }
  }

  private item(argument: MessageArgument): string {
    const value = argument.value;
    if (value.case === "term") return this.format(value.value, {});
    if (value.case === "seat") return this.seatName(value.value);
    return "";
  }

  /** A seat as the text names it: its display name (isolated), or the locale's "Player N". */
  seatName(seat: number): string {
    const name = this.names[seat];
    if (name) return FSI + name + PDI;
    return this.format(SEAT_DEFAULT_NAME, { number: seat + 1 });
  }

  private listed(items: readonly string[]): string {
    if (items.length === 0) return "";
    if (this.locale === PSEUDO_LOCALE && items.length > 1) {
      // CLDR's "and" would stay English: the server accents it (service/text.py `listed`).
      return `${items.slice(0, -1).join(", ")} ${pseudoText("and")} ${items[items.length - 1]}`;
    }
    return this.lists.format(items);
  }
}

/**
 * A locale's whole catalog from a marketplay server's HTTP port
 * (`GET /catalogs/<locale>.ftl`); throws on any answer but 200.
 */
export async function fetchCatalog(
  baseUrl: string,
  locale: string,
  fetcher: typeof globalThis.fetch = globalThis.fetch,
): Promise<string> {
  const url = `${baseUrl.replace(/\/+$/, "")}/catalogs/${encodeURIComponent(locale)}.ftl`;
  const answer = await fetcher(url);
  if (answer.status !== 200) throw new Error(`GET ${url}: HTTP ${answer.status}`);
  return answer.text();
}
