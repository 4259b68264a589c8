"""The playground at / on the HTTP port, used in headless Chromium as a person would.

Playwright drives Debian's chromium (`make system-tools`; no browser download)
against one server with seat tokens required and expiring, the way `make run`
serves the page: same origin, Connect JSON. Every test fails on a console
error, an uncaught page error, a failed request or an answer >= 400. A game of
each title is played to the end by clicking its offered action buttons (a
seeded choice) in English, German and the pseudo-locale, with a screenshot per
title and language in out/playground/ (README), one at a phone's viewport;
every action button (at every step), log line, prompt and outcome the page
shows is the server's text of its Message, and in German and the pseudo-locale
translated: no English word of the same Message's English text left in German,
every text bracketed with no unaccented letter in the pseudo-locale. The
language switch re-asks a game in progress in the new language, its earlier log
lines rendered again from the catalog. The keyboard reaches and presses an
action button; the seat switcher and spectator tab show what each view holds
and hides; the Replay page steps through a finished game and shows the
fairness check; and bots play a game by themselves, then take two chairs
against a person (never skipped: the server always serves SuggestAction).
"""

from __future__ import annotations

import base64
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    Route,
    expect,
    sync_playwright,
)

from engines import registry
from engines.core.text import Phrase
from service.text import PSEUDO_LOCALE, SOURCE_LOCALE, Speaker, shipped_catalogs
from tests.interop.messages import phrase_of
from tests.interop.ts_client import PLAY_CONFIG, ServedBoth, child_env

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "playground"
CHROMIUM = shutil.which("chromium")
# Headless flags for a machine with no network beyond loopback (as tests/interop/test_ts_browser.py).
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-proxy-server",
]
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
MAX_CLICKS = 400  # the longest game here (Central Market, 3 seats, price cap 2) takes about 170 actions
#: How long a step may take to show before the test fails: only a failing test waits
#: this long, so it is generous (a loaded 2-core CI machine, two browsers at once).
STEP_TIMEOUT_MS = 60_000
expect.set_options(timeout=STEP_TIMEOUT_MS)
#: A picker's steps (Spice Merchant: a spice, then a market) and the most buttons one step may show.
MAX_PICKS = 3
MAX_BUTTONS = 16

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (`make system-tools`)")


@pytest.fixture(scope="module")
def server() -> Iterator[ServedBoth]:
    served = ServedBoth(PLAY_CONFIG)
    yield served
    served.close()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    assert CHROMIUM is not None
    launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS,
                                          env=child_env())
    yield launched
    launched.close()


@dataclass
class Troubles:
    """Everything the page must never do; each test asserts it stayed empty."""

    lines: list[str] = field(default_factory=list)
    #: HTTP statuses a test provokes on purpose (and the browser's console line for each).
    allowed: set[int] = field(default_factory=set)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(
                f"status of {status}" in message.text for status in self.allowed):
            self.lines.append(f"console error: {message.text}")

    def page_error(self, error: Exception) -> None:
        self.lines.append(f"page error: {error}")

    def request_failed(self, request: Request) -> None:
        self.lines.append(f"request failed: {request.method} {request.url}: {request.failure}")

    def response(self, response: Response) -> None:
        if response.status >= 400 and response.status not in self.allowed:
            self.lines.append(f"HTTP {response.status}: {response.request.method} {response.url}")


Opener = Callable[..., Page]


@pytest.fixture
def open_page(browser: Browser, server: ServedBoth) -> Iterator[Opener]:
    """open_page(viewport) -> a page on the playground, checked for troubles at the end."""
    yield from _pages(browser, server)


@pytest.fixture(scope="module")
def short_token_server() -> Iterator[ServedBoth]:
    """Tokens that live 61 s: the page renews them when less than 60 s are left."""
    served = ServedBoth(replace(PLAY_CONFIG, seat_token_ttl=61))
    yield served
    served.close()


def _pages(browser: Browser, server: ServedBoth) -> Iterator[Opener]:
    troubles = Troubles()
    contexts = []

    def opener(viewport: dict[str, int] = DESKTOP, allow: tuple[int, ...] = (),
               on_response: Callable[[Response], None] | None = None) -> Page:
        troubles.allowed.update(allow)
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(STEP_TIMEOUT_MS)  # clicks and fills wait as long as expects
        contexts.append(context)
        page = context.new_page()
        if on_response is not None:
            page.on("response", on_response)
        page.on("console", troubles.console)
        page.on("pageerror", troubles.page_error)
        page.on("requestfailed", troubles.request_failed)
        page.on("response", troubles.response)
        page.goto(server.http_url + "/")
        expect(page.locator("#start-game")).to_be_visible()
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not troubles.lines, "\n".join(troubles.lines)


def start(page: Page, game: str, players: int, seed: str, options: dict[str, str] | None = None,
          seats: dict[int, str] | None = None, names: dict[int, str] | None = None) -> None:
    page.select_option("#setup-game", game)
    page.select_option("#setup-players", str(players))
    for name, value in (options or {}).items():
        control = page.locator(f"#option-{name}")
        folded = page.locator("details.table-options", has=control)
        if folded.count() and folded.get_attribute("open") is None:
            folded.locator("summary").click()  # the table's options are folded away by default
        kind = control.get_attribute("type")
        if kind == "checkbox":
            control.set_checked(value == "true")
        elif kind == "number":
            control.fill(value)
        else:
            control.select_option(value)
    for seat in range(players):  # the form remembers the last game's choices
        page.select_option(f"#setup-seat-{seat}", (seats or {}).get(seat, "human"))
        page.fill(f"#setup-name-{seat}", (names or {}).get(seat, ""))
    page.fill("#setup-seed", seed)
    page.click("#start-game")
    expect(page.locator("#status")).to_have_attribute("data-step", "0", timeout=STEP_TIMEOUT_MS)


def step_of(page: Page) -> int:
    return int(page.locator("#status").get_attribute("data-step") or "-1")


def click_action(page: Page, rng: random.Random, reader: Reader | None = None) -> None:
    """Plays one of the offered actions, as a person would: through the picker's steps
    when the choice is large (a seeded choice among its choices and any actions
    complete at that step), then an action button; waits until the game is one step
    further. With a reader, every action button shown and the prompt are first held
    to their Messages."""
    before = step_of(page)
    if reader is not None:
        reader.read(page, "#actions .prompt", f"step {before}")
    for depth in range(MAX_PICKS + 1):
        if reader is not None:
            reader.read(page, "#actions button.action", f"step {before}, pick {depth}")
        grid = page.locator("table.shopfront.choosing")
        if grid.count():  # a placement: by clicking the grid, first square then second
            completes = grid.locator("td.completes")
            if completes.count():
                completes.nth(rng.randrange(completes.count())).click()
                break
            squares = grid.locator("td.pickable")
            assert squares.count() > 0, f"step {before}: a grid to click with no square to click"
            squares.nth(rng.randrange(squares.count())).click()
            expect(page.locator("table.shopfront.choosing td.picked")).to_have_count(1)
            continue
        offered = page.locator("#actions button.action, #actions button.pick")
        count = offered.count()
        assert count > 0, f"step {before}: nothing offered"
        assert count <= MAX_BUTTONS, f"step {before}: a wall of {count} buttons: {offered.all_inner_texts()}"
        chosen = offered.nth(rng.randrange(count))
        if "pick" not in (chosen.get_attribute("class") or "").split():
            chosen.click()
            break
        chosen.click()
        expect(page.locator("#actions .picker-path .crumbs")).to_have_count(1)
    else:
        raise AssertionError(f"step {before}: the picker never reached an action")
    expect(page.locator("#status")).to_have_attribute("data-step", str(before + 1), timeout=STEP_TIMEOUT_MS)


def play_to_the_end(page: Page, seed: int, reader: Reader | None = None) -> int:
    rng = random.Random(seed)
    clicks = 0
    while page.locator("#status").get_attribute("data-over") != "true":
        assert clicks < MAX_CLICKS, f"no outcome after {clicks} clicks"
        click_action(page, rng, reader)
        clicks += 1
    return clicks


# ------------------------------------------------------------------ words


#: The switch's choices: each language's own name; the pseudo-locale says it is for testers.
LANGUAGES = {"en": "English", "de": "Deutsch", PSEUDO_LOCALE: "Pseudo-locale (en-XA, for testers)"}
#: A display name: shown isolated (U+2068 .. U+2069) in the server's text.
ISOLATED = re.compile("\u2068[^\u2069]*\u2069")
#: Words the same in English and German (Market Fresh's "Solo" variant).
SAME_WORD = {"Solo"}
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
#: Every Message element the page shows: buttons, prompts, log lines, the outcome.
SHOWN = "#game [data-message]"


def choose_language(page: Page, locale: str) -> None:
    """Picks a language in the header's switch and waits until the page has asked again in it."""
    page.select_option("#language", locale)
    expect(page.locator("#language")).to_have_attribute("data-locale", locale)


@dataclass
class Reader:
    """Holds what the page shows to the server's text of its Messages in `locale`
    (service/text.py renders the same phrase here), and to the locale's rules:
    German with no English word of the same Message's English text left, the
    pseudo-locale bracketed with no unaccented letter."""

    locale: str
    names: tuple[str, ...] = ()
    checked: int = 0

    def check(self, text: str, message: str | None, where: str) -> None:
        assert message, f"{where}: {text!r} carries no Message (data-message)"
        phrase = phrase_of(json.loads(message))
        catalogs = shipped_catalogs()
        expected = Speaker(catalogs, self.locale, self.names).text(phrase)
        assert text == expected, f"{where}: shows {text!r}, the server's {self.locale} text is {expected!r}"
        unnamed = ISOLATED.sub("", text)
        if self.locale == "de":
            english = ISOLATED.sub("", Speaker(catalogs, SOURCE_LOCALE, self.names).text(phrase))
            left = {w for w in ENGLISH_WORD.findall(english)
                    if re.search(rf"\b{w}\b", unnamed)} - SAME_WORD
            assert not left, f"{where}: {phrase.id} {text!r} keeps English {sorted(left)} of {english!r}"
        elif self.locale == PSEUDO_LOCALE:
            assert unnamed.startswith("[") and unnamed.endswith("]"), f"{where}: {text!r}"
            assert not re.search(r"[A-Za-z]", unnamed), f"{where}: unaccented text in {text!r}"
        self.checked += 1

    def read(self, page: Page, selector: str, where: str) -> int:
        """Checks every element `selector` finds; how many there were."""
        shown = page.locator(selector).evaluate_all(
            "els => els.map(el => [el.textContent, el.getAttribute('data-message'), "
            "el.getAttribute('aria-label'), el.lang])")
        for text, message, aria, lang in shown:
            self.check(text, message, where)
            assert lang == self.locale, f"{where}: {text!r} is marked lang={lang!r}"
            if aria is not None:
                assert aria == text, f"{where}: aria-label {aria!r} is not the label {text!r}"
        return len(shown)

    def read_actions(self, page: Page, where: str) -> None:
        assert self.read(page, "#actions button.action", where) > 0, where
        assert self.read(page, "#actions .prompt", where) > 0, where

    def read_all(self, page: Page, where: str) -> None:
        """Every Message the game's part of the page shows: buttons, prompts, log, outcome."""
        assert self.read(page, SHOWN, where) > 0, where


def shot(page: Page, name: str, full_page: bool = True) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 10_000, f"{path} looks empty"
    return path


# ------------------------------------------------------------------ play


#: Every registered title, at its fewest seats (at least two) and its default
#: options unless a shorter table is named here (a seeded random game: about 40,
#: 170 and 75 clicks for Spice Merchant, Central Market and Market Fresh; the
#: defaults, 3 seats of Spice Merchant, Central Market at its default price cap
#: and 2 seats of Market Fresh, were about 45, 210 and 185). Two seats of Market
#: Fresh are shown by the phone test, three of Spice Merchant by the seat
#: switcher's; the Central Market game also sets a number option through its form.
SHORTER: dict[str, tuple[int, dict[str, str]]] = {
    "central-market": (3, {"max-price": "2"}),
    "market-fresh": (1, {"variant": "solo"}),
}
TITLES = [
    pytest.param(game_id, *SHORTER.get(game_id, (max(2, engine.spec.min_players), {})), id=game_id)
    for game_id, engine in sorted(registry.ENGINES.items())
]


#: Display names for seat 0 only: the other seats are the language's "Player N".
NAMES = {0: "Ann"}


@pytest.mark.parametrize("locale", list(LANGUAGES))
@pytest.mark.parametrize(("game", "players", "options"), TITLES)
def test_a_game_of_each_title_is_played_to_the_end_by_clicking(
        open_page: Opener, game: str, players: int, options: dict[str, str], locale: str) -> None:
    """In each language: every button and prompt at every step, and at the end every log
    line and the outcome, are the server's text of their Messages, translated."""
    page = open_page()
    choose_language(page, locale)
    start(page, game, players, f"playground-{game}", options, names=NAMES)
    reader = Reader(locale, ("Ann",))
    clicks = play_to_the_end(page, seed=len(game), reader=reader)
    assert clicks == step_of(page)
    outcome = page.locator(".outcome")
    expect(outcome.locator("tbody tr")).to_have_count(players)
    summary = outcome.locator("#outcome-title")
    said = summary.text_content() or ""
    reader.check(said, summary.get_attribute("data-message"), "the outcome")
    assert page.locator("#actions .prompt").text_content() == said
    last = page.locator(".log-lines li .line").first
    assert "-event-game-ended" in json.loads(last.get_attribute("data-message") or "{}")["id"], \
        last.inner_text()
    lines = page.locator(".log-lines li .line").count()
    assert lines > clicks // 2, lines
    reader.read_all(page, "the end")
    assert reader.checked > 2 * clicks + lines, reader.checked
    shot(page, game if locale == "en" else f"{game}-{locale}")


def test_the_language_switch_asks_again_and_renders_the_log_again(open_page: Opener) -> None:
    """A game in progress, switched from English to German and to the pseudo-locale: the
    view is asked for again (GetView), and every line of the log, the earlier ones too
    (rendered from the catalog the page fetched), the buttons and the prompt are in the
    new language; the next moves' lines come in it from the server."""
    page = open_page()
    choose_language(page, "en")
    start(page, "spice-merchant", 3, "playground-switch", names={1: "Bo"})
    rng = random.Random(3)
    english = Reader("en", ("", "Bo"))
    for _ in range(4):
        click_action(page, rng, english)
    english.read_all(page, "in English")
    for locale in ("de", PSEUDO_LOCALE):
        choose_language(page, locale)
        assert api_calls(page)[0]["method"] == "GetView"  # the newest call
        reader = Reader(locale, ("", "Bo"))
        reader.read_all(page, f"after switching to {locale}")
        expect(page.locator("#setup-name-0")).to_have_attribute(
            "placeholder", Speaker(shipped_catalogs(), locale).text(
                Phrase.of("seat-default-name", number=1)))
        click_action(page, rng, reader)
        reader.read_all(page, f"a move in {locale}")
    expect(page.locator("#language")).to_have_value(PSEUDO_LOCALE)
    assert page.locator("#language option").all_inner_texts() == list(LANGUAGES.values())


def test_a_phone_sized_screen_and_the_keyboard(open_page: Opener) -> None:
    """Tab reaches an action button (via the skip link), Enter presses it; focus stays visible."""
    page = open_page(PHONE)
    page.keyboard.press("Tab")  # the first stop on a fresh page
    expect(page.locator(".skip-link")).to_be_focused()
    start(page, "market-fresh", 2, "playground-phone")
    page.locator(".skip-link").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#actions-title")).to_be_focused()
    page.keyboard.press("Tab")
    focused = page.locator(":focus")
    expect(focused).to_have_class(re.compile(r"\baction\b"))
    assert focused.evaluate("el => el.tagName") == "BUTTON"
    assert focused.evaluate("el => getComputedStyle(el).outlineStyle") != "none", "no visible focus"
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_attribute("data-step", "1")
    # Focus comes back to the new actions, so a keyboard player keeps going.
    expect(page.locator(":focus")).to_have_class(re.compile(r"\baction\b"))
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_attribute("data-step", "2")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"
    page.locator("header.top").scroll_into_view_if_needed()
    shot(page, "mobile", full_page=False)


def test_a_refusal_shows_its_message_in_the_language(open_page: Opener) -> None:
    """A move the server refuses (its expected_step made stale on the way) shows the
    text of the refusal's Message detail, in German, not the developer's message."""
    page = open_page(allow=(409,))
    choose_language(page, "de")
    start(page, "spice-merchant", 2, "playground-refusal")

    def stale(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["expectedStep"] = "99"
        route.continue_(post_data=json.dumps(body))

    page.route("**/marketplay.v1.GameService/ApplyAction", stale)
    page.locator("#actions button.action").first.click()
    notice = page.locator("p.notice")
    expect(notice).to_be_visible()
    assert notice.text_content() == Speaker(shipped_catalogs(), "de").text(Phrase("refusal-stale-step"))
    expect(page.locator("#status")).to_have_attribute("data-step", "0")
    page.unroute("**/marketplay.v1.GameService/ApplyAction")
    click_action(page, random.Random(6), Reader("de"))


# ------------------------------------------------------------------ layout and words


#: Every element of the page's panels (and the panels) whose content is wider than
#: its box: a table that scrolls sideways, a card name or button text cut off.
SIDEWAYS = """() => [...document.querySelectorAll('main, .layout, .main-col, .side-col, .panel, .panel *')]
  .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth
    && !el.closest('.visually-hidden, table.stacking thead') && getComputedStyle(el).display !== 'inline')
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} `
    + `${el.scrollWidth} > ${el.clientWidth}: ${(el.textContent || '').trim().slice(0, 40)}`)"""

#: What only a developer should read besides the contract's own keys: an error
#: reason (SNAKE_CASE), the old "lit:" caption, a "1 points".
RAW = re.compile(r"\b[A-Z]+(?:_[A-Z]+)+\b|\blit:|\b1 points\b")
#: The parts of the page that show the API itself (the calls' and a view's JSON) or a
#: value as the server spells it (`code`: the rules version, the seed).
API_PARTS = "#api-play, details.json, code"


@dataclass
class ContractKeys:
    """The keys the server's answers use (option names, decision kinds) that read like
    identifiers (with a '-' or '_'): none may be shown as a player's text."""

    keys: set[str] = field(default_factory=set)

    def response(self, response: Response) -> None:
        if "/marketplay.v1.GameService/" not in response.url or response.status != 200:
            return
        if "json" not in (response.headers.get("content-type") or ""):
            return
        body = response.json()
        names = [o.get("name", "") for g in body.get("games", []) for o in g.get("options", [])]
        kinds = [d.get("kind", "") for d in (body.get("update") or {}).get("decisions", [])]
        self.keys.update(k for k in names + kinds if re.search(r"[-_]", k))

    def shown(self, text: str) -> list[str]:
        found = {k for k in self.keys if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)}
        return sorted(found | set(RAW.findall(text)))


def player_text(page: Page, root: str = "#page-play") -> str:
    """The text a player reads: everything shown but the API's JSON and code values."""
    return str(page.evaluate("""([root, skip]) => {
        const copy = document.querySelector(root).cloneNode(true);
        copy.querySelectorAll(skip).forEach((el) => el.remove());
        copy.querySelectorAll('select option:not(:checked)').forEach((el) => el.remove());
        return copy.textContent;
    }""", [root, API_PARTS]))


def assert_fits(page: Page, where: str) -> None:
    wide = page.evaluate(SIDEWAYS)
    if wide:
        shot(page, "does-not-fit")
    assert not wide, f"{where}: wider than its box: " + "; ".join(wide)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None and width <= viewport["width"], f"{where}: the page is {width}px wide"


VIEWPORTS = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize(("game", "players", "options"), [
    pytest.param("spice-merchant", 4, {}, id="spice-merchant"),
    pytest.param("central-market", 5, {}, id="central-market"),
    pytest.param("market-fresh", 2, {}, id="market-fresh"),
])
def test_every_panel_fits_and_speaks_to_players(
        open_page: Opener, game: str, players: int, options: dict[str, str],
        viewport: dict[str, int]) -> None:
    """At 390 px and 1400 px, with the most seats (the widest tables): no panel, card or
    button is wider than its box, in the set-up form and through a game's first moves;
    the set-up form and the game show player text, no option key, decision kind or
    error reason; on a phone the board and the seat's hand come before its actions."""
    keys = ContractKeys()
    page = open_page(viewport, on_response=keys.response)
    page.select_option("#setup-game", game)
    expect(page.locator("#setup-players")).to_be_visible()
    assert keys.keys, "no option key seen in ListGames"
    assert_fits(page, "the set-up form")
    form = player_text(page, "#setup-form")
    assert not keys.shown(form), f"the set-up form shows {keys.shown(form)}"
    start(page, game, players, f"playground-fit-{game}", options)
    rng = random.Random(players)
    for move in range(8):
        assert_fits(page, f"step {move}")
        shown = player_text(page)
        assert not keys.shown(shown), f"step {move} shows {keys.shown(shown)}"
        click_action(page, rng)
    if viewport is PHONE:
        actions = page.locator("#actions").bounding_box()
        assert actions is not None
        for first in (".board", ".hand-panel, .shopfront"):
            box = page.locator(first).first.bounding_box()
            assert box is not None and box["y"] < actions["y"], f"{first} comes after the actions"
    shot(page, f"{game}-{'phone' if viewport is PHONE else 'desktop'}", full_page=viewport is PHONE)


# ------------------------------------------------------------------ redaction


def test_the_seat_switcher_and_spectator_show_what_each_view_holds(open_page: Opener) -> None:
    page = open_page()
    start(page, "spice-merchant", 3, "playground-redaction")
    rng = random.Random(1)
    click_action(page, rng)  # seat 0 registers a secret good (simultaneous: everyone decides)

    page.click('[data-viewer="0"]')
    expect(page.locator(".hand .card")).to_have_count(6)  # one went face down as a secret good
    hidden = page.locator(".redaction")
    expect(hidden).to_contain_text("Only this seat sees")
    expect(hidden).to_contain_text("Your secret goods")
    expect(hidden).to_contain_text("Player 2's hand")
    expect(hidden).not_to_contain_text("Player 1's hand")
    private = page.locator(".log-lines li.private")
    expect(private.first).to_contain_text("You registered ")
    expect(private.first).to_contain_text("as your secret good.")

    page.click('[data-viewer="1"]')
    expect(page.locator(".hand .card")).to_have_count(7)
    expect(hidden).to_contain_text("Player 1's hand")
    expect(hidden).to_contain_text("Player 1's secret goods")
    expect(page.locator(".log-lines")).to_contain_text("Player 1 registered a secret good face down.")
    expect(page.locator(".log-lines li.private")).to_have_count(0)

    page.click('[data-viewer="spectator"]')
    expect(page.locator(".hand")).to_have_count(0)
    for seat in range(3):
        expect(hidden).to_contain_text(f"Player {seat + 1}'s hand")
    expect(page.locator("#actions")).to_contain_text("A spectator never acts")
    page.locator("details.json summary").click()
    expect(page.locator("details.json pre")).to_contain_text("seedCommitment")
    view = json.loads(page.locator("details.json pre").inner_text())
    assert "seat" not in view and "hand" not in view["spiceMerchant"], view
    expect(page.locator(".log-lines li.private")).to_have_count(0)


# ------------------------------------------------------------------ replay


def test_replay_steps_through_a_game_and_checks_its_fairness(open_page: Opener) -> None:
    page = open_page()
    start(page, "spice-merchant", 2, "playground-replay")
    clicks = play_to_the_end(page, seed=2)
    page.click("#outcome-replay")
    expect(page.locator("#page-replay")).to_be_visible()
    expect(page.locator("[data-fairness]")).to_have_attribute("data-fairness", "match")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", "0")
    for step in (1, 2, 3):
        page.click("#replay-next")
        expect(page.locator("#replay-position")).to_have_attribute("data-step", str(step))
    page.click("#replay-back")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", "2")
    expect(page.locator("[data-digest]")).to_have_attribute("data-digest", "pending")
    page.click("#replay-end")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", str(clicks))
    expect(page.locator("[data-digest]")).to_have_attribute("data-digest", "same")
    expect(page.locator("#page-replay .outcome #outcome-title")).to_contain_text(
        re.compile(r"won with|share the win"))
    request = json.loads(_last_replay_request(page))
    assert len(request["actions"]) == clicks
    shot(page, "replay")

    # The log as pasted text: a salt changed by one bit no longer matches the commitment.
    log = json.loads(page.locator("#replay-json").input_value())
    salt = bytearray(base64.b64decode(log["seedSalt"]))
    salt[0] ^= 1
    log["seedSalt"] = base64.b64encode(bytes(salt)).decode()
    page.fill("#replay-json", json.dumps(log))
    page.click("#replay-load")
    expect(page.locator("[data-fairness]")).to_have_attribute("data-fairness", "mismatch")


def _last_replay_request(page: Page) -> str:
    """The JSON of the page's last Replay request, exactly as sent (long base64 not shortened)."""
    page.locator("#api-replay input[type=checkbox]").set_checked(False)
    return page.locator('#api-replay [data-testid="api-request"]').inner_text()


def test_seat_tokens_about_to_expire_are_renewed(browser: Browser, short_token_server: ServedBoth) -> None:
    pages = _pages(browser, short_token_server)
    page = next(pages)()
    start(page, "spice-merchant", 2, "playground-renew")
    page.wait_for_timeout(1_500)  # now less than 60 s of the 61 are left
    click_action(page, random.Random(4))
    methods = [c["method"] for c in api_calls(page)]
    assert methods.count("RenewSeatToken") == 2, methods  # one per seat, before the move
    click_action(page, random.Random(5))
    expect(page.locator("#status")).to_have_attribute("data-step", "2")
    next(pages, None)  # closes the page and checks it for troubles


# ------------------------------------------------------------------ bots


def test_bots_play_each_other_and_a_bot_takes_a_chair(open_page: Opener, server: ServedBoth) -> None:
    page = open_page()
    # A random bot and a greedy bot, at full speed, play a whole game by themselves.
    start(page, "spice-merchant", 2, "playground-bots", seats={0: "1", 1: "2"})
    set_pace(page, 0)
    expect(page.locator("#status")).to_have_attribute("data-over", "true", timeout=120_000)
    expect(page.locator(".outcome #outcome-title")).to_contain_text(re.compile(r"won with|share the win"))
    assert any(c["method"] == "SuggestAction" for c in api_calls(page))
    shot(page, "bots")

    # A person against two bots: each human move is answered by the bots' own.
    set_pace(page, 200)
    page.click("button:has-text('New game')")
    start(page, "central-market", 3, "playground-bot-seat", {},
          seats={1: "1", 2: "3"})
    rng = random.Random(5)
    for _ in range(6):
        buttons = page.locator("#actions button.action")
        expect(buttons.first).to_be_visible(timeout=60_000)  # Seat 0's turn again
        before = str(step_of(page))
        buttons.nth(rng.randrange(buttons.count())).click()
        expect(page.locator("#status")).not_to_have_attribute("data-step", before, timeout=STEP_TIMEOUT_MS)
    bot_lines = page.locator(".log-lines li", has_text=re.compile(r"^#\d+Player [23] "))
    assert bot_lines.count() > 0, "the bots never moved"


def set_pace(page: Page, millis: int) -> None:
    page.locator("#bot-pace").evaluate(
        "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); "
        "el.dispatchEvent(new Event('change')); }", millis)
    expect(page.locator("#bot-pace-value")).to_have_text(f"{millis} ms")


def api_calls(page: Page) -> list[dict[str, str]]:
    return [{"method": b.locator(".call-method").inner_text()} for b in page.locator("#api-play .call").all()]


# ------------------------------------------------------------------ turn clocks


def test_turn_clocks_count_down_and_a_timeout_is_claimed(open_page: Opener,
                                                        server: ServedBoth) -> None:
    """Every seat's clock counts down from the server's time; once the deadlines have
    passed (the server's clock moved on, nothing waits), "Claim timeout" plays the
    table's policy, the log says so, and the game's log still replays."""
    page = open_page()
    start(page, "spice-merchant", 2, "playground-clocks",
          {"clock_bank_s": "600", "clock_move_s": "45", "timeout_policy": "greedy"})
    clocks = page.locator("#clocks")
    expect(clocks.locator("tbody tr")).to_have_count(2)
    left = clocks.locator(".clock-left").first
    # Counting down from 45 s and 10:00 (a loaded machine may take seconds to show it).
    expect(left).to_have_text(re.compile(r"^(4[0-4]|[1-3]?\d)\.\d s$"))
    shown = left.inner_text()
    expect(left).not_to_have_text(shown)  # it ticks
    expect(clocks.locator(".clock-bank").first).to_have_text(re.compile(r"^9:[0-5]\d$"))
    shot(page, "clocks")
    core = server.running.core
    real = core.clock
    core.clock = lambda: real() + 60
    try:
        page.click("#claim-timeout")
        expect(page.locator("#status")).to_have_attribute("data-step", "2", timeout=STEP_TIMEOUT_MS)
    finally:
        core.clock = real
    expect(page.locator(".log-lines")).to_contain_text(
        "Player 2 ran out of time; a move was played for them.")  # seat 1, its default name
    page.click("#open-replay")
    page.click("#replay-end")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", "2")


# ------------------------------------------------------------------ take-backs


def test_an_undo_button_appears_exactly_when_a_seat_may_take_back(open_page: Opener) -> None:
    """Central Market: the offerer's offer may be taken back while it names its starting
    bid (its Undo appears, nobody else's); undoing brings the offer back at a new
    step; a move the next seat makes ends the offerer's chance to undo; the log of the
    game with its take-back replays."""
    page = open_page()
    start(page, "central-market", 3, "playground-undo")
    expect(page.locator("#undo")).to_have_count(0)
    rng = random.Random(3)
    click_action(page, rng)  # seat 0 offers a product
    expect(page.locator("#undo .undo-button")).to_have_count(1)
    expect(page.locator("#undo-seat-0")).to_be_visible()
    page.click("#undo-seat-0")
    expect(page.locator("#status")).to_have_attribute("data-step", "2", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".log-lines")).to_contain_text("Player 1 took back their last move.")
    expect(page.locator("#undo")).to_have_count(0)
    page.click('[data-viewer="0"]')
    expect(page.locator("#actions")).to_contain_text(re.compile("offer", re.IGNORECASE))
    click_action(page, rng)  # the offer again
    page.locator("#actions button.action").last.click()  # the highest starting bid
    expect(page.locator("#status")).to_have_attribute("data-step", "4", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#undo-seat-0")).to_contain_text("(2 allowed)")
    page.click('[data-viewer="1"]')
    click_action(page, rng)  # seat 1 answers the first lap: seat 0 may undo no more
    expect(page.locator("#undo-seat-0")).to_have_count(0)
    shot(page, "undo")
    page.click("#open-replay")
    page.click("#replay-end")
    expect(page.locator("#replay-position")).to_have_attribute("data-step", "5")
