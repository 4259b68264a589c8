"""The table: options and state the service keeps beside a game's rules.

A table option is the same in every game (`OptionInfo.table` in ListGames):
the turn clocks and what answers a timeout (docs/integration.md, "Turn
clocks"), and whether a seat may take back its latest actions
("Take-backs"). Table options travel in NewGameRequest.options beside the
game's own; `split` takes them out by name before the engine sees the rest,
so no game knows them and `Game.encode()` (hence `final_state_digest` and Replay)
is as it was. The table's state (each seat's clock, the seats that
forfeited) is sealed in the service envelope beside the Instance
(service/states.py; docs/security.md, "Sealed format"), as a versioned
block of tagged entries (the take-back window: engines/core/takebacks.py):

    version(1) = 1, then entries in ascending tag order, each at most once:
        tag(1) | length(2, big-endian) | value
    1  options:   bank_s(4) | increment_s(4) | move_s(4) | timeout policy(1: its
                  index in POLICIES, a tuple that only grows)
    2  clocks:    per seat: bank_ms(8) | started_ms(8) (2**64 - 1: not deciding)
    3  forfeited: one byte per seat that forfeited on time
    4  take-backs (present: on): the latest actor (1; 255: none) | len base(2) |
       base (the engine's encoding of the restorable position) | count(1) |
       count x (len(1) | an action the seat made since, oldest first)

An unknown version or tag (a newer replica's state) is refused as
UNREADABLE_STATE, never misread. Games sealed before tables (MPS1, MPS2)
have no table: they play on with no clock and no take-backs, and a table
block without entry 4 (sealed before take-backs) has them off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from google.protobuf.duration_pb2 import Duration
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from engines.bots import LEVELS
from engines.core import Event, Game, GameOver, InvalidOptions, NotYourTurn, OptionSpec, takebacks
from engines.core.engine import Engine
from engines.core.ranking import forfeit_outcome
from engines.core.takebacks import MAX_TAKEBACK_STEPS, NOBODY, TakebackWindow
from marketplay.v1 import game_service_pb2 as pb
from service import clocks
from service.clocks import SECOND_MS, Clock, ClockRules
from service.errors import Code, ServiceError, from_rule_error
from service.instance import Instance
from service.text import Speaker
from service.updates import fill_outcome

#: The timeout policies: a bot's move (random, greedy, and the levels that are never
#: slow: easy, medium), the rules' pass, or forfeit. The table block stores a policy
#: as its index here, so a new one is only ever appended (docstring above).
RANDOM, GREEDY, PASS, FORFEIT = "random", "greedy", "pass", "forfeit"
EASY, MEDIUM = LEVELS["easy"].name, LEVELS["medium"].name
POLICIES = (RANDOM, GREEDY, PASS, FORFEIT, EASY, MEDIUM)
#: The levels too slow to answer a timeout, and why (refused by name, not just as unknown).
_SLOW_LEVELS = {level.name for level in LEVELS.values() if not level.for_timeouts}
#: Thirty days: the longest bank or per-move limit a table may set (an
#: asynchronous game's day per move fits many times over).
MAX_CLOCK_S = 30 * 24 * 3600
#: A day: the largest increment.
MAX_INCREMENT_S = 24 * 3600

BANK, INCREMENT, MOVE, TIMEOUT = "clock_bank_s", "clock_increment_s", "clock_move_s", "timeout_policy"
TAKEBACKS = "takebacks"
#: The take-back policies: none, or a seat's own latest actions back to the latest barrier.
OFF, UNTIL_BARRIER = "off", "until-barrier"
_CLOCK_OPTIONS = (
    OptionSpec(BANK, "int", 0, "table: each seat's time bank in seconds, charged while it "
               "decides (0: no bank)", min_value=0, max_value=MAX_CLOCK_S),
    OptionSpec(INCREMENT, "int", 0, "table: seconds added to a seat's bank after each of its "
               "actions (needs clock_bank_s)", min_value=0, max_value=MAX_INCREMENT_S),
    OptionSpec(MOVE, "int", 0, "table: seconds a seat has for each decision, whatever its "
               "bank (0: no limit)", min_value=0, max_value=MAX_CLOCK_S),
)
NAMES = frozenset({BANK, INCREMENT, MOVE, TIMEOUT, TAKEBACKS})


def options_of(engine: Engine[Any, Any]) -> tuple[OptionSpec, ...]:
    """The table options as ListGames shows them for a game: `pass` is among the
    timeout policies only where some decision of the game has one."""
    policies = tuple(p for p in POLICIES if p != PASS or engine.has_pass)
    return (*_CLOCK_OPTIONS, OptionSpec(
        TIMEOUT, "enum", RANDOM, "table: what ClaimTimeout plays for a seat out of time: "
        "random, greedy, easy or medium (a bot's move; the levels as SuggestAction plays them), "
        "pass (the rules' pass, where the decision has one), forfeit (the game ends; the seat "
        "ranks last)", allowed=policies), _TAKEBACK_OPTION)


_TAKEBACK_OPTION = OptionSpec(
    TAKEBACKS, "enum", UNTIL_BARRIER, "table: whether a seat may take back its own latest "
    "actions (TakeBack), back to the latest barrier: a chance outcome, something a seat "
    "learnt, another seat's action", allowed=(OFF, UNTIL_BARRIER))


def split(given: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """(table options, the game's options) of a request's options, by name."""
    table = {name: value for name, value in given.items() if name in NAMES}
    return table, {name: value for name, value in given.items() if name not in NAMES}


@dataclass(frozen=True)
class TableOptions:
    """A table's options (seconds; 0: off)."""

    bank_s: int = 0
    increment_s: int = 0
    move_s: int = 0
    timeout_policy: str = RANDOM
    #: OFF for a table sealed before take-backs; NewGame's default is UNTIL_BARRIER.
    takebacks: str = OFF

    @property
    def takebacks_on(self) -> bool:
        return self.takebacks == UNTIL_BARRIER

    @property
    def clock(self) -> ClockRules:
        return ClockRules(self.bank_s * SECOND_MS, self.increment_s * SECOND_MS,
                          self.move_s * SECOND_MS)

    def texts(self) -> dict[str, str]:
        """Name -> value as text, as GameUpdate.table_options shows them."""
        return {BANK: str(self.bank_s), INCREMENT: str(self.increment_s),
                MOVE: str(self.move_s), TIMEOUT: self.timeout_policy, TAKEBACKS: self.takebacks}


def parse(given: Mapping[str, str], engine: Engine[Any, Any]) -> TableOptions:
    """The table options a NewGame (or Replay) names; INVALID_OPTIONS when they
    do not fit each other or the game."""
    try:
        if given.get(TIMEOUT) in _SLOW_LEVELS:
            raise InvalidOptions(
                f"option 'timeout_policy' cannot be {given[TIMEOUT]!r}: a timeout is answered "
                "at once, outside the search slots, and that level searches for up to 200 ms a "
                f"seat; use one of {', '.join(p for p in POLICIES if p != PASS)} (or pass)")
        values = {option.name: option.parse(given[option.name]) if option.name in given
                  else option.default for option in options_of(engine)}
        options = TableOptions(int(values[BANK]), int(values[INCREMENT]), int(values[MOVE]),
                               str(values[TIMEOUT]), str(values[TAKEBACKS]))
        if options.increment_s and not options.bank_s:
            raise InvalidOptions("option 'clock_increment_s' adds to a bank: set clock_bank_s too")
    except InvalidOptions as exc:
        raise from_rule_error(exc) from None
    return options


@dataclass(frozen=True)
class Table:
    """A game's table state: its options, each seat's clock (a table with a clock)
    and the seats that forfeited on time (the game is then over)."""

    options: TableOptions
    clocks: tuple[Clock, ...] = ()
    forfeited: tuple[int, ...] = ()
    #: What a seat may take back now (a table with take-backs on).
    window: TakebackWindow = field(default_factory=TakebackWindow)

    @classmethod
    def new(cls, options: TableOptions, game: Game, now_ms: int) -> Table:
        """The table at set-up: full banks, the first deciders' clocks running."""
        rules = options.clock
        if not rules.on:
            return cls(options)
        deciding = {d.seat for d in game.to_act()}
        return cls(options, clocks.start(rules, game.num_players, deciding, now_ms))

    def after_action(self, actor: int | None, after: Game, now_ms: int) -> Table:
        """The table once `actor` acted now and `after` is the game (the actor charged)."""
        if not self.clocks:
            return self
        deciding = {d.seat for d in after.to_act()}
        return replace(self, clocks=clocks.after_action(self.options.clock, self.clocks, actor,
                                                        deciding, now_ms))

    def record(self, before: Game, seat: int, action: Message, after: Game,
               events: Sequence[Event]) -> Table:
        """The table once `seat`'s `action` took `before` to `after`: its take-back window
        (engines/core/takebacks.py) moves on."""
        if not self.options.takebacks_on:
            return self
        return replace(self, window=takebacks.record(self.window, before, seat, action, after,
                                                     events))

    def table_moved(self) -> Table:
        """The table once it acted for a seat (a timeout): no seat may take that back."""
        return replace(self, window=TakebackWindow()) if self.options.takebacks_on else self

    def after_takeback(self, seat: int, steps: int, restored: Game, window: TakebackWindow,
                       now_ms: int) -> Table:
        """The table once `seat` took back `steps` actions now and `restored` is the game."""
        moved = self.clocks
        if moved:
            deciding = {d.seat for d in restored.to_act()}
            moved = clocks.after_takeback(self.options.clock, self.clocks, seat, steps,
                                          deciding, now_ms)
        return replace(self, clocks=moved, window=window)

    def restarted(self, game: Game, now_ms: int) -> Table:
        """The clocks started afresh at `game` (full banks, its deciders from now): a
        replayed game, whose times the log does not hold."""
        fresh = Table.new(self.options, game, now_ms)
        return replace(self, clocks=fresh.clocks)

    def forfeit(self, seats: Sequence[int], now_ms: int) -> Table:
        """The table once `seats` forfeited on time now and the game ended: every
        clock stops, the forfeiting seats' charged as if they acted, the others'
        (whose decisions the end cut short) not at all."""
        rules = self.options.clock
        stopped = tuple(
            Clock(clocks.charged(rules, clock, now_ms) if seat in seats else clock.bank_ms)
            for seat, clock in enumerate(self.clocks))
        return replace(self, clocks=stopped, forfeited=tuple(sorted(seats)))

    def deadline(self, seat: int) -> int | None:
        """When `seat` runs out of time on its decision now (None: no clock running)."""
        return clocks.deadline(self.options.clock, self.clocks[seat]) if self.clocks else None


def check_over(game: Game, table: Table | None, expected_step: int | None) -> None:
    """A game that ended by forfeits takes no more actions: GAME_OVER, as at its end
    (a stale step is still told first, as `Game.check_turn` tells it)."""
    if table is not None and table.forfeited:
        if expected_step is not None and expected_step != game.step:
            game.check_turn(0, expected_step)  # raises StaleStep
        raise GameOver("the game is over: seats forfeited on time; no more actions are accepted")


def check_turn(game: Game, table: Table | None, seat: int, expected_step: int | None,
               now_ms: int, tolerance_ms: int) -> None:
    """Everything before `seat` acts: the framework's checks (stale, over, deciding),
    a forfeited game's end, and the seat's clock. Raises RuleError, or ServiceError
    DEADLINE_PASSED for an action past its deadline and the tolerance."""
    check_over(game, table, expected_step)
    game.check_turn(seat, expected_step)
    if table is None or not table.clocks:
        return
    if clocks.overdue(table.options.clock, table.clocks[seat], now_ms, tolerance_ms):
        deadline = table.deadline(seat)
        assert deadline is not None
        raise ServiceError(
            Code.FAILED_PRECONDITION, "DEADLINE_PASSED",
            f"seat {seat}'s time ran out {now_ms - deadline} ms ago (the server allows "
            f"{tolerance_ms} ms); the action was not applied: ClaimTimeout plays the "
            "table's timeout policy for it",
            {"seat": str(seat), "deadline": timestamp(deadline).ToJsonString()},
        )


def check_takeback(game: Game, table: Table | None, seat: int, expected_step: int | None,
                   now_ms: int, tolerance_ms: int) -> None:
    """Everything before `seat` takes back, but the window itself (engines/core/
    takebacks.py): a stale step, a finished game, no such seat, take-backs off, and
    a seat that is deciding past its deadline (its time is up: ClaimTimeout)."""
    check_over(game, table, expected_step)
    if (expected_step is not None and expected_step != game.step) or not game.to_act():
        game.check_turn(0, expected_step)  # raises StaleStep or GameOver
    if not 0 <= seat < game.num_players:
        raise NotYourTurn(f"seat {seat} does not exist in a {game.num_players}-player game")
    if table is None or not table.options.takebacks_on:
        raise ServiceError(
            Code.FAILED_PRECONDITION, "TAKEBACK_OFF",
            "this table allows no take-backs (table option takebacks is off, or the game "
            "was started before take-backs)")
    if table.clocks and clocks.overdue(table.options.clock, table.clocks[seat], now_ms,
                                       tolerance_ms):
        raise ServiceError(
            Code.FAILED_PRECONDITION, "DEADLINE_PASSED",
            f"seat {seat}'s time ran out: it can no longer take back; ClaimTimeout plays the "
            "table's timeout policy for it", {"seat": str(seat)})


def timestamp(ms: int) -> Timestamp:
    return Timestamp(seconds=ms // SECOND_MS, nanos=ms % SECOND_MS * 1_000_000)


def _duration(ms: int) -> Duration:
    return Duration(seconds=ms // SECOND_MS, nanos=ms % SECOND_MS * 1_000_000)


def _seat_clocks(table: Table) -> list[pb.SeatClock]:
    rules = table.options.clock
    shown = []
    for seat, clock in enumerate(table.clocks):
        entry = pb.SeatClock(seat=seat)
        if rules.bank_ms:
            entry.bank.CopyFrom(_duration(clock.bank_ms))
        if clock.started_ms is not None:
            entry.decision_started_at.CopyFrom(timestamp(clock.started_ms))
            deadline = clocks.deadline(rules, clock)
            assert deadline is not None
            entry.deadline.CopyFrom(timestamp(deadline))
        shown.append(entry)
    return shown


def stamp(update: pb.GameUpdate, game: Game, table: Table, now_ms: int, tolerance_ms: int,
          instance: Instance, speaker: Speaker | None = None) -> None:
    """What the table adds to an update: its options, the server's time and every
    seat's clock in every view (public), each seat's take-back allowance (0 once
    its time is up, as TakeBack would then refuse DEADLINE_PASSED), and a
    forfeited game's end (with its summary, when the call asked for text:
    service/text.py)."""
    update.table_options.update(table.options.texts())
    if table.clocks:
        update.server_time.CopyFrom(timestamp(now_ms))
        shown = _seat_clocks(table)
        for view in update.views:
            view.clocks.extend(shown)
    if table.options.takebacks_on and not table.forfeited:
        for view in update.views:
            if view.HasField("seat") and not (table.clocks and clocks.overdue(
                    table.options.clock, table.clocks[view.seat], now_ms, tolerance_ms)):
                view.takeback_steps = table.window.steps_for(view.seat)
    if table.forfeited:
        del update.decisions[:]
        outcome = forfeit_outcome(game.engine.standing(game.state), table.forfeited)
        fill_outcome(update.outcome, outcome, game, instance)
        update.outcome.forfeited.extend(table.forfeited)
        if speaker is not None:
            speaker.message(game.engine.outcome_phrase(outcome), update.outcome.summary)


# ------------------------------------------------------------------ the sealed block

_VERSION = 1
_OPTIONS, _CLOCKS, _FORFEITED, _TAKEBACKS = 1, 2, 3, 4
_NOBODY_BYTE = 255
_NOT_DECIDING = (1 << 64) - 1


def encode(table: Table) -> bytes:
    """The table block (module docstring)."""
    options = table.options
    entries = [(_OPTIONS, b"".join(value.to_bytes(4, "big") for value in
                                   (options.bank_s, options.increment_s, options.move_s))
                + bytes([POLICIES.index(options.timeout_policy)]))]
    if table.clocks:
        entries.append((_CLOCKS, b"".join(
            clock.bank_ms.to_bytes(8, "big")
            + (_NOT_DECIDING if clock.started_ms is None else clock.started_ms).to_bytes(8, "big")
            for clock in table.clocks)))
    if table.forfeited:
        entries.append((_FORFEITED, bytes(table.forfeited)))
    if options.takebacks_on:
        window = table.window
        entries.append((_TAKEBACKS, bytes([_NOBODY_BYTE if window.seat == NOBODY else window.seat])
                        + len(window.base).to_bytes(2, "big") + window.base
                        + bytes([len(window.actions)])
                        + b"".join(bytes([len(action)]) + action for action in window.actions)))
    return bytes([_VERSION]) + b"".join(
        bytes([tag]) + len(value).to_bytes(2, "big") + value for tag, value in entries)


def _entries(data: bytes) -> dict[int, bytes]:
    if not data or data[0] != _VERSION:
        raise ValueError("table block version is not supported")
    entries: dict[int, bytes] = {}
    at = 1
    while at < len(data):
        if at + 3 > len(data):
            raise ValueError("table block is truncated")
        tag, size = data[at], int.from_bytes(data[at + 1 : at + 3], "big")
        value = data[at + 3 : at + 3 + size]
        if len(value) != size or tag not in (_OPTIONS, _CLOCKS, _FORFEITED, _TAKEBACKS) or (
                entries and tag <= max(entries)):
            raise ValueError("table block entry is malformed or unknown")
        entries[tag] = value
        at += 3 + size
    return entries


def decode(data: bytes, num_players: int) -> Table:
    """Inverse of `encode`; ValueError on anything that does not fit."""
    entries = _entries(data)
    raw = entries.get(_OPTIONS, b"")
    if len(raw) != 13 or raw[12] >= len(POLICIES):
        raise ValueError("table options are malformed")
    bank, increment, move = (int.from_bytes(raw[i : i + 4], "big") for i in (0, 4, 8))
    if max(bank, move) > MAX_CLOCK_S or increment > MAX_INCREMENT_S:
        raise ValueError("table options are out of range")
    takebacks = _TAKEBACKS in entries
    options = TableOptions(bank, increment, move, POLICIES[raw[12]],
                           UNTIL_BARRIER if takebacks else OFF)
    found: list[Clock] = []
    if options.clock.on:
        raw = entries.get(_CLOCKS, b"")
        if len(raw) != 16 * num_players:
            raise ValueError("table clocks are malformed")
        for at in range(0, len(raw), 16):
            bank_ms = int.from_bytes(raw[at : at + 8], "big")
            started = int.from_bytes(raw[at + 8 : at + 16], "big")
            found.append(Clock(bank_ms, None if started == _NOT_DECIDING else started))
    elif _CLOCKS in entries:
        raise ValueError("table clocks without a clock")
    forfeited = tuple(entries.get(_FORFEITED, b""))
    if list(forfeited) != sorted(set(forfeited)) or any(s >= num_players for s in forfeited):
        raise ValueError("table forfeits are malformed")
    window = _window(entries[_TAKEBACKS], num_players) if takebacks else TakebackWindow()
    return Table(options, tuple(found), forfeited, window)


def _window(raw: bytes, num_players: int) -> TakebackWindow:
    """The take-back entry's window; ValueError if it does not fit."""
    if len(raw) < 4 or (raw[0] != _NOBODY_BYTE and raw[0] >= num_players):
        raise ValueError("table take-backs are malformed")
    size = int.from_bytes(raw[1:3], "big")
    base, at = raw[3 : 3 + size], 3 + size
    if len(base) != size or at >= len(raw) or raw[at] > MAX_TAKEBACK_STEPS:
        raise ValueError("table take-backs are malformed")
    actions, at = [], at + 1
    for _ in range(raw[at - 1]):
        length = raw[at] if at < len(raw) else -1
        action = raw[at + 1 : at + 1 + length]
        if length < 0 or len(action) != length:
            raise ValueError("table take-back actions are malformed")
        actions.append(action)
        at += 1 + length
    if at != len(raw) or bool(actions) != bool(base):
        raise ValueError("table take-backs are malformed")
    return TakebackWindow(NOBODY if raw[0] == _NOBODY_BYTE else raw[0], base, tuple(actions))
