/**
 * What players read, in the language the page's switch names: every call asks
 * the server for text in that locale with the seats' display names
 * (ViewSelection.locale, seat_names), and the page shows the Messages' text
 * as it comes (an action's label, an event's line, a decision's prompt, the
 * outcome, a refusal's detail). The page writes no sentence about the game
 * itself.
 *
 * The locale's catalog is fetched once from the server (GET
 * /catalogs/<locale>.ftl) for the two things no response carries: an event
 * received before the language changed, rendered again from its id and
 * arguments with the client's MessageRenderer (clients/ts/src/text.ts, the
 * server's rules); and a seat's default name ("Spieler 2") where the page
 * names a seat itself (tabs, tables).
 */
import { fetchCatalog, type Message, MessageRenderer, PSEUDO_LOCALE, SOURCE_LOCALE } from "../../src/index.js";

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

const STORAGE_KEY = "marketplay-playground-locale";

/** The locale of the Message each object was received in (an event, a label), by object. */
const received = new WeakMap<object, string>();

class Words {
  locale: string = SOURCE_LOCALE;
  /** The display names of the current game's seats (the set-up form's; "" for none). */
  names: string[] = [];
  private readonly renderers = new Map<string, Promise<MessageRenderer>>();
  private renderer: MessageRenderer | undefined;

  constructor() {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored && LANGUAGES.some((l) => l.locale === stored)) this.locale = stored;
  }

  /** Switches to `locale` once its catalog is loaded; the page then asks again in it. */
  async use(locale: string): Promise<void> {
    if (!LANGUAGES.some((l) => l.locale === locale)) throw new Error(`no such language: ${locale}`);
    this.renderer = await this.rendererFor(locale);
    this.locale = locale;
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
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
