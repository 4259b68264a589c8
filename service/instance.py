"""The service's own facts about one game (its instance id and seed salt),
sealed beside the game's encoding (service/states.py). Its own module so
that what builds updates and tables (service/updates.py, table.py) can name
it without importing the state store that reads them."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

#: Random bytes in an instance id and in a seed salt.
INSTANCE_BYTES = 16


@dataclass(frozen=True)
class Instance:
    """The service's own facts about one game, sealed beside its Game encoding."""

    #: Drawn by NewGame; seat tokens are bound to it. Empty: a 0.1.0 game.
    id: bytes
    #: Drawn by NewGame; the seed commitment is SHA-256(salt || seed) and the
    #: outcome reveals the salt with the seed. Empty: a 0.1.0 game.
    salt: bytes

    @classmethod
    def draw(cls, salt: bytes | None = None) -> Instance:
        return cls(os.urandom(INSTANCE_BYTES), os.urandom(INSTANCE_BYTES) if salt is None else salt)

    @property
    def legacy(self) -> bool:
        """Started by release 0.1.0: tokens bound to the seed commitment, no salt."""
        return not self.id

    def seed_commitment(self, seed: bytes) -> bytes:
        """SHA-256(salt || seed); with no salt (0.1.0 games) SHA-256(seed)."""
        return hashlib.sha256(self.salt + seed).digest()

    def encode(self) -> bytes:
        return bytes([len(self.id)]) + self.id + bytes([len(self.salt)]) + self.salt


LEGACY = Instance(b"", b"")

__all__ = ["INSTANCE_BYTES", "LEGACY", "Instance"]
