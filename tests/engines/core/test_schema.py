"""The state schema: encode, decode, read and clone derived from a dataclass's declared fields."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from engines.core.schema import (
    Bit,
    Bits,
    Cached,
    Context,
    Custom,
    Flag,
    Int,
    Ints,
    Rows,
    Schema,
    Since,
    Text,
    last_seat,
    seats,
    wire,
)
from engines.core.wire import dumps


@dataclass(frozen=True)
class Rules:
    layout: int
    names: tuple[str, ...] = ("a", "b")


def _pair(raw: Any, what: str, ctx: Context) -> tuple[int, int]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise ValueError(f"state field {what} is malformed")
    return raw[0], raw[1]


@dataclass(slots=True)
class Toy:
    rules: Rules
    num_players: int = wire(Int(1, 4))
    name: str = wire(Text(lambda ctx: ctx.rules.names, "toy state names an unknown name"))
    turn: int = wire(Int(-1, last_seat))
    over: bool = wire(Flag())
    lit: bool = wire(Bit())
    deck: list[int] = wire(Ints(0, 9))
    scores: tuple[int, ...] = wire(Ints(0, 99, seats, frozen=True))
    hands: list[list[int]] = wire(Rows(seats, 0, 9), "held cards")
    ready: list[bool] = wire(Bits())
    board: tuple[tuple[int, ...], ...] = wire(Cached(Rows(2, -1, 3, 2, frozen=True)))
    pair: tuple[int, int] = wire(Custom(_pair, lambda p: [p[0], p[1]],
                                        trusted=lambda raw, ctx: (raw[0], raw[1])))
    extra: list[int] = wire(Ints(0, 9), since=Since(2, lambda ctx: [0] * ctx.num_players))


SCHEMA = Schema(Toy, "toy", prefix=(7,), layout=lambda rules: rules.layout)


def _toy(layout: int = 2) -> Toy:
    return Toy(Rules(layout), 2, "b", 1, False, True, [3, 4], (5, 6), [[1], [2, 2]],
               [True, False], ((-1, 0), (1, -1)), (8, 9), [1, 2])


def test_encode_writes_the_prefix_then_each_field_with_its_encoder() -> None:
    data = SCHEMA.encode(_toy())
    assert data == dumps([7, 2, "b", 1, False, 1, [3, 4], [5, 6], [[1], [2, 2]], [1, 0],
                          [[-1, 0], [1, -1]], [8, 9], [1, 2]])
    assert SCHEMA.decode(data, Rules(2)) == _toy()


def test_an_older_layout_leaves_out_later_fields_and_reads_their_default() -> None:
    old = _toy(layout=1)
    data = SCHEMA.encode(old)
    assert len(json.loads(data)) == 1 + len(SCHEMA.fields) - 1
    assert SCHEMA.names(Rules(1)) == SCHEMA.names(Rules(2))[:-1]
    again = SCHEMA.decode(data, Rules(1))
    assert again.extra == [0, 0] and SCHEMA.encode(again) == data
    with pytest.raises(ValueError, match="must be a list of"):
        SCHEMA.decode(data, Rules(2))


def test_clone_copies_each_field_as_deep_as_its_encoder_says() -> None:
    toy = _toy()
    twin = SCHEMA.clone(toy)
    assert twin == toy and twin is not toy
    twin.deck.append(1)
    twin.hands[0].append(9)
    twin.ready[0] = False
    twin.extra.pop()
    assert toy == _toy()
    assert twin.scores is toy.scores and twin.board is toy.board  # immutable: shared


def _mangle(data: bytes, index: int, value: object) -> bytes:
    body = json.loads(data)
    body[index] = value
    return json.dumps(body, separators=(",", ":")).encode()


@pytest.mark.parametrize(("index", "value", "says"), [
    (0, 8, "toy state has the wrong encoding version"),
    (1, 5, "state field num_players is malformed"),
    (2, "c", "toy state names an unknown name"),
    (3, 2, "state field turn is malformed"),  # the bound follows the player count
    (4, 1, "state field over is malformed"),
    (5, 2, "state field lit is malformed"),
    (8, [[1]], "state field held cards has the wrong shape"),  # one row per seat
    (9, [1, 2], "state field ready holds a value that is not an int in range"),
    (10, [[0, 4], [0, 0]], "state field board holds a value that is not an int in range"),
    (11, [1], "state field pair is malformed"),
    (3, -2, "state field turn is malformed"),  # below the low bound
    (7, [5], "state field scores has the wrong shape"),  # one score per seat: too short
    (7, [5, 6, 7], "state field scores has the wrong shape"),  # too long
    (7, [5, 100], "state field scores holds a value that is not an int in range"),
    (8, [[1], [2], [3]], "state field held cards has the wrong shape"),  # a row too many
    (8, [[1], [10]], "state field held cards holds a value that is not an int in range"),
    (9, [1], "state field ready has the wrong shape"),  # one bit per seat: too short
    (9, [1, 0, 1], "state field ready has the wrong shape"),  # too long
    (10, [[0], [0, 0]], "state field board has the wrong shape"),  # a row too short
    (10, [[0, 0, 0], [0, 0]], "state field board has the wrong shape"),  # a row too long
    (10, [[0, 0]], "state field board has the wrong shape"),  # a row missing
    (10, [[0, -2], [0, 0]], "state field board holds a value that is not an int in range"),
])
def test_decode_refuses_what_an_encoder_does_not_accept(index: int, value: object, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        SCHEMA.decode(_mangle(SCHEMA.encode(_toy()), index, value), Rules(2))
    assert str(refused.value) == says


@pytest.mark.parametrize("width", [0, 1, len(SCHEMA.fields), len(SCHEMA.fields) + 2])
def test_decode_refuses_a_body_with_too_few_or_too_many_fields(width: int) -> None:
    """The body's length is the prefix plus the fields of its layout, exactly:
    one field short or one over is refused before any field is read."""
    body = json.loads(SCHEMA.encode(_toy()))
    body = [*body, 0, 0][:width]
    with pytest.raises(ValueError, match=r"^toy state must be a list of 13 fields$"):
        SCHEMA.decode(json.dumps(body).encode(), Rules(2))


def test_decode_of_an_older_layout_refuses_a_later_field() -> None:
    """A layout-1 body holds one field fewer; a layout-2 body is one too many for it."""
    with pytest.raises(ValueError, match=r"^toy state must be a list of 12 fields$"):
        SCHEMA.decode(SCHEMA.encode(_toy(layout=2)), Rules(1))


def test_decode_refuses_a_prefix_that_is_not_the_schemas() -> None:
    two = Schema(Toy, "toy", prefix=(7, 3), layout=lambda rules: rules.layout)
    body = json.loads(two.encode(_toy()))
    assert two.decode(json.dumps(body, separators=(",", ":")).encode(), Rules(2)) == _toy()
    for wrong in ([7, 4], [8, 3], [3, 7]):
        mangled = json.dumps(wrong + body[2:]).encode()
        with pytest.raises(ValueError, match=r"^toy state has the wrong encoding version$"):
            two.decode(mangled, Rules(2))


def test_the_game_check_runs_after_the_fields() -> None:
    def no_empty_deck(toy: Toy) -> None:
        if not toy.deck:
            raise ValueError("toy state has no deck")

    checked = Schema(Toy, "toy", prefix=(7,), layout=lambda rules: rules.layout, check=no_empty_deck)
    data = checked.encode(_toy())
    assert checked.decode(data, Rules(2)) == _toy()
    with pytest.raises(ValueError, match=r"^toy state has no deck$"):
        checked.decode(_mangle(data, 6, []), Rules(2))


@pytest.mark.parametrize("layout", [1, 2])
def test_read_of_authenticated_bytes_gives_the_state_decode_gives(layout: int) -> None:
    """Each value as its encoder keeps it: tuples where frozen, bools from bits and
    flags, the custom field's own value; a later layout's field at its default."""
    data = SCHEMA.encode(_toy(layout))
    read = SCHEMA.read(data, Rules(layout))
    assert read == SCHEMA.decode(data, Rules(layout))
    assert type(read.scores) is tuple and type(read.board[0]) is tuple and read.pair == (8, 9)
    assert read.ready == [True, False] and type(read.ready[0]) is bool and read.lit is True
    assert SCHEMA.encode(read) == data


@pytest.mark.parametrize(("index", "value", "field"), [
    (1, "2", "num_players"),  # an int where a string was written: another layout
    (2, 3, "name"),
    (4, 1, "over"),  # a flag is written as true/false
    (5, True, "lit"),  # a bit is written as 1/0
    (6, 3, "deck"),
    (7, [5], "scores"),  # one per seat: the layout fixes the length
    (8, [[1], [2], [3]], "held cards"),
    (9, [1, 0, 1], "ready"),
    (10, [[0, 0]], "board"),  # its number of rows is the layout's
    (11, 8, "pair"),
])
def test_read_refuses_bytes_that_do_not_have_the_layout(index: int, value: object,
                                                        field: str) -> None:
    """Bytes of another layout (a build that changed it without a new encoding
    or rules version) differ in some field's JSON type or fixed length: refused,
    naming the field, before a rule could misread them."""
    with pytest.raises(ValueError) as refused:
        SCHEMA.read(_mangle(SCHEMA.encode(_toy()), index, value), Rules(2))
    assert str(refused.value) == f"toy state does not have the layout of its rules version: field {field}"


@pytest.mark.parametrize("body", [[], [7], {"a": 1}, [8, *range(12)], "x"])
def test_read_refuses_another_prefix_or_number_of_fields(body: object) -> None:
    with pytest.raises(ValueError, match=r"^toy state does not have the layout of its rules version$"):
        SCHEMA.read(json.dumps(body).encode(), Rules(2))


def test_read_refuses_a_later_layout_and_bytes_that_are_no_json() -> None:
    with pytest.raises(ValueError, match=r"^toy state does not have the layout of its rules version$"):
        SCHEMA.read(SCHEMA.encode(_toy(layout=2)), Rules(1))  # a field too many for layout 1
    with pytest.raises(ValueError, match=r"^toy state is not valid JSON$"):
        SCHEMA.read(b"[1,", Rules(2))


def test_read_believes_the_values_of_an_authenticated_state() -> None:
    """What `decode` refuses by value alone reads as written: values were checked
    by the engine that made the state (docs/architecture.md)."""
    data = _mangle(SCHEMA.encode(_toy()), 6, [10, 11])
    with pytest.raises(ValueError):
        SCHEMA.decode(data, Rules(2))
    assert SCHEMA.read(data, Rules(2)).deck == [10, 11]


def test_a_field_without_an_encoder_is_refused_when_the_schema_is_built() -> None:
    @dataclass
    class Bare:
        rules: Rules
        num_players: int

    with pytest.raises(TypeError, match=r"Bare\.num_players names no wire encoder"):
        Schema(Bare, "bare")
