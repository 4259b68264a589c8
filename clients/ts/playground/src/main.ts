/**
 * The marketplay playground, served at / on the HTTP port: Play and Replay
 * pages over the same-origin Connect JSON API, through the generated client.
 */
import { CallLog, createApi } from "./api.js";
import { ApiPanel } from "./apipanel.js";
import { byId, h } from "./dom.js";
import { PlayPage } from "./play.js";
import { ReplayPage } from "./replay.js";

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

function main(): void {
  const log = new CallLog();
  const client = createApi(log);
  const playApi = h("section", { class: "panel api", id: "api-play", "aria-label": "API calls" });
  const replayApi = h("section", { class: "panel api", id: "api-replay", "aria-label": "API calls" });
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
  void play.start().then((games) => {
    replay.titles = Object.fromEntries(games.map((g) => [g.gameId, g.title]));
  });
}

main();
