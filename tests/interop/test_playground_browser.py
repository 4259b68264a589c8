"""The playground at / on the HTTP port, used in headless Chromium as a person would.

Playwright drives Debian's chromium (`make system-tools`; no browser download)
against one server with seat tokens required and expiring, the way `make run`
serves the page: same origin, Connect JSON. Every test fails on a console
error, an uncaught page error, a failed request or an answer >= 400. A game of
each title is played to the end by clicking its offered action buttons (a
seeded choice), with a screenshot per title in out/playground/ (README), one
at a phone's viewport; the keyboard reaches and presses an action button; the
seat switcher and spectator tab show what each view holds and hides; the
Replay page steps through a finished game and shows the fairness check; and
bots play a game by themselves, then take two chairs against a person (never
skipped: the server always serves SuggestAction).
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
    expect,
    sync_playwright,
)

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
STEP_TIMEOUT_MS = 15_000

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

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.lines.append(f"console error: {message.text}")

    def page_error(self, error: Exception) -> None:
        self.lines.append(f"page error: {error}")

    def request_failed(self, request: Request) -> None:
        self.lines.append(f"request failed: {request.method} {request.url}: {request.failure}")

    def response(self, response: Response) -> None:
        if response.status >= 400:
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

    def opener(viewport: dict[str, int] = DESKTOP) -> Page:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
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
          seats: dict[int, str] | None = None) -> None:
    page.select_option("#setup-game", game)
    page.select_option("#setup-players", str(players))
    for name, value in (options or {}).items():
        control = page.locator(f"#option-{name}")
        kind = control.get_attribute("type")
        if kind == "checkbox":
            control.set_checked(value == "true")
        elif kind == "number":
            control.fill(value)
        else:
            control.select_option(value)
    for seat in range(players):  # the form remembers the last game's choices
        page.select_option(f"#setup-seat-{seat}", (seats or {}).get(seat, "human"))
    page.fill("#setup-seed", seed)
    page.click("#start-game")
    expect(page.locator("#status")).to_have_attribute("data-step", "0")


def step_of(page: Page) -> int:
    return int(page.locator("#status").get_attribute("data-step") or "-1")


def click_action(page: Page, rng: random.Random) -> None:
    """Clicks one of the offered action buttons; waits until the game is one step further."""
    before = step_of(page)
    buttons = page.locator("#actions button.action")
    count = buttons.count()
    assert count > 0, f"step {before}: no action button offered"
    buttons.nth(rng.randrange(count)).click()
    expect(page.locator("#status")).to_have_attribute("data-step", str(before + 1), timeout=STEP_TIMEOUT_MS)


def play_to_the_end(page: Page, seed: int) -> int:
    rng = random.Random(seed)
    clicks = 0
    while page.locator("#status").get_attribute("data-over") != "true":
        assert clicks < MAX_CLICKS, f"no outcome after {clicks} clicks"
        click_action(page, rng)
        clicks += 1
    return clicks


def shot(page: Page, name: str, full_page: bool = True) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 10_000, f"{path} looks empty"
    return path


# ------------------------------------------------------------------ play


#: The shortest table of each title (a seeded random game: about 40, 170 and 75
#: clicks; the defaults, 3 seats of Spice Merchant, Central Market at its default
#: price cap and 2 seats of Market Fresh, were about 45, 210 and 185). Two seats
#: of Market Fresh are shown by the phone test, three of Spice Merchant by the seat
#: switcher's; the Central Market game also sets a number option through its form.
TITLES = [
    pytest.param("spice-merchant", 2, {}, id="spice-merchant"),
    pytest.param("central-market", 3, {"max-price": "2"}, id="central-market"),
    pytest.param("market-fresh", 1, {"variant": "solo"}, id="market-fresh"),
]


@pytest.mark.parametrize(("game", "players", "options"), TITLES)
def test_a_game_of_each_title_is_played_to_the_end_by_clicking(
        open_page: Opener, game: str, players: int, options: dict[str, str]) -> None:
    page = open_page()
    start(page, game, players, f"playground-{game}", options)
    clicks = play_to_the_end(page, seed=len(game))
    assert clicks == step_of(page)
    outcome = page.locator(".outcome")
    expect(outcome).to_contain_text("Game over")
    expect(outcome.locator("tbody tr")).to_have_count(players)
    expect(page.locator("#actions")).to_contain_text("The game is over")
    expect(page.locator(".log-lines li").first).to_contain_text("Game over")
    shot(page, game)


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
    expect(hidden).to_contain_text("Seat 1's hand")
    expect(hidden).not_to_contain_text("Seat 0's hand")
    private = page.locator(".log-lines li.private")
    expect(private.first).to_contain_text("Seat 0 registered secret goods:")

    page.click('[data-viewer="1"]')
    expect(page.locator(".hand .card")).to_have_count(7)
    expect(hidden).to_contain_text("Seat 0's hand")
    expect(hidden).to_contain_text("Seat 0's secret goods")
    expect(page.locator(".log-lines")).to_contain_text("Seat 0 registered 1 secret good face down")
    expect(page.locator(".log-lines li.private")).to_have_count(0)

    page.click('[data-viewer="spectator"]')
    expect(page.locator(".hand")).to_have_count(0)
    for seat in range(3):
        expect(hidden).to_contain_text(f"Seat {seat}'s hand")
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
    expect(page.locator("#page-replay .outcome")).to_contain_text("Game over")
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
    expect(page.locator(".outcome")).to_contain_text("Game over")
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
    bot_lines = page.locator(".log-lines li", has_text=re.compile(r"^#\d+Seat [12] "))
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
    expect(left).to_have_text(re.compile(r"^4\d\.\d s$"))
    shown = left.inner_text()
    expect(left).not_to_have_text(shown, timeout=5_000)  # it ticks
    expect(clocks.locator(".clock-bank").first).to_have_text("9:59", timeout=5_000)
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
        "Seat 1 ran out of time: the greedy policy plays for it.")
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
    expect(page.locator(".log-lines")).to_contain_text("Seat 0 took back 1 action.")
    expect(page.locator("#undo")).to_have_count(0)
    page.click('[data-viewer="0"]')
    expect(page.locator("#actions")).to_contain_text("offer")
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
