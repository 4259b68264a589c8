"""Sealed bytes <-> Game, with an LRU of recently opened states.

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

import logging
import threading

from cachetools import LRUCache

from engines import registry
from engines.core import Game
from engines.core.errors import InvalidOptions
from service.errors import Code, ServiceError, invalid
from service.observe import GameObserver
from service.sealing import Sealer, SealError, read_header

log = logging.getLogger(__name__)

_TAG = 16  # AES-GCM tag length: the tail of every sealed state
#: A decoded Game holds about 9-10 bytes of Python objects per sealed byte
#: (measured with tracemalloc on mid-game states of every game), plus the
#: sealed bytes kept for the comparison on a hit.
_MEMORY_PER_SEALED_BYTE = 12

_Entry = tuple[bytes, Game, int]  # sealed bytes, decoded game, estimated memory


class StateStore:
    def __init__(
        self, sealer: Sealer, cache_size: int, observer: GameObserver, cache_bytes: int = 64 << 20
    ) -> None:
        self.sealer = sealer
        self._observer = observer
        self._entries = cache_size
        self._cache: LRUCache[bytes, _Entry] | None = (
            LRUCache(cache_bytes, getsizeof=lambda entry: entry[2])
            if cache_size and cache_bytes else None
        )
        self._lock = threading.Lock()

    def seal(self, game: Game) -> bytes:
        spec = game.engine.spec
        sealed = self.sealer.seal(spec.game_id, spec.rules_version, game.encode())
        self._observer.state_sealed(spec.game_id, len(sealed))
        self._remember(sealed, game)
        return sealed

    def open(self, sealed: bytes) -> Game:
        """Authenticate and decode, or raise a ServiceError saying why not."""
        if self._cache is not None:
            with self._lock:
                entry = self._cache.get(sealed[-_TAG:])
            hit = entry is not None and entry[0] == sealed
            self._observer.state_cache(hit)
            if hit:
                assert entry is not None
                return entry[1]
        game = self._open_uncached(sealed)
        self._remember(sealed, game)
        return game

    def _remember(self, sealed: bytes, game: Game) -> None:
        cache = self._cache
        if cache is None:
            return
        cost = len(sealed) * _MEMORY_PER_SEALED_BYTE
        if cost > cache.maxsize:
            return
        with self._lock:
            cache[sealed[-_TAG:]] = (sealed, game, cost)
            while len(cache) > self._entries:
                cache.popitem()

    def _open_uncached(self, sealed: bytes) -> Game:
        try:
            header, _ = read_header(sealed)
            engine = registry.get(header.game_id)
            if engine is None:
                raise invalid(
                    "UNKNOWN_GAME_IN_STATE", f"state belongs to unknown game {header.game_id!r}"
                )
            if header.rules_version != engine.spec.rules_version:
                raise ServiceError(
                    Code.FAILED_PRECONDITION,
                    "RULES_VERSION_MISMATCH",
                    f"state was made under {header.game_id} rules {header.rules_version!r}; "
                    f"this server plays {engine.spec.rules_version!r}",
                    {"state_rules_version": header.rules_version},
                )
            _, plain = self.sealer.open(sealed)
        except SealError as exc:
            raise invalid(exc.reason, str(exc)) from None
        try:
            return Game.decode(engine, plain)
        except (ValueError, InvalidOptions, TypeError, KeyError, IndexError) as exc:
            # Authenticated but unreadable: written by an incompatible build. The
            # detail stays in the log: it could describe hidden cards.
            log.error("authenticated state failed to decode: %s", exc)
            raise invalid(
                "UNREADABLE_STATE", "state could not be decoded by this server build"
            ) from None
