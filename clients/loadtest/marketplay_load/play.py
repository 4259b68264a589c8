"""One whole game, played the way a trusted backend plays it, every response checked.

The backend asks for every seat's view (so every decider's legal actions
arrive), chains the sealed state from call to call, names the step each action
was chosen at, and holds every seat's token. Whatever comes back is checked
against the contract in docs/api.md; a response that breaks it is reported as
a failure of the call that returned it and ends the game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load.mix import GameKind, PlayStyle
from marketplay_load.transport import Check, ContractViolation, Resp, RpcFailure, Transport

EVERY_SEAT = pb.ViewSelection(all_seats=True)
DIGEST_BYTES = 32  # Outcome.final_state_digest is a SHA-256
RETRYABLE = "UNAVAILABLE"  # the call never reached a handler, or its connection died

Sleep = Callable[[float], None]


@dataclass
class Table:
    """A game in play: the latest update, the seat tokens and the action log."""

    kind: GameKind
    update: pb.GameUpdate
    tokens: list[str]
    log: list[pb.SeatAction] = field(default_factory=list)

    def deciders(self) -> list[pb.Decision]:
        return [d for d in self.update.decisions if d.legal_actions]


class Chooser(Protocol):
    def choose(self, table: Table) -> tuple[int, pb.GameAction]: ...


@dataclass(frozen=True)
class GameResult:
    kind: GameKind
    #: "completed", "abandoned" (a failure ended it), "interrupted" (the run
    #: stopped mid-game) or "not-started" (NewGame failed)
    ending: str
    actions: int
    seconds: float
    failure: str = ""  # the label of what ended an abandoned or unstarted game


class GameTally(Protocol):
    def game_started(self, kind: GameKind) -> None: ...

    def game_ended(self, result: GameResult) -> None: ...


def play_game(transport: Transport, kind: GameKind, style: PlayStyle, chooser: Chooser,
              rng: random.Random, tally: GameTally, sleep: Sleep = time.sleep) -> GameResult:
    """Start a game of `kind`, play it to its outcome, audit it with Replay (sometimes)."""
    started_at = time.perf_counter()
    table: Table | None = None

    def result(ending: str, failure: str = "") -> GameResult:
        actions = len(table.log) if table else 0
        return GameResult(kind, ending, actions, time.perf_counter() - started_at, failure)

    try:
        new: pb.NewGameResponse = call(transport, style, sleep, "NewGame", pb.NewGameRequest(
            game_id=kind.game, num_players=kind.players, options=kind.options, views=EVERY_SEAT,
        ), lambda r: check_new_game(r, kind))
    except (RpcFailure, ContractViolation) as failure:
        return _ended(tally, result("not-started", _label(failure)))
    table = Table(kind, new.update, list(new.seat_tokens))
    tally.game_started(kind)
    try:
        while not table.update.HasField("outcome"):
            think = rng.uniform(*style.think_seconds)
            if think > 0:
                sleep(think)
            apply_one(transport, style, sleep, table, chooser)
        if rng.random() < style.replay_fraction:
            replay(transport, style, sleep, table)
    except (RpcFailure, ContractViolation) as failure:
        return _ended(tally, result("abandoned", _label(failure)))
    except BaseException:  # the run stopped (GreenletExit) with this game in progress
        tally.game_ended(result("interrupted"))
        raise
    return _ended(tally, result("completed"))


def apply_one(transport: Transport, style: PlayStyle, sleep: Sleep, table: Table,
              chooser: Chooser) -> None:
    seat, action = chooser.choose(table)
    step = table.update.step
    request = pb.ApplyActionRequest(
        state=table.update.state, seat=seat, action=action, expected_step=step,
        seat_token=table.tokens[seat], views=EVERY_SEAT,
        view_tokens=dict(enumerate(table.tokens)),
    )

    def check(response: pb.ApplyActionResponse) -> None:
        check_update(response.update, table.kind, step + 1)
        if not response.update.HasField("outcome") and response.update.step >= style.max_actions:
            raise ContractViolation("GAME_TOO_LONG", f"{table.kind.label} still running after "
                                    f"{style.max_actions} actions")

    response = call(transport, style, sleep, "ApplyAction", request, check)
    table.log.append(pb.SeatAction(seat=seat, action=action))
    table.update = response.update


def replay(transport: Transport, style: PlayStyle, sleep: Sleep, table: Table) -> None:
    """Replay the finished game from its revealed seed: it must reach the same final state."""
    outcome = table.update.outcome
    request = pb.ReplayRequest(
        game_id=table.kind.game, num_players=table.kind.players, options=table.kind.options,
        seed=outcome.seed, actions=table.log, rules_version=table.update.rules_version,
        seed_salt=outcome.seed_salt,
    )

    def check(response: pb.ReplayResponse) -> None:
        got = response.update
        if response.actions_applied != len(table.log) or got.step != table.update.step:
            raise ContractViolation("REPLAY_MISMATCH", f"replayed {response.actions_applied} "
                                    f"actions to step {got.step}, played {len(table.log)}")
        if got.outcome.final_state_digest != outcome.final_state_digest:
            raise ContractViolation("REPLAY_MISMATCH", "Replay does not reproduce the outcome's "
                                    "final_state_digest")

    call(transport, style, sleep, "Replay", request, check)


def call(transport: Transport, style: PlayStyle, sleep: Sleep, method: str,
         request: pb.NewGameRequest | pb.ApplyActionRequest | pb.ReplayRequest
         | pb.SuggestActionRequest, check: Check[Resp]) -> Resp:
    """One call, resent after UNAVAILABLE with backoff: a stateless server makes that safe.

    Every attempt is reported, so the failures a restart causes stay visible.
    """
    for attempt in range(style.unavailable_retries + 1):
        try:
            return transport.call(method, request, check)
        except RpcFailure as failure:
            if failure.code != RETRYABLE or attempt == style.unavailable_retries:
                raise
            sleep(min(0.25 * 2**attempt, 2.0))
    raise AssertionError("unreachable")  # pragma: no cover


def check_new_game(response: pb.NewGameResponse, kind: GameKind) -> None:
    check_update(response.update, kind, 0)
    if len(response.seat_tokens) != kind.players:
        raise ContractViolation("MISSING_TOKENS", f"{len(response.seat_tokens)} seat tokens for "
                                f"{kind.players} seats")


def check_update(update: pb.GameUpdate, kind: GameKind, step: int) -> None:
    """The parts of docs/api.md every GameUpdate must honour, for a caller seeing all seats."""
    if update.game_id != kind.game or update.num_players != kind.players:
        raise ContractViolation("WRONG_GAME", f"asked for {kind.label}, got {update.game_id} "
                                f"with {update.num_players} players")
    if update.step != step:
        raise ContractViolation("WRONG_STEP", f"step {update.step} where {step} was due "
                                "(0 after NewGame, +1 per action)")
    if len(update.views) != kind.players:
        raise ContractViolation("MISSING_VIEWS", f"{len(update.views)} views for all "
                                f"{kind.players} seats")
    if update.HasField("outcome"):
        outcome = update.outcome
        if update.decisions:
            raise ContractViolation("DECIDER_AFTER_END", "a finished game still names deciders")
        if (len(outcome.results) != kind.players or not outcome.winners or not outcome.seed
                or len(outcome.final_state_digest) != DIGEST_BYTES):
            raise ContractViolation("BAD_OUTCOME", "an outcome needs one result per seat, "
                                    "winners, the seed and the final state's digest")
        return
    if not update.decisions:
        raise ContractViolation("NO_DECIDER", f"no seat must decide at step {step} and no outcome")
    for decision in update.decisions:
        if not decision.legal_actions_included or not decision.legal_actions:
            raise ContractViolation("NO_LEGAL_ACTIONS", f"seat {decision.seat} must decide "
                                    f"({decision.kind}) but has no legal actions")


def _ended(tally: GameTally, result: GameResult) -> GameResult:
    tally.game_ended(result)
    return result


def _label(failure: RpcFailure | ContractViolation) -> str:
    return failure.label
