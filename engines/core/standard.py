"""The one engine every game uses: its standard modules wired to the interface.

A game declares, in its `spec.py`, which function of which of its modules
plays each part (`Modules`); `StandardEngine` turns that and one rules
version into an `Engine`, so no game writes a class that only forwards
calls (docs/adding-a-game.md). What ListGames shows, the transport settings
and the bots' tuning are the version's `GameSpec`, made from the game's
`GameInfo` and the version's options, declared beside the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from google.protobuf.message import Message

from engines.core.actions import ActionCodec
from engines.core.engine import Decision, Engine, Event, Outcome, Standing
from engines.core.hidden import Hidden
from engines.core.rng import Rng
from engines.core.spec import GameInfo, OptionSpec, OptionValue
from engines.core.text import GameText, Phrase, outcome_phrase


class Versioned(Protocol):
    """A game's rules version (its versions.Rules): named, the rest is the game's."""

    @property
    def version(self) -> str: ...


R = TypeVar("R", bound=Versioned)  # the game's rules version (its versions.Rules)
S = TypeVar("S")  # the game's state
M = TypeVar("M", bound=Hashable)  # the game's moves
A = TypeVar("A", bound=Message)  # the game's Action message


@dataclass(frozen=True)
class Modules(Generic[R, S, M, A]):
    """Which function of a game's modules plays each part of the engine."""

    info: GameInfo  # spec.py: the game under every rules version
    options: Callable[[R], tuple[OptionSpec, ...]]  # spec.py: what one version takes
    new_game: Callable[[R, int, Mapping[str, OptionValue], Rng], S]  # set-up
    deciders: Callable[[S], Sequence[tuple[int, str]]]  # rules.py: (seat, kind) deciding now
    legal_moves: Callable[[S, int], Sequence[M]]  # rules.py
    apply: Callable[[S, int, M, Rng], tuple[S, list[Event]]]  # rules.py, with a legal move
    codec: Callable[[R], Callable[[S], ActionCodec[M, A]]]  # moves.py: moves <-> actions
    view: Callable[[S, int | None], Message]  # view.py
    outcome: Callable[[S], Outcome | None]  # scoring: None until the game is over
    encode: Callable[[S], bytes]  # state.py
    decode: Callable[[bytes, R], S]  # state.py
    resample_hidden: Callable[[S, int, Rng], S]  # hidden.py
    standing: Callable[[S], Standing]  # scoring: the ranking if the game stopped now (forfeits)
    #: hidden.py: where the game keeps what a seat cannot see, and what its events
    #: tell (engines/core/hidden.py); None: nothing is hidden from any seat.
    hidden: Hidden[S] | None = None
    estimate: Callable[[S], Sequence[float]] | None = None  # evaluation.py (bots)
    #: evaluation.py: the searching bots' heuristic, when not `estimate`.
    search_estimate: Callable[[S], Sequence[float]] | None = None
    #: rules.py, when it answers faster than membership in `legal_moves`.
    is_legal: Callable[[S, int, M], bool] | None = None
    #: text.py: what players read (engines/core/text.py); None: every phrase is
    #: read off the game's messages, and the game has no catalogs.
    text: GameText | None = None
    #: moves.py: what an observer (None: a spectator) may learn of a seat's move,
    #: for a game with secret moves (Engine.known_part); None: every move is public.
    known_part: Callable[[S, int, M, int | None], Hashable] | None = None
    #: events.py: whether a step's events (with the state after it) told some seat
    #: a hidden fact it did not choose (Engine.reveals); None: every step may have.
    reveals: Callable[[S, Sequence[Message]], bool] | None = None
    #: rules.py: the rulebook's pass for a seat's decision now, None where it has
    #: none (Engine.pass_action); None here: no decision of the game has one.
    pass_move: Callable[[S, int], M | None] | None = None
    #: state.py: `decode` of authenticated bytes (Engine.read); None: `decode` reads them.
    read: Callable[[bytes, R], S] | None = None


def one_codec(codec: ActionCodec[M, A]) -> Callable[[Any], Callable[[Any], ActionCodec[M, A]]]:
    """`Modules.codec` of a game whose actions read alike in every state."""
    return lambda _rules: lambda _state: codec


@lru_cache(maxsize=1024)
def _decisions(deciders: tuple[tuple[int, str], ...]) -> tuple[Decision, ...]:
    """Decisions are immutable: made once per distinct list of deciders."""
    return tuple(Decision(seat, kind) for seat, kind in deciders)


class StandardEngine(Engine[S, A], Generic[R, S, M, A]):
    """One rules version of a game, played by the game's standard modules."""

    def __init__(self, modules: Modules[R, S, M, A], rules: R) -> None:
        self.modules = modules
        self.rules = rules
        self.spec = modules.info.spec(rules.version, modules.options(rules))
        self._codec = modules.codec(rules)
        self.has_secret_moves = modules.known_part is not None
        self.catalogs = modules.text.catalogs if modules.text is not None else None
        self.has_pass = modules.pass_move is not None
        self.hidden = modules.hidden

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> S:
        return self.modules.new_game(self.rules, num_players, options, rng)

    def to_act(self, state: S) -> Sequence[Decision]:
        return list(_decisions(tuple(self.modules.deciders(state))))

    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        return self._codec(state).actions(self.modules.legal_moves(state, seat))

    def legal_action_bytes(self, state: S, seat: int) -> Sequence[bytes]:
        return list(map(self._codec(state).action_bytes, self.modules.legal_moves(state, seat)))

    def is_legal(self, state: S, seat: int, action: A) -> bool:
        move = self._codec(state).move_of(action)
        if move is None:
            return False
        if self.modules.is_legal is None:
            return move in self.modules.legal_moves(state, seat)
        return self.modules.is_legal(state, seat, move)

    def apply(self, state: S, seat: int, action: A, rng: Rng) -> tuple[S, list[Event]]:
        return self.modules.apply(state, seat, self._codec(state).legal_move_of(action), rng)

    def known_part(self, state: S, seat: int, action: A, observer: int | None) -> Hashable:
        move = self._codec(state).legal_move_of(action)
        if self.modules.known_part is None or observer == seat:
            return move
        return self.modules.known_part(state, seat, move, observer)

    def reveals(self, state: S, events: Sequence[Message]) -> bool:
        return self.modules.reveals is None or self.modules.reveals(state, events)

    def pass_action(self, state: S, seat: int) -> A | None:
        if self.modules.pass_move is None:
            return None
        move = self.modules.pass_move(state, seat)
        return None if move is None else self._codec(state).action(move)

    def standing(self, state: S) -> Standing:
        return self.modules.standing(state)

    def view(self, state: S, seat: int | None) -> Message:
        return self.modules.view(state, seat)

    def action_phrase(self, state: S, seat: int, kind: str, action: A) -> Phrase:
        text = self.modules.text
        return super().action_phrase(state, seat, kind, action) if text is None else text.action(
            state, seat, kind, action)

    def label_context(self, state: S, seat: int, kind: str) -> Hashable:
        text = self.modules.text
        if text is None or text.label_context is None:
            return ()
        return text.label_context(state, seat, kind)

    def label_keys(self, state: S, seat: int, kind: str) -> Sequence[bytes | tuple[bytes, Hashable]]:
        text = self.modules.text
        if text is None or text.label_keys is None:
            return self.legal_action_bytes(state, seat)
        moves = self.modules.legal_moves(state, seat)
        return list(zip(map(self._codec(state).action_bytes, moves),
                        text.label_keys(state, seat, kind, moves), strict=True))

    def event_phrase(self, event: Event) -> Phrase:
        text = self.modules.text
        return super().event_phrase(event) if text is None else text.event(event)

    def decision_phrase(self, state: S, seat: int, kind: str) -> Phrase:
        text = self.modules.text
        return super().decision_phrase(state, seat, kind) if text is None else text.decision(
            state, seat, kind)

    def refusal_phrase(self, state: S, seat: int, action: A) -> Phrase | None:
        text = self.modules.text
        move = self._codec(state).move_of(action)
        return None if text is None or move is None else text.refusal(state, seat, move)

    def outcome_phrase(self, outcome: Outcome) -> Phrase:
        text = self.modules.text
        return outcome_phrase(outcome, self.spec.game_id if text is None else text.prefix)

    def outcome(self, state: S) -> Outcome | None:
        return self.modules.outcome(state)

    def encode(self, state: S) -> bytes:
        return self.modules.encode(state)

    def decode(self, data: bytes) -> S:
        return self.modules.decode(data, self.rules)

    def read(self, data: bytes) -> S:
        read = self.modules.read
        return self.modules.decode(data, self.rules) if read is None else read(data, self.rules)

    def resample_hidden(self, state: S, observer: int, rng: Rng) -> S:
        return self.modules.resample_hidden(state, observer, rng)

    def estimate(self, state: S) -> Sequence[float] | None:
        return None if self.modules.estimate is None else self.modules.estimate(state)

    def search_estimate(self, state: S) -> Sequence[float] | None:
        found = self.modules.search_estimate
        return self.estimate(state) if found is None else found(state)
