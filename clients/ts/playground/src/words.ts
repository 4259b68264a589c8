/**
 * What players read, in the language the page's switch names. Three sources,
 * none of them an English literal in the code:
 *
 * - The game's sentences are the server's: every call asks for text in the
 *   locale with the seats' display names (ViewSelection.locale, seat_names),
 *   and the page shows the Messages' text as it comes (an action's label, an
 *   event's line, a decision's prompt, the outcome, a refusal's detail).
 * - The game's words (a spice, a product, a variant, an option of the set-up
 *   form) are the terms of the server's catalog, fetched once per locale (GET
 *   /catalogs/<locale>.ftl) and rendered here with the client's
 *   MessageRenderer (clients/ts/src/text.ts, the server's rules). The same
 *   catalog renders an event received before the language changed again, and a
 *   seat's default name ("Spieler 2") where the page names a seat itself.
 * - The page's own words (headings, captions, its controls) are the page's
 *   catalog, locales/<locale>/playground.ftl, bundled with the page and
 *   rendered with Fluent as the server's are; the pseudo-locale's is made from
 *   English by the server's transformation (accented, longer, bracketed).
 */
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";

import {
  fetchCatalog,
  type Message,
  MessageRenderer,
  PSEUDO_LOCALE,
  pseudoText,
  SOURCE_LOCALE,
} from "../../src/index.js";
import german from "../locales/de/playground.ftl";
import english from "../locales/en/playground.ftl";

export interface Language {
  locale: string;
  /** The switch's label: the language's own name; the pseudo-locale says what it is for. */
  label: string;
}

export const LANGUAGES: readonly Language[] = [
  { locale: SOURCE_LOCALE, label: "English" },
  { locale: "de", label: "Deutsch" },
  { locale: PSEUDO_LOCALE, label: "Pseudo-locale (en-XA, for testers)" },
];

/** The page's catalog of each locale it ships; the pseudo-locale's is made from English. */
const PAGE_CATALOGS: Readonly<Record<string, string>> = { [SOURCE_LOCALE]: english, de: german };

const STORAGE_KEY = "marketplay-playground-locale";

/** The locale of the Message each object was received in (an event, a label), by object. */
const received = new WeakMap<object, string>();

/** A page message's arguments: numbers (plural rules apply) and strings (names, shown as given). */
export type Args = Record<string, string | number>;

/** The page's catalog of one locale, English behind it for anything it lacks. */
class PageCatalog {
  private readonly bundle: FluentBundle;

  constructor(readonly locale: string, private readonly fallback?: PageCatalog) {
    const pseudo = locale === PSEUDO_LOCALE;
    this.bundle = new FluentBundle(pseudo ? SOURCE_LOCALE : locale, {
      useIsolating: false,
      ...(pseudo ? { transform: pseudoText } : {}),
    });
    const source = PAGE_CATALOGS[pseudo ? SOURCE_LOCALE : locale] ?? "";
    const errors = this.bundle.addResource(new FluentResource(source));
    if (errors.length) throw new Error(`the page's ${locale} catalog does not parse: ${errors[0]?.message}`);
  }

  /** A message's value, or one of its attributes; "" and a console error when the catalog lacks it. */
  format(id: string, args: Args | undefined, attribute?: string): string {
    const message = this.bundle.getMessage(id);
    const pattern = attribute === undefined ? message?.value : message?.attributes[attribute];
    if (!pattern) {
      if (this.fallback) return this.fallback.format(id, args, attribute);
      console.error(`the page's catalog has no message ${id}${attribute ? `.${attribute}` : ""}`);
      return id;
    }
    const errors: Error[] = [];
    const text = this.bundle.formatPattern(pattern, args as Record<string, FluentVariable> | undefined, errors);
    for (const error of errors) console.error(`${id}: ${error.message}`);
    return this.locale === PSEUDO_LOCALE ? `[${text}]` : text;
  }
}

class Words {
  locale: string = SOURCE_LOCALE;
  /** The display names of the current game's seats (the set-up form's; "" for none). */
  names: string[] = [];
  private readonly renderers = new Map<string, Promise<MessageRenderer>>();
  private renderer: MessageRenderer | undefined;
  private readonly pages = new Map<string, PageCatalog>();
  private page: PageCatalog;

  constructor() {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored && LANGUAGES.some((l) => l.locale === stored)) this.locale = stored;
    this.page = this.pageFor(this.locale);
  }

  /** Switches to `locale` once its catalog is loaded; the page then asks again in it. */
  async use(locale: string): Promise<void> {
    if (!LANGUAGES.some((l) => l.locale === locale)) throw new Error(`no such language: ${locale}`);
    this.renderer = await this.rendererFor(locale);
    this.page = this.pageFor(locale);
    this.locale = locale;
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  }

  private pageFor(locale: string): PageCatalog {
    let page = this.pages.get(locale);
    if (!page) {
      const english = locale === SOURCE_LOCALE ? undefined : this.pageFor(SOURCE_LOCALE);
      page = new PageCatalog(locale, english);
      this.pages.set(locale, page);
    }
    return page;
  }

  private rendererFor(locale: string): Promise<MessageRenderer> {
    let renderer = this.renderers.get(locale);
    if (!renderer) {
      renderer = (async () => {
        const fallback = locale === SOURCE_LOCALE ? undefined : await this.rendererFor(SOURCE_LOCALE);
        const catalog = await fetchCatalog(location.origin, locale);
        return new MessageRenderer(locale, catalog, fallback ? { fallback } : {});
      })();
      renderer.catch(() => this.renderers.delete(locale));
      this.renderers.set(locale, renderer);
    }
    return renderer;
  }

  /** What a call asks for: text in the current language, with the seats' names. */
  views(numPlayers: number): { locale: string; seatNames: string[] } {
    const names = this.names.slice(0, numPlayers);
    while (names.length && !names[names.length - 1]) names.pop();
    return { locale: this.locale, seatNames: names };
  }

  /** Remembers the locale the Messages of `update` (its events) were rendered in. */
  receive(events: readonly { message?: Message | undefined }[], locale: string): void {
    for (const event of events) if (event.message) received.set(event.message, locale);
  }

  /**
   * A Message's text in the current language: as the server rendered it when
   * it was received in that language, else rendered here from the catalog.
   */
  text(message: Message | undefined): string {
    if (!message?.id) return "";
    const locale = received.get(message);
    if (message.text && (locale === undefined || locale === this.locale)) return message.text;
    return this.renderer ? this.renderer.withSeatNames(this.names).render(message) : message.text;
  }

  /** A page message in the current language (locales/<locale>/playground.ftl), or one of its attributes. */
  t(id: string, args?: Args, attribute?: string): string {
    return this.page.format(id, args, attribute);
  }

  /** A word of the server's catalog (a term such as "spice-merchant-spice-saffron"). */
  term(id: string): string {
    return this.renderer ? this.renderer.render({ id, arguments: [] }) : id;
  }

  /** The language's name for a seat without a display name ("Spieler 2"). */
  defaultName(seat: number): string {
    return this.renderer ? stripIsolates(this.renderer.withSeatNames([]).seatName(seat)) : `#${seat + 1}`;
  }

  /** A seat as the page names it: its display name, or the language's "Player N". */
  seat(seat: number): string {
    const name = this.names[seat];
    return name || this.defaultName(seat);
  }
}

function stripIsolates(text: string): string {
  return text.replace(/[\u2068\u2069]/g, "");
}

export const words = new Words();

/** Shorthand for the page's own words: t("event-log"), t("setup-seed", undefined, "placeholder"). */
export function t(id: string, args?: Args, attribute?: string): string {
  return words.t(id, args, attribute);
}

/**
 * Writes the page's words into the static page (index.html): each element's
 * text from the message its `data-l10n-id` names, and each attribute that
 * `data-l10n-attrs` lists ("aria-label placeholder") from the message's
 * attribute of that name (Fluent's `.aria-label = ...`).
 */
export function localizeStatic(root: ParentNode = document): void {
  document.documentElement.lang = words.locale;
  for (const el of root.querySelectorAll<HTMLElement>("[data-l10n-id]")) {
    const id = el.dataset.l10nId ?? "";
    if (el.dataset.l10nText !== "no") el.textContent = words.t(id);
    for (const attr of (el.dataset.l10nAttrs ?? "").split(/\s+/).filter(Boolean)) {
      el.setAttribute(attr, words.t(id, undefined, attr));
    }
  }
}
