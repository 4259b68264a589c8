"""Sealed bytes <-> (Game, Instance), with an LRU of recently opened states.

What is sealed (docs/security.md, "Sealed format"): the game's own plain
encoding (`Game.encode`, whose SHA-256 is the outcome's final_state_digest,
so Replay must reproduce it) inside a service envelope holding what only the
service knows about this game instance: a random instance id that seat
tokens are bound to, and the salt of the seed commitment. Neither is part of
`Game.encode`, so Replay(seed, actions) still reproduces the digest.

    MPS3 payload: len id(1) | instance id | len salt(1) | salt | len table(2) | table | Game.encode()
    MPS2 payload: len id(1) | instance id | len salt(1) | salt | Game.encode()

(id and salt 16 bytes each; a Replay given no salt seals an empty salt.) The
table block (service/table.py) holds the table options and state: each
seat's clock, the seats that forfeited on time. Games started before tables
(MPS2, MPS1) have none: they play on with no clock and keep being sealed as
MPS2, so their states stay as they were.

Games started by release 0.1.0 (MPS1, no envelope) carry neither: their
Instance is LEGACY (empty id and salt), their tokens stay bound to the plain
seed commitment SHA-256(seed), and they keep that commitment when they are
sealed again (as MPS2) after their next action.

A game's next call almost always carries the state this process just
returned, so every state we seal is remembered: the follow-up call skips
decryption and parsing. The cache is keyed by the state's GCM tag (its last
16 bytes) and a hit also compares the whole stored sealed bytes, so a hit is
exactly as trustworthy as a fresh open: those very bytes were authenticated
(or produced) here. That is cheaper than hashing the state, and only states
this server authenticated are ever stored, so no caller-chosen bytes size
the cache. It is bounded by entries and by an estimate of the memory the
decoded states hold. Engines never mutate a state, so a cached Game may be
shared between threads.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import NamedTuple

from engines import registry
from engines.core import Game
from service.errors import Code, ServiceError, echo, invalid
from service.observe import GameObserver
from service.padding import size_class
from service.sealing import Sealer, SealError
from service.table import Table
from service.table import decode as decode_table
from service.table import encode as encode_table

log = logging.getLogger(__name__)

_TAG = 16  # AES-GCM tag length: the tail of every sealed state
#: A decoded Game holds about 9-10 bytes of Python objects per byte of its
#: plain encoding (measured with tracemalloc on mid-game states of every
#: game), plus the sealed bytes kept for the comparison on a hit.
_MEMORY_PER_PLAIN_BYTE = 12
#: Random bytes in an instance id and in a seed salt.
INSTANCE_BYTES = 16
#: The proto's step is an int64; a larger one could not be answered.
_MAX_STEP = (1 << 63) - 1


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


class Opened(NamedTuple):
    game: Game
    instance: Instance
    #: The table (options, clocks, forfeits); None for a game started before tables.
    table: Table | None = None


def _split_payload(payload: bytes) -> tuple[Instance, bytes]:
    """The MPS2 payload's instance and Game encoding; ValueError if malformed.

    Lengths allowed: id and salt both 16 (NewGame), id 16 and no salt (Replay
    without one), both empty (a game of release 0.1.0).
    """
    id_len = payload[0] if payload else -1
    if id_len not in (0, INSTANCE_BYTES) or len(payload) < 2 + id_len:
        raise ValueError("state envelope is malformed")
    salt_len = payload[1 + id_len]
    body_at = 2 + id_len + salt_len
    if salt_len not in (0, id_len) or body_at > len(payload):
        raise ValueError("state envelope is malformed")
    return Instance(payload[1 : 1 + id_len], payload[2 + id_len : body_at]), payload[body_at:]


class _Lru:
    """Opened states by GCM tag, least recently used first, bounded by entries and bytes.

    An OrderedDict under the store's lock: an insert costs 0.35 us, against 3.4
    us for cachetools' LRUCache with a size function (warm, in-process).
    """

    def __init__(self, entries: int, maxsize: int) -> None:
        self.entries = entries
        self.maxsize = maxsize
        self.currsize = 0
        self._items: OrderedDict[bytes, tuple[bytes, Opened, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, tag: bytes) -> tuple[bytes, Opened, int] | None:
        entry = self._items.get(tag)
        if entry is not None:
            self._items.move_to_end(tag)
        return entry

    def put(self, tag: bytes, entry: tuple[bytes, Opened, int]) -> None:
        items = self._items
        old = items.pop(tag, None)
        if old is not None:
            self.currsize -= old[2]
        items[tag] = entry
        self.currsize += entry[2]
        while len(items) > self.entries or self.currsize > self.maxsize:
            self.currsize -= items.popitem(last=False)[1][2]


class StateStore:
    def __init__(
        self, sealer: Sealer, cache_size: int, observer: GameObserver, cache_bytes: int = 64 << 20
    ) -> None:
        self.sealer = sealer
        self._observer = observer
        self._cache = _Lru(cache_size, cache_bytes) if cache_size and cache_bytes else None
        self._lock = threading.Lock()

    def seal(self, game: Game, instance: Instance, table: Table | None = None) -> bytes:
        """MPS3 with a table; MPS2 without (a game started before tables)."""
        spec = game.engine.spec
        plain = game.encode()
        if table is None:
            head, version = instance.encode(), 2
        else:
            block = encode_table(table)
            head, version = instance.encode() + len(block).to_bytes(2, "big") + block, 3
        payload = head + plain
        takebacks = table is not None and table.options.takebacks_on
        sealed = self.sealer.seal(spec.game_id, spec.rules_version, payload,
                                  size_class(spec, len(payload) + 4, takebacks), version)
        self._observer.state_sealed(spec.game_id, len(sealed))
        self._remember(sealed, Opened(game, instance, table), len(plain))
        return sealed

    def open(self, sealed: bytes) -> Opened:
        """Authenticate and decode, or raise a ServiceError saying why not."""
        if self._cache is not None:
            with self._lock:
                entry = self._cache.get(sealed[-_TAG:])
            hit = entry is not None and entry[0] == sealed
            self._observer.state_cache(hit)
            if hit:
                assert entry is not None
                return entry[1]
        opened, plain_length = self._open_uncached(sealed)
        self._remember(sealed, opened, plain_length)
        return opened

    def _remember(self, sealed: bytes, opened: Opened, plain_length: int) -> None:
        cache = self._cache
        if cache is None:
            return
        cost = plain_length * _MEMORY_PER_PLAIN_BYTE + len(sealed)
        if cost > cache.maxsize:
            return
        with self._lock:
            cache.put(sealed[-_TAG:], (sealed, opened, cost))

    def _open_uncached(self, sealed: bytes) -> tuple[Opened, int]:
        try:
            # Authenticated first: the clear header (game, rules version) is associated
            # data, so until the tag checks out it is the caller's word, and a forged
            # one must read as tampering, not as a state another replica could play.
            header, payload = self.sealer.open(sealed)
        except SealError as exc:
            raise invalid(exc.reason, str(exc)) from None
        if registry.get(header.game_id) is None:
            raise invalid(
                "UNKNOWN_GAME_IN_STATE", f"state belongs to unknown game {echo(header.game_id)}"
            )
        # The header's rules version picks the engine: a game finishes under
        # the rules it started with (docs/rules/versions.md).
        engine = registry.get(header.game_id, header.rules_version)
        if engine is None:
            raise ServiceError(
                Code.FAILED_PRECONDITION,
                "RULES_VERSION_MISMATCH",
                f"state was made under {header.game_id} rules {echo(header.rules_version)}; "
                f"this server plays {', '.join(registry.rules_versions(header.game_id))}",
                {"state_rules_version": header.rules_version},
            )
        try:
            instance, plain = (LEGACY, payload) if header.version == 1 else _split_payload(payload)
            block = None
            if header.version == 3:
                size = int.from_bytes(plain[:2], "big")
                if len(plain) < 2 + size:
                    raise ValueError("state table block is truncated")
                block, plain = plain[2 : 2 + size], plain[2 + size :]
            game = Game.decode(engine, plain, authenticated=True)
            if not 0 <= game.step <= _MAX_STEP or game.rng_counter < 0:
                raise ValueError("state step or counter is out of range")
            table = None if block is None else decode_table(block, game.num_players)
        except Exception as exc:  # any failure to read an authenticated state
            # Authenticated but unreadable: written by an incompatible build. The
            # detail stays in the log: it could describe hidden cards.
            log.error("authenticated state failed to decode: %s", str(exc)[:200])
            raise invalid(
                "UNREADABLE_STATE", "state could not be decoded by this server build"
            ) from None
        return Opened(game, instance, table), len(plain)
