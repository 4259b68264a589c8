"""The counter-based RNG: a stable contract, not an implementation detail."""

from __future__ import annotations

import hashlib

import pytest

from engines.core import Rng


def test_stream_is_a_function_of_seed_and_counter() -> None:
    a, b = Rng(b"seed"), Rng(b"seed")
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    resumed = Rng(b"seed", counter=3)
    again = Rng(b"seed")
    for _ in range(3):
        again.next64()
    assert resumed.next64() == again.next64()


def test_pinned_values_never_change() -> None:
    """Changing these breaks every stored game and golden file: don't."""
    rng = Rng(b"marketplay")
    first = rng.next64()
    expected = int.from_bytes(hashlib.blake2b((0).to_bytes(8, "little"), key=b"marketplay",
                                              digest_size=8).digest(), "little")
    assert first == expected
    deck = list(range(10))
    Rng(b"pinned").shuffle(deck)
    assert sorted(deck) == list(range(10))
    assert deck == [9, 6, 3, 4, 5, 8, 2, 1, 7, 0]


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(b"uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_shuffle_reaches_every_permutation_of_three() -> None:
    rng = Rng(b"perm")
    seen = set()
    for _ in range(200):
        items = [0, 1, 2]
        rng.shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6


@pytest.mark.parametrize("seed", [b"", b"x" * 65])
def test_seed_length_is_checked(seed: bytes) -> None:
    with pytest.raises(ValueError, match=r"^seed must be 1\.\.64 bytes$"):
        Rng(seed)


@pytest.mark.parametrize("n", [0, -3])
def test_below_rejects_empty_range(n: int) -> None:
    with pytest.raises(ValueError, match=r"^n must be positive$"):
        Rng(b"s").below(n)


def test_each_draw_advances_the_counter_by_one() -> None:
    rng = Rng(b"count", counter=5)
    rng.next64()
    assert rng.counter == 6
    rng.below(1)
    assert rng.counter == 7


def test_below_skips_draws_that_would_bias_the_result() -> None:
    """With n = 2**63 + 1, draws above 2**63 would make small results twice
    as likely; they are skipped and the next draw is used instead."""
    n = (1 << 63) + 1
    raw = Rng(b"bias")
    draws = [raw.next64() for _ in range(64)]
    first_fit = next(i for i, x in enumerate(draws) if x <= 1 << 63)
    rng = Rng(b"bias")
    assert rng.below(n) == draws[first_fit] % n
    assert rng.counter == first_fit + 1
    # Some seed draws a rejected value first: the rejection path is exercised.
    assert any(Rng(bytes([i])).next64() > 1 << 63 for i in range(1, 9))
    for i in range(1, 9):
        stream = Rng(bytes([i]))
        values = [stream.next64() for _ in range(64)]
        fit = next(x for x in values if x <= 1 << 63)
        assert Rng(bytes([i])).below(n) == fit % n


def test_below_uses_the_whole_range_up_to_the_limit() -> None:
    """n = 2**64 - 1 accepts every draw but the largest: results are plain draws mod n."""
    n = (1 << 64) - 1
    raw = Rng(b"wide")
    rng = Rng(b"wide")
    for _ in range(20):
        assert rng.below(n) == raw.next64() % n


def test_shuffle_of_short_lists_draws_nothing() -> None:
    rng = Rng(b"short")
    items = [7]
    rng.shuffle(items)
    assert items == [7] and rng.counter == 0
    pair = [1, 2]
    rng.shuffle(pair)
    assert rng.counter == 1


@pytest.mark.parametrize("seed", [b"x", b"y" * 64])
def test_seeds_of_1_to_64_bytes_are_taken(seed: bytes) -> None:
    assert Rng(seed).seed == seed and Rng(seed, 9).counter == 9


def test_the_seed_keys_the_stream() -> None:
    assert Rng(b"a").next64() != Rng(b"b").next64()
    assert Rng(b"a").below(1) == 0
