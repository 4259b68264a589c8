"""Sealed state: AES-256-GCM under a configured key, with a key id.

Envelope (all lengths one byte):

    b"MPS1" | len kid | kid | len game_id | game_id | len rules | rules | nonce(12) | ciphertext+tag

Everything before the nonce is authenticated as associated data, so the
game id and rules version can be read (for a clear refusal) before
decryption but cannot be altered. The first key seals; every listed key
opens, which is how keys rotate without losing games in flight.
"""

from __future__ import annotations

import base64
import logging
import os
import secrets
from dataclasses import dataclass
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAGIC = b"MPS1"
_NONCE = 12
log = logging.getLogger(__name__)


class SealError(ValueError):
    """A sealed state that cannot be opened. `reason` is the ErrorInfo reason."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Header:
    key_id: str
    game_id: str
    rules_version: str


class Sealer:
    """Seals and opens game states. Thread-safe (AESGCM objects are)."""

    def __init__(self, keys: list[tuple[str, bytes]]) -> None:
        if not keys:
            raise ValueError("at least one state key is required")
        for kid, key in keys:
            if not kid or len(kid) > 64 or not kid.isascii():
                raise ValueError(f"bad key id {kid!r}: 1..64 ASCII characters")
            if len(key) != 32:
                raise ValueError(f"key {kid!r} must be 32 bytes, got {len(key)}")
        self._seal_kid = keys[0][0]
        self._aeads = {kid: AESGCM(key) for kid, key in keys}
        self._keys = dict(keys)

    @property
    def primary_key_id(self) -> str:
        return self._seal_kid

    def key(self, kid: str) -> bytes | None:
        return self._keys.get(kid)

    @classmethod
    def from_config(cls, spec: str) -> Sealer:
        """Parse 'kid:base64key,kid2:base64key'; empty means an ephemeral key."""
        if not spec.strip():
            log.warning(
                "no state keys configured: using an ephemeral key; sealed states will not "
                "survive a restart and other replicas cannot open them"
            )
            return cls([("ephemeral-" + secrets.token_hex(4), os.urandom(32))])
        keys = []
        for item in spec.split(","):
            kid, sep, encoded = item.strip().partition(":")
            if not sep:
                raise ValueError("state keys must look like 'kid:base64key,...'")
            try:
                key = base64.b64decode(encoded, validate=True)
            except ValueError as exc:
                raise ValueError(f"state key {kid!r} is not valid base64") from exc
            keys.append((kid, key))
        return cls(keys)

    def seal(self, game_id: str, rules_version: str, plain: bytes) -> bytes:
        head = _header_bytes(self._seal_kid, game_id, rules_version)
        nonce = os.urandom(_NONCE)
        return head + nonce + self._aeads[self._seal_kid].encrypt(nonce, plain, head)

    def open(self, sealed: bytes) -> tuple[Header, bytes]:
        header, end = read_header(sealed)
        aead = self._aeads.get(header.key_id)
        if aead is None:
            raise SealError(
                "UNKNOWN_STATE_KEY",
                f"state was sealed under key {header.key_id!r}, which this server does not hold",
            )
        nonce = sealed[end : end + _NONCE]
        if len(nonce) != _NONCE:
            raise SealError("MALFORMED_STATE", "state is truncated")
        try:
            plain = aead.decrypt(nonce, sealed[end + _NONCE :], sealed[:end])
        except InvalidTag:
            raise SealError(
                "TAMPERED_STATE", "state failed authentication: it was altered or truncated"
            ) from None
        return header, plain


@lru_cache(maxsize=64)  # a handful of (key, game, rules) triples per process
def _header_bytes(kid: str, game_id: str, rules_version: str) -> bytes:
    out = bytearray(MAGIC)
    for part in (kid, game_id, rules_version):
        raw = part.encode()
        out.append(len(raw))
        out += raw
    return bytes(out)


def read_header(sealed: bytes) -> tuple[Header, int]:
    """Parse the clear-text header; returns it and the offset of the nonce."""
    if not sealed:
        raise SealError("MISSING_STATE", "state is empty; pass the state of the last response")
    if sealed[:4] != MAGIC:
        raise SealError("MALFORMED_STATE", "state is not a marketplay sealed state")
    parts = []
    pos = 4
    for _ in range(3):
        if pos >= len(sealed):
            raise SealError("MALFORMED_STATE", "state is truncated")
        size = sealed[pos]
        raw = sealed[pos + 1 : pos + 1 + size]
        if len(raw) != size:
            raise SealError("MALFORMED_STATE", "state is truncated")
        try:
            parts.append(raw.decode())
        except UnicodeDecodeError:
            raise SealError("MALFORMED_STATE", "state header is malformed") from None
        pos += 1 + size
    return Header(parts[0], parts[1], parts[2]), pos
