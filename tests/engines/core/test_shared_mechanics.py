"""The mechanics every engine shares: ranking, seat order, event copies,
views from pieces, and the action codec."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf.wrappers_pb2 import BytesValue, Int32Value

from engines.core import Event, IllegalAction
from engines.core.actions import ActionCodec
from engines.core.engine import Standing
from engines.core.events import private, public, public_and_private
from engines.core.pieces import assemble, embedded, serialize
from engines.core.ranking import (
    FORFEIT,
    competition_ranks,
    decided_by,
    forfeit_outcome,
    ranked_outcome,
)
from engines.core.seats import after, clockwise
from marketplay.v1 import spice_merchant_pb2 as pb

# ------------------------------------------------------------------ ranking


@pytest.mark.parametrize(
    "keys, ranks",
    [
        ([5, 9, 5, 1], [2, 1, 2, 4]),
        ([3, 3, 3], [1, 1, 1]),
        ([7, 7, 2, 9], [2, 2, 4, 1]),
        ([(4, 1), (4, 2), (3, 9)], [2, 1, 3]),
        ([], []),
    ],
)
def test_competition_ranks_share_a_rank_and_skip_the_next(keys: list[object], ranks: list[int]) -> None:
    assert competition_ranks(keys) == ranks  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "keys, rule",
    [
        ([(9, 0), (8, 5)], "score"),
        ([(9, 1), (9, 3), (2, 9)], "goods-sold"),
        ([(9, 3), (9, 3), (9, 1)], "shared"),
        ([(9, 3, 1), (9, 3, 2)], "third"),
        ([(9,), (9,)], "shared"),
        ([(1, 0), (9, 0), (9, 0)], "shared"),
    ],
)
def test_decided_by_names_the_first_rule_that_leaves_one_leader(
    keys: list[tuple[int, ...]], rule: str
) -> None:
    """Only seats still tied for first go on to the next tie-break: a seat
    that lost on score cannot win on goods sold."""
    assert decided_by(keys, ("score", "goods-sold", "third")[: len(keys[0])]) == rule


def test_a_tie_break_only_among_the_leaders() -> None:
    assert decided_by([(5, 9), (7, 1), (7, 2)], ("score", "goods-sold")) == "goods-sold"
    assert decided_by([(5, 9), (7, 1), (7, 1)], ("score", "goods-sold")) == "shared"


def test_ranked_outcome_reports_ranks_winners_and_tie_break_values() -> None:
    details = Int32Value(value=3)
    outcome = ranked_outcome([(10, 2), (10, 3), (4, 0)], ("unused-action-cards",), details)
    assert [(r.seat, r.score, r.rank, r.tie_break_values) for r in outcome.results] == [
        (0, 10, 2, (2,)), (1, 10, 1, (3,)), (2, 4, 3, (0,))
    ]
    assert outcome.winners == (1,)
    assert outcome.tie_break == "unused-action-cards"
    assert outcome.details is details
    shared = ranked_outcome([(6,), (6,)], ())
    assert shared.winners == (0, 1) and shared.tie_break == "shared"
    assert [r.tie_break_values for r in shared.results] == [(), ()]


# ------------------------------------------------------------------ seats


def test_forfeiting_seats_rank_below_all_others_whatever_their_points() -> None:
    standing = Standing(((9, 1), (4, 2), (4, 3), (1, 0)), ("unused-action-cards",))
    outcome = forfeit_outcome(standing, {0})
    assert [(r.seat, r.score, r.rank, r.tie_break_values) for r in outcome.results] == [
        (0, 9, 4, (1,)), (1, 4, 2, (2,)), (2, 4, 1, (3,)), (3, 1, 3, (0,))]
    assert (outcome.winners, outcome.tie_break) == ((2,), "unused-action-cards")
    both = forfeit_outcome(standing, {0, 3})
    assert [r.rank for r in both.results] == [3, 2, 1, 3]


def test_a_forfeit_that_leaves_one_seat_or_none_is_decided_by_forfeit() -> None:
    standing = Standing(((3,), (5,), (5,)), ())
    alone = forfeit_outcome(standing, {1, 2})
    assert (alone.winners, alone.tie_break, [r.rank for r in alone.results]) == \
        ((0,), FORFEIT, [1, 2, 2])
    nobody = forfeit_outcome(standing, {0, 1, 2})
    assert (nobody.winners, nobody.tie_break, [r.rank for r in nobody.results]) == \
        ((), FORFEIT, [1, 1, 1])
    tied = forfeit_outcome(standing, {0})
    assert (tied.winners, tied.tie_break) == ((1, 2), "shared")


def test_clockwise_starts_at_the_given_seat_and_wraps() -> None:
    assert clockwise(4, 2) == [2, 3, 0, 1]
    assert clockwise(3, 0) == [0, 1, 2]
    assert after(4, 2) == [3, 0, 1, 2]
    assert after(1, 0) == [0]


# ------------------------------------------------------------------ events


def test_public_and_private_copies() -> None:
    everyone, mine = Int32Value(value=1), Int32Value(value=2)
    assert public(everyone) == Event(everyone)
    assert private(3, mine) == Event(mine, frozenset({3}))
    events = public_and_private(3, everyone, mine)
    assert events == [Event(everyone), Event(mine, frozenset({3}))]
    assert [e.visible_to(3) for e in events] == [True, True]
    assert [e.visible_to(1) for e in events] == [True, False]
    assert [e.visible_to(None) for e in events] == [True, False]


# ------------------------------------------------------------------ pieces


def test_a_view_from_pieces_equals_the_view_built_at_once() -> None:
    whole = pb.SpiceMerchantView(round=2, deck_size=40, hand=[1, 2], seats=[
        pb.SpiceMerchantSeatView(seat=0, score=3), pb.SpiceMerchantSeatView(seat=1, score=5)])
    pieces = [
        serialize(pb.SpiceMerchantView(round=2, deck_size=40)),
        serialize(pb.SpiceMerchantView(seats=[pb.SpiceMerchantSeatView(seat=0, score=3)])),
        serialize(pb.SpiceMerchantView(seats=[pb.SpiceMerchantSeatView(seat=1, score=5)])),
        serialize(pb.SpiceMerchantView(hand=[1, 2])),
    ]
    assert assemble(pb.SpiceMerchantView, pieces) == whole
    assert serialize(assemble(pb.SpiceMerchantView, pieces)) == serialize(whole)


@pytest.mark.parametrize("size", [1, 126, 127, 128, 129, 300, 16383, 16384, 70000])
def test_embedded_writes_the_length_as_protobuf_does(size: int) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    assert embedded(1, data) == BytesValue(value=data).SerializeToString()


@pytest.mark.parametrize("score", [0, 5, 127, 128, 300, 1 << 20])
def test_an_embedded_piece_is_the_field_protobuf_would_write(score: int) -> None:
    row = pb.SpiceMerchantSeatView(seat=1, score=score, round_points=list(range(score % 90)))
    field = pb.SpiceMerchantView.SEATS_FIELD_NUMBER
    assert embedded(field, serialize(row)) == serialize(pb.SpiceMerchantView(seats=[row]))


# ------------------------------------------------------------------ action codec


def _codec(reads: list[bytes]) -> ActionCodec[int, Int32Value]:
    def read(action: Int32Value) -> int | None:
        reads.append(action.SerializeToString())
        return action.value if action.value > 0 else None

    return ActionCodec(Int32Value, lambda move: Int32Value(value=move), read, max_action_bytes=4)


def test_codec_builds_fresh_messages_from_cached_bytes() -> None:
    codec = _codec([])
    first, second = codec.action(7), codec.action(7)
    assert first == Int32Value(value=7) and first is not second
    first.value = 9
    assert codec.action(7) == Int32Value(value=7)
    assert codec.actions([1, 2]) == [Int32Value(value=1), Int32Value(value=2)]


def test_codec_reads_each_distinct_action_once() -> None:
    reads: list[bytes] = []
    codec = _codec(reads)
    assert codec.move_of(Int32Value(value=5)) == 5
    assert codec.move_of(Int32Value(value=5)) == 5
    assert codec.move_of(Int32Value(value=0)) is None
    assert len(reads) == 2


def test_codec_never_reads_an_action_larger_than_the_bound() -> None:
    reads: list[bytes] = []
    codec = _codec(reads)
    big = Int32Value(value=1 << 30)  # 6 bytes on the wire: more than any legal action
    assert codec.move_of(big) is None and reads == []
    assert codec.move_of(Int32Value(value=1 << 20)) == 1 << 20  # 4 bytes: read


def test_apply_refuses_an_action_that_names_no_move() -> None:
    codec = _codec([])
    assert codec.legal_move_of(Int32Value(value=3)) == 3
    with pytest.raises(IllegalAction) as refused:
        codec.legal_move_of(Int32Value(value=0))
    assert str(refused.value) == "that action names no move of this game; see legal_actions"


def test_engines_serialise_messages_only_through_pieces_serialize() -> None:
    """One deterministic serialisation for every engine: a call of its own
    elsewhere could drop `deterministic=True` and make equal pieces unequal."""
    root = Path(__file__).resolve().parents[3] / "engines"
    callers = sorted(
        str(path.relative_to(root)) for path in root.rglob("*.py")
        if "SerializeToString" in path.read_text()
    )
    assert callers == ["core/pieces.py"]
