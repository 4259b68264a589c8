"""Sealed bytes <-> Game, with an LRU of recently opened states.

A game's next call almost always carries the state this process just
returned, so every state we seal is remembered under a digest of its sealed
bytes: the follow-up call skips decryption and parsing. Hits are exactly as
trustworthy as a fresh open, because the digest covers the very bytes that
were authenticated (or produced) here. Engines never mutate a state, so a
cached Game may be shared between threads.
"""

from __future__ import annotations

import hashlib
import logging
import threading

import grpc
from cachetools import LRUCache

from engines import registry
from engines.core import Game
from engines.core.errors import InvalidOptions
from service.errors import ServiceError, invalid
from service.observe import GameObserver
from service.sealing import Sealer, SealError, read_header

log = logging.getLogger(__name__)


class StateStore:
    def __init__(self, sealer: Sealer, cache_size: int, observer: GameObserver) -> None:
        self.sealer = sealer
        self._observer = observer
        self._cache: LRUCache[bytes, Game] | None = LRUCache(cache_size) if cache_size else None
        self._lock = threading.Lock()

    def seal(self, game: Game) -> bytes:
        spec = game.engine.spec
        sealed = self.sealer.seal(spec.game_id, spec.rules_version, game.encode())
        self._observer.state_sealed(spec.game_id, len(sealed))
        if self._cache is not None:
            key = hashlib.sha256(sealed).digest()
            with self._lock:
                self._cache[key] = game
        return sealed

    def open(self, sealed: bytes) -> Game:
        """Authenticate and decode, or raise a ServiceError saying why not."""
        key = b""
        if self._cache is not None:
            key = hashlib.sha256(sealed).digest()
            with self._lock:
                cached = self._cache.get(key)
            self._observer.state_cache(cached is not None)
            if cached is not None:
                return cached
        game = self._open_uncached(sealed)
        if self._cache is not None:
            with self._lock:
                self._cache[key] = game
        return game

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
                    grpc.StatusCode.FAILED_PRECONDITION,
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
