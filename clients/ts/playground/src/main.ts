/**
 * The marketplay playground, served at / on the HTTP port: Play and Replay
 * pages over the same-origin Connect JSON API, through the generated client,
 * with the game's text in the language the header's switch names (words.ts).
 */
import { CallLog, createApi } from "./api.js";
import { ApiPanel } from "./apipanel.js";
import { byId, h } from "./dom.js";
import { PlayPage } from "./play.js";
import { ReplayPage } from "./replay.js";
import { LANGUAGES, localizeStatic, t, words } from "./words.js";

const PAGES = ["play", "replay"] as const;
type Page = (typeof PAGES)[number];

function showPage(page: Page, focus = false): void {
  for (const name of PAGES) {
    const tab = byId(`tab-${name}`);
    const selected = name === page;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    byId(`page-${name}`).hidden = !selected;
    if (selected && focus) tab.focus();
  }
}

function wireTabs(): void {
  PAGES.forEach((name, i) => {
    const tab = byId(`tab-${name}`);
    tab.addEventListener("click", () => showPage(name));
    tab.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      showPage(PAGES[(i + step + PAGES.length) % PAGES.length] ?? "play", true);
    });
  });
}

/** The language switch: loads the catalog, then asks the server again in the new language. */
function wireLanguage(play: PlayPage, replay: ReplayPage): void {
  const select = byId<HTMLSelectElement>("language");
  const status = byId("language-status");
  select.replaceChildren(...LANGUAGES.map((l) => h("option", { value: l.locale, selected: l.locale === words.locale, lang: l.locale }, l.label)));
  select.addEventListener("change", () => {
    const locale = select.value;
    select.disabled = true;
    status.textContent = "…";
    void words.use(locale)
      .then(async () => {
        localizeStatic();
        play.renderForm();
        await play.relocalize();
        await replay.relocalize();
        status.textContent = "";
        select.dataset.locale = locale;
      })
      .catch((err: unknown) => {
        status.textContent = t("catalog-failed", { locale, error: String(err) });
        select.value = words.locale;
      })
      .finally(() => { select.disabled = false; });
  });
}

async function main(): Promise<void> {
  const log = new CallLog();
  const client = createApi(log);
  // The raw exchange, open where there is room for it beside the board.
  const wide = globalThis.matchMedia?.("(min-width: 1000px)").matches ?? true;
  const playApi = h("details", { class: "panel api", id: "api-play", open: wide });
  const replayApi = h("details", { class: "panel api", id: "api-replay", open: wide });
  new ApiPanel(log, playApi);
  new ApiPanel(log, replayApi);
  byId("play-api-slot").append(playApi);
  byId("replay-api-slot").append(replayApi);

  const replay = new ReplayPage(client);
  const play = new PlayPage(client, {
    openReplay: (gameLog) => {
      showPage("replay");
      void replay.open(gameLog);
    },
  });
  wireTabs();
  showPage("play");
  try {
    await words.use(words.locale);
  } catch (err) {
    byId("language-status").textContent = t("catalog-failed", { locale: words.locale, error: String(err) });
  }
  localizeStatic();
  wireLanguage(play, replay);
  byId<HTMLSelectElement>("language").dataset.locale = words.locale;
  const games = await play.start();
  replay.titles = Object.fromEntries(games.map((g) => [g.gameId, g.title]));
}

void main();
