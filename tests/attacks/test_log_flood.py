"""A refusal flood cannot flood the log (docs/security.md, "Hostile clients").

Eight threads looping on BOTS_BUSY wrote 16,162 INFO lines (2.3 MB) in 30 s.
Now the first refusal of each kind is logged at once, and repeats of that kind
at most once per REPEAT_SECONDS, with the count of lines they stand for.
"""

from __future__ import annotations

import logging

import pytest

from service.calls import REPEAT_SECONDS, CallReporter, Outcome
from service.core import Call
from service.errors import Code


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _refused(reason: str, code: Code = Code.RESOURCE_EXHAUSTED) -> Outcome:
    return Outcome(code=code, reason=reason)


def test_repeated_refusals_are_one_line_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    reporter = CallReporter(clock=clock)
    caplog.set_level(logging.INFO, logger="marketplay.calls")
    for _ in range(500):
        reporter.finished("SuggestAction", Call(), _refused("BOTS_BUSY"), 0.001)
    reporter.finished("SuggestAction", Call(), _refused("STALE_STEP", Code.ABORTED), 0.001)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2  # the first BOTS_BUSY, and the first of another kind at once
    assert "BOTS_BUSY" in lines[0] and "more like it" not in lines[0]
    assert "STALE_STEP" in lines[1]
    clock.now += REPEAT_SECONDS
    reporter.finished("SuggestAction", Call(), _refused("BOTS_BUSY"), 0.001)
    last = caplog.records[-1]
    assert "and 499 more like it" in last.getMessage()
    assert last.call["repeated"] == 499  # type: ignore[attr-defined]


def test_unknown_method_names_share_one_kind(caplog: pytest.LogCaptureFixture) -> None:
    """A caller inventing method names cannot make every line a new kind."""
    reporter = CallReporter(clock=Clock())
    caplog.set_level(logging.INFO, logger="marketplay.calls")
    for i in range(200):
        reporter.finished(f"'Made{i}'", Call(), _refused("UNKNOWN_METHOD", Code.UNIMPLEMENTED),
                          0.001)
    assert len(caplog.records) == 1
