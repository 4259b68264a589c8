"""The engine interface every game implements, plus the generic framework
(step counter, seed, generic legality checks) that wraps it."""

from engines.core.engine import Decision, Engine, Event, Outcome, SeatResult
from engines.core.errors import (
    GameOver,
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    NotYourTurn,
    RuleError,
    StaleStep,
)
from engines.core.game import Game
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue

__all__ = [
    "Decision",
    "Engine",
    "Event",
    "Game",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "InvalidOptions",
    "MalformedAction",
    "NotYourTurn",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Rng",
    "RuleError",
    "SeatResult",
    "StaleStep",
]
