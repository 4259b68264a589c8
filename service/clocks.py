"""Turn clocks: each seat's time bank and the start of its decision, charged by
the server's own clock (docs/integration.md, "Turn clocks").

A table's clock options (service/table.py) are a bank per seat (with an
optional increment after each of its actions) and a per-move limit, either
or both. What the sealed state keeps per seat (`Clock`) is the bank as it
stood when the seat's current decision started, and when that was; the
bank runs down from there, so nothing changes while nobody acts and every
view can show a countdown from public facts alone.

Charging, when a seat acts: the time since its decision started comes off
its bank, never below zero, then the increment is added. A seat that keeps
deciding while another acts (simultaneous choices) keeps its own start; a
seat that starts deciding starts now. A seat's deadline is the end of its
bank or of the per-move limit, whichever comes first. The tolerance is the
server's (--clock-tolerance-ms) and always in the player's favour: an
action is accepted up to the tolerance past the deadline, and a timeout can
be claimed only after it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

#: One second, in the milliseconds clocks count.
SECOND_MS = 1000


@dataclass(frozen=True)
class ClockRules:
    """A table's clock options, in milliseconds (0: off)."""

    bank_ms: int = 0
    increment_ms: int = 0
    move_ms: int = 0

    @property
    def on(self) -> bool:
        """Whether the table has a clock at all (a bank, a per-move limit, or both)."""
        return bool(self.bank_ms or self.move_ms)


@dataclass(frozen=True)
class Clock:
    """One seat's clock: its bank (as it stood when its decision started, if it
    decides now) and when its decision started (None: it does not decide)."""

    bank_ms: int
    started_ms: int | None = None


def start(rules: ClockRules, num_players: int, deciders: Collection[int],
          now_ms: int) -> tuple[Clock, ...]:
    """Every seat with a full bank; the first deciders start now."""
    return tuple(Clock(rules.bank_ms, now_ms if seat in deciders else None)
                 for seat in range(num_players))


def deadline(rules: ClockRules, clock: Clock) -> int | None:
    """When the seat runs out of time on its decision now (None: it does not decide,
    or the table has no clock): its bank or the per-move limit, whichever ends first."""
    if clock.started_ms is None or not rules.on:
        return None
    limits = []
    if rules.bank_ms:
        limits.append(clock.bank_ms)  # an empty bank: out of time as the decision starts
    if rules.move_ms:
        limits.append(rules.move_ms)
    return clock.started_ms + min(limits)


def charged(rules: ClockRules, clock: Clock, now_ms: int) -> int:
    """The seat's bank once its decision ends now: the time since it started off
    the bank (never below zero), then the increment."""
    if not rules.bank_ms:
        return 0
    elapsed = max(0, now_ms - (clock.started_ms if clock.started_ms is not None else now_ms))
    return max(0, clock.bank_ms - elapsed) + rules.increment_ms


def after_action(rules: ClockRules, clocks: Sequence[Clock], actor: int | None,
                 deciding: Collection[int], now_ms: int) -> tuple[Clock, ...]:
    """The clocks once `actor` acted now and `deciding` decide next.

    The actor is charged (`charged`). Another seat that still decides keeps its
    start; one that starts deciding starts now; one whose decision ended
    without acting (another seat's take-back undid it) is not charged. With
    `actor` None nobody acted (a take-back's other seats).
    """
    result = []
    for seat, clock in enumerate(clocks):
        if seat == actor:
            clock = Clock(charged(rules, clock, now_ms))
        started = clock.started_ms if seat != actor else None
        if seat in deciding:
            result.append(replace(clock, started_ms=now_ms if started is None else started))
        else:
            result.append(replace(clock, started_ms=None))
    return tuple(result)


def overdue(rules: ClockRules, clock: Clock, now_ms: int, tolerance_ms: int) -> bool:
    """Whether the seat's deadline and the tolerance after it have both passed."""
    end = deadline(rules, clock)
    return end is not None and now_ms > end + tolerance_ms


def time_left(rules: ClockRules, clocks: Sequence[Clock], now_ms: int,
              tolerance_ms: int) -> int | None:
    """Milliseconds until the first deciding seat's deadline and tolerance pass
    (None: nobody is on the clock)."""
    ends = [end for clock in clocks if (end := deadline(rules, clock)) is not None]
    return None if not ends else max(0, min(ends) + tolerance_ms - now_ms)


def after_takeback(rules: ClockRules, clocks: Sequence[Clock], seat: int, steps: int,
                   deciding: Collection[int], now_ms: int) -> tuple[Clock, ...]:
    """The clocks once `seat` took back `steps` of its actions now and `deciding`
    decide in the restored position.

    The seat is charged the time since its decision started, if it was deciding,
    and loses the increments its taken-back actions earned (an act-and-take-back
    loop must not grow a bank), never below zero; its decision then starts now.
    Another seat that still decides keeps its start; one whose decision the
    take-back ended is not charged.
    """
    clock = clocks[seat]
    bank = clock.bank_ms
    if rules.bank_ms:
        if clock.started_ms is not None:
            bank = max(0, bank - max(0, now_ms - clock.started_ms))
        bank = max(0, bank - steps * rules.increment_ms)
    undone = [*clocks[:seat], Clock(bank), *clocks[seat + 1:]]
    return after_action(rules, undone, None, deciding, now_ms)
