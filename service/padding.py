"""Size classes: every sealed state of a game has the same length.

AES-GCM keeps the plaintext length, and the plain encoding of a state spells
hidden cards as decimal numbers, so its length moves with them (Central
Market: a pending set-aside choice of code >= 10 is one byte longer than one
below 10). Rounding to a multiple of some small block does not help: a state
just below a block boundary crosses it when a hidden number gains a digit.
So each game pads every state to one fixed size, larger than any state the
game reaches, and the sealed length tells nothing but the game.

Sizes (MPS2 plaintext: 4-byte length, 34-byte service envelope, the game's
encoding) measured over 15 seeded random playouts of every player count and
option set (tests/conformance/configs.py), largest seen:
central-market 1287 bytes (5 players), market-fresh 1020 (4 players),
spice-merchant 606 (4 players). Each class leaves at least half of that
again as headroom. A state beyond its class (never seen) is padded to the
next multiple of the class and logged once, so it still seals but its length
could then tell the side of that boundary; tests/conformance/
test_sealed_length.py fails if any playout state exceeds its class.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

SIZE_CLASSES: dict[str, int] = {
    "central-market": 2048,
    "market-fresh": 1536,
    "spice-merchant": 1024,
}
#: For a game registered without a class (a test requires one for each).
DEFAULT_CLASS = 4096

_warned: set[str] = set()


def size_class(game_id: str, plain_length: int) -> int:
    """The padding block for a state of `game_id` whose plaintext has `plain_length` bytes."""
    block = SIZE_CLASSES.get(game_id, DEFAULT_CLASS)
    if plain_length > block and game_id not in _warned:
        _warned.add(game_id)
        log.warning(
            "a %s state of %d bytes exceeds its size class of %d bytes: raise "
            "service/padding.py's class, or sealed lengths may reveal hidden information",
            game_id, plain_length, block,
        )
    return block
