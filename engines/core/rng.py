"""Counter-based deterministic randomness.

Every draw is BLAKE2b(key=seed, counter) truncated to 64 bits, so the whole
generator state is (seed, counter): two small values that live inside the
game state. Python's `random` is avoided on purpose: its state is large and
its algorithms are not a stable contract across versions.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """A stream of unbiased integers derived from (seed, counter)."""

    __slots__ = ("_keyed", "counter", "seed")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        if not 1 <= len(seed) <= 64:
            raise ValueError("seed must be 1..64 bytes")
        self.seed = seed
        self.counter = counter
        # BLAKE2b keyed by the seed, before any message: each draw copies it
        # rather than compressing the key block again (same digests, half
        # the time; bots draw a lot).
        self._keyed = hashlib.blake2b(key=seed, digest_size=8)

    def next64(self) -> int:
        keyed = self._keyed.copy()
        keyed.update(self.counter.to_bytes(8, "little"))
        self.counter += 1
        return int.from_bytes(keyed.digest(), "little")

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: each permutation equally likely."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
