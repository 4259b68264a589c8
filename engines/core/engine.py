"""The interface every game implements (docs/architecture.md, "The engine interface").

An engine is a stateless object: all game data lives in the state value it
is handed. `apply` must not mutate its input state, so callers may cache
decoded states and share them between calls.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

from google.protobuf.message import Message

from engines.core.events import Event as Event  # declared there, compiled (mypyc); named here too
from engines.core.hidden import Hidden
from engines.core.pieces import serialize
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionValue
from engines.core.text import Phrase, ProtoPhrases, decision_phrase, outcome_phrase

S = TypeVar("S")
A = TypeVar("A", bound=Message)


@dataclass(frozen=True)
class Decision:
    """A seat that must decide now, and what kind of choice it is."""

    seat: int
    kind: str


@dataclass(frozen=True)
class SeatResult:
    seat: int
    score: int
    rank: int
    tie_break_values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """Final result. `tie_break` names the rule that decided first place."""

    results: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    tie_break: str
    details: Message | None = field(default=None)


@lru_cache(maxsize=64)
def _default_phrases(game_id: str) -> ProtoPhrases:
    return ProtoPhrases(game_id)


@dataclass(frozen=True)
class Standing:
    """Each seat's key if the game stopped now, (score so far, *tie-break values),
    and the tie-breaks' names, as `ranking.ranked_outcome` takes them."""

    keys: tuple[tuple[int, ...], ...]
    tie_breaks: tuple[str, ...]


class Engine(ABC, Generic[S, A]):
    """Rules of one game. Pure: same inputs, same outputs, bit for bit."""

    #: What the game shows and takes, and how it is carried (proto field,
    #: action type) and played by bots (BotTuning): data, not rules.
    spec: GameSpec
    #: Whether the game declares secret moves (`known_part` hides something).
    has_secret_moves: bool = False
    #: Whether some decision of the game has the rulebook's pass (`pass_action`),
    #: so a table may answer a timeout with it (timeout_policy `pass`).
    has_pass: bool = False
    #: Where the game keeps what a seat cannot see and what its events tell
    #: (engines/core/hidden.py), for the conformance suite; None: nothing hidden.
    hidden: Hidden[S] | None = None

    @abstractmethod
    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> S:
        """Set-up as the rulebook describes it, shuffles drawn from `rng`."""

    @abstractmethod
    def to_act(self, state: S) -> Sequence[Decision]:
        """Every seat that must decide now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Complete, duplicate-free, stable order; empty for non-deciders."""

    def legal_action_bytes(self, state: S, seat: int) -> Sequence[bytes]:
        """`legal_actions`, serialized (deterministic): what the service keeps
        labels by; engines that cache their actions' bytes answer without
        building a message."""
        return [serialize(action) for action in self.legal_actions(state, seat)]

    def is_legal(self, state: S, seat: int, action: A) -> bool:
        """Engines with long action lists may answer faster than membership."""
        return action in self.legal_actions(state, seat)

    @abstractmethod
    def apply(self, state: S, seat: int, action: A, rng: Rng) -> tuple[S, list[Event]]:
        """Apply a legal action; returns a new state and never mutates `state`."""

    def known_part(self, state: S, seat: int, action: A, observer: int | None) -> Hashable:
        """What `observer` (None: a spectator) may learn of `seat`'s legal `action`.

        A game declares its secret moves here, next to its moves (a card laid
        face down, a secret registration): two legal actions with equal known
        parts must look the same to `observer` in every view, event and legal
        action that follows. The default is a game without secret moves: the
        whole action is public. The conformance suite checks the declaration
        both ways (docs/testing.md, "Action twins").
        """
        return serialize(action)

    # ---------------------------------------------------------- words for players
    # (engines/core/text.py, docs/text.md). The defaults read every phrase off
    # the game's messages, which is how a game without a text module speaks.

    #: Where the game's catalogs live (`<catalogs>/<locale>/*.ftl`); None: none.
    catalogs: Path | None = None

    def action_phrase(self, state: S, seat: int, kind: str, action: A) -> Phrase:
        """A legal action's label, for the seat deciding `kind`: a function of
        `kind`, the action and `label_context(state, seat, kind)` alone."""
        return _default_phrases(self.spec.game_id).read(action, "action")

    def label_context(self, state: S, seat: int, kind: str) -> Hashable:
        """What of the state the labels of `seat`'s actions read (service/text.py
        keeps a label by decision kind, this context and the action)."""
        return ()

    def label_keys(self, state: S, seat: int, kind: str) -> Sequence[bytes | tuple[bytes, Hashable]]:
        """What the service keeps each legal action's label by, in order: the
        action's bytes (as `legal_action_bytes`), or, where the label reads
        more of the state than `label_context`, (the bytes, what more)."""
        return self.legal_action_bytes(state, seat)

    def event_phrase(self, event: Event) -> Phrase:
        """An event copy's phrase, from that copy alone (so from what its audience may see)."""
        return _default_phrases(self.spec.game_id).read(event.message, "event")

    def decision_phrase(self, state: S, seat: int, kind: str) -> Phrase:
        """What `seat` is asked, from public facts only: every seat sees the decisions."""
        return decision_phrase(self.spec.game_id, kind)

    def refusal_phrase(self, state: S, seat: int, action: A) -> Phrase | None:
        """Why `seat` may not make `action` now, with its numbers, from what the
        seat may see; None when the generic refusal says it."""
        return None

    def outcome_phrase(self, outcome: Outcome) -> Phrase:
        return outcome_phrase(outcome, self.spec.game_id)

    def reveals(self, state: S, events: Sequence[Message]) -> bool:
        """Whether a step that ended at `state` with `events` (its public events and
        the acting seat's own) told some seat a hidden fact that seat did not choose:
        a card drawn from a pile shuffled earlier, a card turned face up, another
        seat's hidden cards shown, a prompt that shows what a hand holds. A game
        declares its reveals here, in one place next to its events; the framework
        adds chance, private events to other seats, the game's end and other seats'
        actions (engines/core/takebacks.py), and the conformance suite holds the
        declaration to the views (docs/testing.md, "Take-backs"). The default
        declares every step a reveal, so a game that declares nothing allows no
        take-back.
        """
        return True

    def pass_action(self, state: S, seat: int) -> A | None:
        """The rulebook's pass for `seat`'s decision now, or None where that
        decision has none (a table's timeout_policy `pass`)."""
        return None

    @abstractmethod
    def standing(self, state: S) -> Standing:
        """Each seat's score so far and tie-break values, as the game would rank
        them if it stopped now (no end-of-game scoring): what ranks the seats
        when some forfeit on time (engines/core/ranking.py, `forfeit_outcome`)."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> Message:
        """What `seat` may know (None: a spectator, who sees only public info)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks, winners once the game is over; None before."""

    @abstractmethod
    def encode(self, state: S) -> bytes:
        """Compact, deterministic encoding of the whole state (secrets included)."""

    @abstractmethod
    def decode(self, data: bytes) -> S:
        """Inverse of `encode`; raises ValueError on anything malformed."""

    def read(self, data: bytes) -> S:
        """Inverse of `encode` for bytes a marketplay build wrote (the service
        authenticated them): ValueError when they do not have the layout of this
        rules version; the values are believed, not each checked again
        (docs/architecture.md, "What an authenticated state is checked for").
        An engine with no cheaper reader decodes them."""
        return self.decode(data)

    @abstractmethod
    def resample_hidden(self, state: S, observer: int, rng: Rng) -> S:
        """A state that `observer` cannot tell apart from `state`.

        Redistributes everything hidden from `observer` (other hands, secret
        cards, draw-pile order) at random, keeping every public fact. Used by
        the conformance suite to prove that views, legal actions and events
        never leak hidden information, and by the bots to sample what their
        seat cannot see (engines/bots). It must be canonical: two states the
        observer cannot tell apart, resampled with equal `rng`, give equal
        states (gather hidden cards in an order that does not depend on where
        they truly are), or a bot's answer would depend on hidden facts.
        """

    def estimate(self, state: S) -> Sequence[float] | None:
        """Bots' heuristic: each seat's points if the game ended now, plus what
        its position is worth in points (engines/<game>/evaluation.py).

        Only bots call it, on states whose hidden parts they sampled. None:
        the game has no heuristic, so bots play every sample to the end.
        """
        return None

    def search_estimate(self, state: S) -> Sequence[float] | None:
        """The searching bots' heuristic (ISMCTS, the lookahead: `hard`), where
        a game judges a search's leaves otherwise than greedy's one ply
        (engines/<game>/evaluation.py); by default `estimate`."""
        return self.estimate(state)
