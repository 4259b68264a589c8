"""Size classes: every sealed state of a game has the same length.

AES-GCM keeps the plaintext length, and the plain encoding of a state spells
hidden cards as decimal numbers, so its length moves with them (Central
Market: a pending set-aside choice of code >= 10 is one byte longer than one
below 10). Rounding to a multiple of some small block does not help: a state
just below a block boundary crosses it when a hidden number gains a digit.
So each game pads every state to one fixed size, larger than any state the
game reaches, and the sealed length tells nothing but the game.

The size is the game's own, declared in its spec (`GameSpec.sealed_size`,
engines/<game>/spec.py, with the largest plaintext measured: a plaintext is a
4-byte length, the 34-byte service envelope, the table block and the game's
encoding), so this module names no game. At a table with take-backs on, the
table block holds a second encoding of the game (the restorable position) and
the seat's actions since, and the size doubles: the sealed length then tells
the game and the table's take-back policy, both public
(GameUpdate.table_options), and nothing else. A state beyond its class (never seen) is
padded to the next multiple of the class and logged once, so it still seals
but its length could then tell the side of that boundary;
tests/conformance/test_sealed_length.py fails if any playout state exceeds
its class.
"""

from __future__ import annotations

import logging

from engines.core.spec import GameSpec

log = logging.getLogger(__name__)

_warned: set[str] = set()


def size_class(spec: GameSpec, plain_length: int, takebacks: bool = False) -> int:
    """The padding block for a state of the game whose plaintext has `plain_length` bytes:
    twice the game's size with take-backs on, whose restorable position (a second
    encoding of the game and the seat's actions since) the state carries too."""
    block = spec.sealed_size * (2 if takebacks else 1)
    if plain_length > block and spec.game_id not in _warned:
        _warned.add(spec.game_id)
        log.warning(
            "a %s state of %d bytes exceeds its size class of %d bytes: raise the "
            "game's sealed_size (engines/<game>/spec.py), or sealed lengths may reveal "
            "hidden information",
            spec.game_id, plain_length, block,
        )
    return block
