"""Typed rule errors. Only `service/` maps them to gRPC status codes.

Messages must never reveal hidden information: they name the rule that was
broken, not the cards that broke it.
"""


class RuleError(Exception):
    """Base of every error an engine or the framework raises on bad input."""

    reason = "RULE_ERROR"


class InvalidOptions(RuleError):
    """Unknown option, bad value, or unsupported player count."""

    reason = "INVALID_OPTIONS"


class GameOver(RuleError):
    """An action was sent to a finished game."""

    reason = "GAME_OVER"


class NotYourTurn(RuleError):
    """The seat is not among the current deciders."""

    reason = "NOT_YOUR_TURN"


class StaleStep(RuleError):
    """The action was chosen at a step that is no longer current."""

    reason = "STALE_STEP"


class IllegalAction(RuleError):
    """The seat may decide now, but not this."""

    reason = "ILLEGAL_ACTION"


class MalformedAction(RuleError):
    """The action cannot be legal by its shape alone (e.g. larger than any legal one)."""

    reason = "MALFORMED_ACTION"


class NotYourAction(RuleError):
    """A take-back by a seat whose action was not the game's latest."""

    reason = "NOT_YOUR_ACTION"


class TakebackBarrier(RuleError):
    """A take-back past a barrier: a chance outcome, something a seat learnt, the limit."""

    reason = "TAKEBACK_BARRIER"
