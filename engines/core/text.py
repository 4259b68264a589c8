"""Words for players: a phrase (a stable id and typed arguments) for every
action, event, decision, outcome and refusal a player meets (docs/text.md).

A game builds its phrases from what the audience may see: an event's phrase
from that very event copy (its public or private copy), an action's from the
move and public facts, a decision's from public facts. The service renders
them in the caller's locale with the game's catalogs (`locales/<locale>/*.ftl`
beside the game's modules); the engines never format text themselves.

Most phrases are read off the game's own messages (`ProtoPhrases`): the
oneof case names the phrase and each field becomes an argument of the same
name, a seat field a seat, an enum value a term of the catalog, a number a
number. A game writes a function only where that reading is not the sentence
a player needs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from google.protobuf.descriptor import EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

if TYPE_CHECKING:
    from engines.core.engine import Event, Outcome

#: The shared catalog: seats, outcomes, refusals (`locales/<locale>/core.ftl`).
CATALOGS = Path(__file__).parent / "locales"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat, rendered as its display name."""

    seat: int

    def __hash__(self) -> int:  # the field's own: no tuple made per hash (phrases key caches)
        return hash(self.seat)


@dataclass(frozen=True, slots=True)
class Term:
    """A game piece or a word of the catalog, by its id ("spice-merchant-spice-saffron")."""

    id: str

    def __hash__(self) -> int:  # the id's own, which the string keeps: no tuple per hash
        return hash(self.id)


#: The seats of the largest tables, made once (an event names several).
_SEATS = tuple(Seat(number) for number in range(16))


def seat(number: int) -> Seat:
    """Seat `number`, without making a new one for a table's seats."""
    return _SEATS[number] if 0 <= number < len(_SEATS) else Seat(number)


Item = Seat | Term
#: An argument's value: a number, a seat, a term, or a list of seats or terms.
Arg = int | Seat | Term | tuple[Item, ...]


class Phrase:
    """A message for players: what it says (`id`) and what it says it of.

    Phrases key the service's caches, so the hash is computed once, when first
    asked for (most phrases of events and labels are said without one). A
    plain class with slots, its fields Final: made for every label and event
    the service has not said before, where a frozen dataclass's constructor
    costs three times as much."""

    __slots__ = ("_hash", "args", "id")

    def __init__(self, id: str, args: tuple[tuple[str, Arg], ...] = ()) -> None:
        self.id: Final = id
        self.args: Final = args
        self._hash: int | None = None

    def __hash__(self) -> int:
        hashed = self._hash
        if hashed is None:
            hashed = self._hash = hash((self.id, self.args))
        return hashed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return self.id == other.id and self.args == other.args

    def __repr__(self) -> str:
        return f"Phrase(id={self.id!r}, args={self.args!r})"

    @classmethod
    def of(cls, id: str, **args: Arg) -> Phrase:
        return cls(id, tuple(args.items()))

    def arg(self, name: str) -> Arg | None:
        return next((value for key, value in self.args if key == name), None)


def kebab(name: str) -> str:
    """`register_secret` -> `register-secret`: the ids' spelling."""
    return name.lower().replace("_", "-")


def enum_term(enum: EnumDescriptor | None, number: int) -> Term:
    """An enum value as its term: SPICE_MERCHANT_SPICE_SAFFRON -> spice-merchant-spice-saffron."""
    value = enum.values_by_number.get(number) if enum is not None else None
    return Term(kebab(value.name) if value is not None else "unknown")


@dataclass(frozen=True, eq=False)
class ProtoPhrases:
    """Phrases read off one game's messages (events, actions).

    `prefix` starts every id ("spice-merchant"); `seats` names the integer
    fields that hold a seat (`seat`, `first_player`, `winners`...); a field
    named in `skip` is left out (a count a player does not need, a nested
    record the view shows). `fields` turns a nested message field into
    arguments of its own (a card into a term).
    """

    prefix: str
    seats: frozenset[str] = frozenset({"seat"})
    skip: frozenset[str] = frozenset()
    fields: Mapping[str, Callable[[Any], Arg | None]] = field(default_factory=dict)

    def read(self, message: Message, kind: str) -> Phrase:
        """The phrase of the oneof case that `message` holds, e.g. an event's:
        id `<prefix>-<kind>-<case>`, one argument per field of the case (a
        message without a oneof: `<prefix>-<kind>`, one per field)."""
        oneof, ids = _cases(self.prefix, kind, message.DESCRIPTOR)
        if oneof is None:  # one kind of message: its fields are the arguments
            return Phrase(ids[""], self.arguments(message))
        case = message.WhichOneof(oneof)
        if case is None:
            return Phrase(f"{self.prefix}-{kind}-unknown")
        value = getattr(message, case)
        args = self.arguments(value) if isinstance(value, Message) else ()
        return Phrase(ids[case], args)

    def arguments(self, message: Message) -> tuple[tuple[str, Arg], ...]:
        """Every field, set or not (a seat 0 or a count 0 is a value, not an
        absence), but a message or optional field that is not set."""
        args: list[tuple[str, Arg]] = []
        for name, presence, convert in _plan(self, message.DESCRIPTOR):
            if presence and not message.HasField(name):
                continue
            arg = convert(getattr(message, name))
            if arg is not None:
                args.append((name, arg))
        return tuple(args)

    def converter(self, descriptor: Any) -> Callable[[Any], Arg | None] | None:
        """How a field's value becomes an argument (None: the field is not one)."""
        if descriptor.name in self.skip:
            return None
        custom = self.fields.get(descriptor.name)
        if custom is not None:
            return custom
        repeated = descriptor.is_repeated
        if descriptor.type == FieldDescriptor.TYPE_ENUM:
            terms = {v.number: Term(kebab(v.name)) for v in descriptor.enum_type.values}

            def term(number: int) -> Term:
                return terms.get(number) or Term("unknown")

            if repeated:
                return lambda values: tuple(map(term, values))
            return term
        if descriptor.name in self.seats:
            if repeated:
                return lambda values: tuple(map(seat, values))
            return seat
        if descriptor.type == FieldDescriptor.TYPE_BOOL or (
                descriptor.cpp_type in _INTEGERS and not repeated):
            return int
        return None  # nested messages, strings, repeated numbers: the game names them in `fields`


@lru_cache(maxsize=256)
def _cases(prefix: str, kind: str, descriptor: Any) -> tuple[str | None, dict[str, str]]:
    """A message type's oneof (None: it has none) and the phrase id of each of
    its cases ("" for a message without a oneof), worked out once."""
    if not descriptor.oneofs:
        return None, {"": f"{prefix}-{kind}"}
    oneof = descriptor.oneofs[0]
    return oneof.name, {case.name: f"{prefix}-{kind}-{kebab(case.name)}" for case in oneof.fields}


@lru_cache(maxsize=256)
def _plan(phrases: ProtoPhrases,
          descriptor: Any) -> tuple[tuple[str, bool, Callable[[Any], Arg | None]], ...]:
    """A message type's arguments as (field, has presence, converter), worked out once."""
    plan = []
    for field_ in descriptor.fields:
        convert = phrases.converter(field_)
        if convert is not None:
            plan.append((field_.name, bool(field_.has_presence), convert))
    return tuple(plan)


_INTEGERS = frozenset({FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_INT64,
                       FieldDescriptor.CPPTYPE_UINT32, FieldDescriptor.CPPTYPE_UINT64})


# ------------------------------------------------------------------ shared phrases


def outcome_phrase(outcome: Outcome, prefix: str) -> Phrase:
    """Who won and why: one winner with the deciding rule, or a shared win.

    The deciding rule is a term: `<prefix>-tie-break-<name>` for a game's own
    tie-break, or the shared `tie-break-score` and `tie-break-shared`."""
    winners = tuple(Seat(s) for s in outcome.winners)
    top = next(r.score for r in outcome.results if r.seat == outcome.winners[0]) if winners else 0
    return Phrase.of("outcome", winners=winners, count=len(winners), score=top,
                     rule=tie_break_term(prefix, outcome.tie_break))


#: The rules that decide first place in every game (engines/core/ranking.py).
SHARED_TIE_BREAKS = frozenset({"score", "shared", "forfeit"})


def tie_break_term(prefix: str, name: str) -> Term:
    """The term of the rule that decided first place: a shared one
    (`tie-break-score`), or the game's own (`<prefix>-tie-break-goods-sold`)."""
    return Term(f"tie-break-{name}" if name in SHARED_TIE_BREAKS else f"{prefix}-tie-break-{name}")


def seats_phrase(id: str, seats: Iterable[int], **args: Arg) -> Phrase:
    return Phrase.of(id, seats=tuple(Seat(s) for s in seats), count=len(tuple(seats)), **args)


def decision_phrase(prefix: str, kind: str, **args: Arg) -> Phrase:
    """What a seat is asked: `<prefix>-prompt-<decision kind>`."""
    return Phrase.of(f"{prefix}-prompt-{kind}", **args)


@dataclass(frozen=True)
class GameText:
    """Which function of a game's `text.py` says each thing (Modules.text).

    `action(state, seat, kind, action)`: a legal action's label, for the seat
    that decides `kind`, reading the state only as far as `label_context` says.
    `event(event)`: an event copy's phrase.
    `decision(state, seat, kind)`: what the seat is asked (public facts only:
    every seat sees the decisions). `refusal(state, seat, move)`: why a move
    the seat sent is not legal now, with its numbers, or None for the
    generic refusal.
    """

    prefix: str
    #: The game's catalogs: `<catalogs>/<locale>/<game id>.ftl`.
    catalogs: Path
    action: Callable[[Any, int, str, Message], Phrase]
    event: Callable[[Event], Phrase]
    decision: Callable[[Any, int, str], Phrase]
    refusal: Callable[[Any, int, Any], Phrase | None] = lambda state, seat, move: None
    #: `label_context(state, seat, kind)`: everything of the state a label
    #: reads (a seat's own bid, whose sale it is), so the service keeps each
    #: label by (decision kind, context, action) rather than asking for it
    #: at every call. None: labels read the decision kind and the action only.
    label_context: Callable[[Any, int, str], Hashable] | None = None
    #: `label_keys(state, seat, kind, moves)`: what of the state each legal
    #: move's label reads beyond the decision's context, in order (Market
    #: Fresh: the height and the match of each placement), so such labels
    #: are kept too; one call a list, which reads the state once. None: none.
    label_keys: Callable[[Any, int, str, Sequence[Any]], Sequence[Hashable]] | None = None

