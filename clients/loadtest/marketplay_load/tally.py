"""Game-level counts Locust does not keep: games by ending, actions per game, errors by code.

Each Locust process keeps one Tally. In distributed runs a worker sends what it
counted since its last report (`drain`) and the master adds it up (`merge`),
so the master's summary covers every worker. Every key is bounded: game-kind
labels come from the mix, error labels are a status code plus an ErrorInfo
reason (or a contract reason), seconds are those of the run.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from marketplay_load.mix import GameKind
from marketplay_load.play import GameResult

ENDINGS = ("completed", "abandoned", "interrupted", "not-started")


@dataclass
class Tally:
    started: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    #: completed games: how many had each number of actions
    actions: Counter[int] = field(default_factory=Counter)
    #: completed games per kind label
    kinds: Counter[str] = field(default_factory=Counter)
    #: failed requests per error label ("UNAVAILABLE", "CONTRACT WRONG_STEP", ...)
    errors: Counter[str] = field(default_factory=Counter)
    #: failed requests per whole Unix second, then per error label
    error_seconds: dict[int, Counter[str]] = field(default_factory=dict)
    dropped_arrivals: int = 0

    # --------------------------------------------------------------- recording

    def game_started(self, kind: GameKind) -> None:
        self.started += 1

    def game_ended(self, result: GameResult) -> None:
        self.endings[result.ending] += 1
        if result.ending == "completed":
            self.actions[result.actions] += 1
            self.kinds[result.kind.label] += 1

    def request_failed(self, label: str, when: float | None = None) -> None:
        self.errors[label] += 1
        second = int(time.time() if when is None else when)
        self.error_seconds.setdefault(second, Counter())[label] += 1

    def arrival_dropped(self) -> None:
        self.dropped_arrivals += 1

    # ------------------------------------------------------- worker -> master

    def drain(self) -> dict[str, Any]:
        """Everything counted since the last drain, as plain data (msgpack and JSON safe)."""
        data = self.to_data()
        self.__dict__.update(vars(Tally()))
        return data

    def to_data(self) -> dict[str, Any]:
        return {
            "started": self.started,
            "endings": dict(self.endings),
            "actions": {str(k): v for k, v in self.actions.items()},
            "kinds": dict(self.kinds),
            "errors": dict(self.errors),
            "error_seconds": {str(s): dict(c) for s, c in self.error_seconds.items()},
            "dropped_arrivals": self.dropped_arrivals,
        }

    def merge(self, data: dict[str, Any]) -> None:
        self.started += int(data.get("started", 0))
        self.endings.update(data.get("endings", {}))
        self.actions.update({int(k): v for k, v in data.get("actions", {}).items()})
        self.kinds.update(data.get("kinds", {}))
        self.errors.update(data.get("errors", {}))
        for second, counts in data.get("error_seconds", {}).items():
            self.error_seconds.setdefault(int(second), Counter()).update(counts)
        self.dropped_arrivals += int(data.get("dropped_arrivals", 0))

    # ---------------------------------------------------------------- reading

    @property
    def in_progress(self) -> int:
        """Started games not yet ended (none once every user has stopped)."""
        ended = sum(self.endings[e] for e in ("completed", "abandoned", "interrupted"))
        return self.started - ended

    def actions_per_game(self) -> dict[str, float]:
        """Mean and percentiles of actions over completed games."""
        total = sum(self.actions.values())
        if not total:
            return {}
        ordered = sorted(self.actions.items())

        def percentile(p: float) -> float:
            rank = max(1, math.ceil(p * total))
            seen = 0
            for value, count in ordered:
                seen += count
                if seen >= rank:
                    return float(value)
            return float(ordered[-1][0])

        mean = sum(v * c for v, c in ordered) / total
        return {"mean": round(mean, 1), "p50": percentile(0.5), "p90": percentile(0.9),
                "max": float(ordered[-1][0])}
