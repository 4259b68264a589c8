"""protojson's cached JSON of view pieces: the same bytes as json_format, bounded.

A response repeats its pieces (every seat's view shows every seat's public
row), so the JSON of a composite sub-message is kept by its deterministic
bytes (`_Fragments`); these tests check a cached piece is only ever reused for
an equal message, that the cache stays within its byte budget, and which types
are cached.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import orjson
import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

import protojson
from bench.handler_cpu import mid_game, service
from engines import registry
from marketplay.v1 import central_market_pb2 as cm
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import market_fresh_pb2 as mf


def _json_format(message: Message) -> bytes:
    return json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()


@pytest.fixture
def fragments() -> Iterator[protojson._Fragments]:
    """An empty cache of the default budget for the test, the module's own put back after."""
    kept = protojson._fragments
    protojson._fragments = protojson._Fragments(protojson.FRAGMENT_CACHE_BYTES)
    yield protojson._fragments
    protojson._fragments = kept


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_a_response_with_cached_pieces_is_json_formats_bytes(
        fragments: protojson._Fragments, game_id: str) -> None:
    core = service()
    players = min(4, registry.ENGINES[game_id].spec.max_players)
    update = mid_game(core, game_id, players, 12)
    first = protojson.encode(update)  # a piece shown twice in it (a public row) is kept
    assert protojson.encode(update) == first == _json_format(update)  # every piece put twice
    cached = len(fragments.entries())
    assert cached > 0, "no piece of an every-seat update was cached"
    assert protojson.encode(update) == first
    assert len(fragments.entries()) == cached  # the third encoding found every piece
    later = mid_game(core, game_id, players, 13)  # the next step: most pieces again, some new
    assert protojson.encode(later) == _json_format(later)


def test_a_changed_piece_is_not_answered_from_the_cache(fragments: protojson._Fragments) -> None:
    update = mid_game(service(), "market-fresh", 4, 12)
    protojson.encode(update)
    view = update.views[0]
    seat = view.market_fresh.seats[0]
    before = protojson.encode(update)
    seat.score += 1  # the same piece type, other bytes: a new entry, never the old text
    assert protojson.encode(update) == _json_format(update) != before


def test_the_cache_stays_within_its_budget() -> None:
    kept = protojson._fragments
    protojson._fragments = small = protojson._Fragments(4096)
    try:
        core = service()
        for steps in range(8, 14):
            update = mid_game(core, "market-fresh", 4, steps)
            assert protojson.encode(update) == _json_format(update)
            assert 0 < small.size <= small.max_bytes
            assert small.size == sum(cost for _, cost in small.entries())
    finally:
        protojson._fragments = kept


def test_a_piece_in_use_stays_and_the_least_used_go() -> None:
    """Two generations of half the budget each: a piece read again after its
    generation filled is kept on; one not read since goes with the old
    generation; the budget holds throughout."""
    cache = protojson._Fragments(400)
    fragment = orjson.Fragment(b"{}")

    def keep(key: bytes, cost: int) -> None:
        for _ in range(2):  # kept when put the second time
            cache.put(("t", key), fragment, cost)

    keep(b"used", 100)
    keep(b"idle", 100)
    keep(b"a", 100)  # the young generation was full: it became the old
    assert cache.get(("t", b"used")) is fragment  # read from the old: kept on in the young
    keep(b"b", 100)  # full again: the old one, with "idle", goes
    assert cache.get(("t", b"used")) is fragment
    assert cache.get(("t", b"idle")) is None
    assert cache.size == sum(cost for _, cost in cache.entries()) <= cache.max_bytes
    keep(b"huge", 201)  # more than a generation: never kept
    assert cache.get(("t", b"huge")) is None


def test_a_piece_is_kept_when_put_a_second_time_and_the_marks_stay_bounded() -> None:
    """The doorkeeper: a piece seen once (a view, new with its state) is not
    kept, so it cannot push out the pieces that recur; and what it remembers
    of pieces put once is bounded whatever is put."""
    cache = protojson._Fragments(1 << 20)
    fragment = orjson.Fragment(b"{}")
    cache.put(("t", b"once"), fragment, 100)
    assert cache.get(("t", b"once")) is None and cache.size == 0
    cache.put(("t", b"once"), fragment, 100)
    assert cache.get(("t", b"once")) is fragment and cache.size == 100
    for index in range(3 * cache.SEEN_MARKS):
        cache.put(("t", index.to_bytes(4, "big")), fragment, 10)
        assert len(cache._seen) <= cache.SEEN_MARKS
    assert cache.size == 100  # none of them was put twice


def test_a_kept_piece_is_escaped_once_and_its_body_needs_no_pass(
        fragments: protojson._Fragments) -> None:
    """A piece with non-ASCII text is kept as json.dumps writes it (escaped),
    so an answer made of kept pieces is ASCII before any pass over it."""
    message = pb.Message(id="x", text="Gr\u00f6\u00dfe \u2068Zo\u00eb\u2069 \U0001f34b \x7f")
    event = pb.GameEvent(message=message)
    update = pb.GameUpdate(events=[event, event, event])  # put twice, then found
    assert protojson.encode(update) == _json_format(update)
    kept = [orjson.dumps(fragment) for fragment, _ in fragments.entries()]
    assert kept and all(piece.isascii() and b"\x7f" not in piece for piece in kept)
    body = orjson.dumps(protojson._encoder(pb.GameUpdate.DESCRIPTOR)(update))
    assert body.isascii() and body == _json_format(update)


def test_only_composite_pieces_without_maps_bytes_or_well_known_types_are_cached() -> None:
    assert protojson._cacheable(mf.MarketFreshSeat.DESCRIPTOR)  # a row of a seat's grid
    assert not protojson._cacheable(mf.MarketFreshSquare.DESCRIPTOR)  # a leaf of scalars
    assert not protojson._cacheable(pb.MessageArgument.DESCRIPTOR)  # a oneof, mostly a scalar
    assert not protojson._cacheable(mf.MarketFreshAction.DESCRIPTOR)  # a oneof of kept pieces
    assert protojson._cacheable(mf.MarketFreshPlace.DESCRIPTOR)  # the action it wraps
    assert protojson._cacheable(pb.GameAction.DESCRIPTOR)  # its label is outside the oneof
    assert protojson._cacheable(pb.Message.DESCRIPTOR)  # its arguments are repeated
    assert protojson._cacheable(cm.CentralMarketSetAsideChosen.DESCRIPTOR)  # `optional` is no oneof
    assert not protojson._cacheable(pb.GameView.DESCRIPTOR)  # seed_commitment: bytes
    assert not protojson._cacheable(pb.GameUpdate.DESCRIPTOR)  # the state: new every call
    assert not protojson._cacheable(pb.NewGameRequest.DESCRIPTOR)  # options: a map
    assert not protojson._cacheable(pb.NewGameResponse.DESCRIPTOR)  # a Timestamp
    update = mid_game(service(), "spice-merchant", 4, 12)
    assert protojson.encode(pb.ApplyActionResponse(update=update)) == \
        _json_format(pb.ApplyActionResponse(update=update))
