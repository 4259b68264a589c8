"""Sealed state: AES-256-GCM under a configured key, with a key id.

Envelope (all header lengths one byte):

    magic(4) | len kid | kid | len game_id | game_id | len rules | rules | nonce(12) | ciphertext+tag

Everything before the nonce is authenticated as associated data, so the
game id and rules version travel in the clear (a refusal can name them) but
cannot be altered: they are believed only once the state has authenticated,
which needs the key and nothing else (service/states.py classifies after).
The first key seals; every listed key opens, which is how keys rotate
without losing games in flight.

Three versions, told apart by the magic (docs/security.md, "Sealed format"):

* ``MPS3`` and ``MPS2`` (written): the plaintext is ``len(4, big-endian) |
  payload | zero padding`` up to a multiple of the caller's size class,
  because AES-GCM keeps the plaintext length and a length that depends on
  hidden cards tells them to whoever holds the state. The two differ in
  their payload (service/states.py): an MPS3 payload holds the table.
* ``MPS1`` (release 0.1.0; read only): the plaintext is the payload itself.
"""

from __future__ import annotations

import base64
import itertools
import logging
import os
import secrets
from dataclasses import dataclass
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MAGIC_V1 = b"MPS1"
MAGIC_V2 = b"MPS2"
MAGIC_V3 = b"MPS3"
_VERSIONS = {MAGIC_V1: 1, MAGIC_V2: 2, MAGIC_V3: 3}
_MAGICS = {version: magic for magic, version in _VERSIONS.items()}
_NONCE = 12
_LENGTH = 4  # the payload length in front of an MPS2 plaintext
#: A key is refused unless its 32 bytes take at least this many distinct
#: values, and so do the differences between neighbouring bytes (see
#: `key_problem`).
MIN_DISTINCT = 16
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
    #: 1 for a state sealed by release 0.1.0 (MPS1), 2 for one without a table
    #: (MPS2), 3 with one (MPS3).
    version: int = 2


def key_problem(key: bytes) -> str | None:
    """Why `key` cannot be a state key, or None.

    A key drawn as the docs say (32 bytes from the OS) passes; what is refused
    is a key somebody made up. Fewer than MIN_DISTINCT distinct bytes catches a
    repeated byte and any short repeating pattern; fewer than MIN_DISTINCT
    distinct neighbour differences catches counting sequences (0, 1, 2, ...);
    all printable ASCII catches a typed passphrase. A uniformly random key
    fails one of these with probability below 2**-45.
    """
    if len(key) != 32:
        return f"must be 32 bytes, got {len(key)}"
    if len(set(key)) < MIN_DISTINCT:
        return f"has only {len(set(key))} distinct byte values: it is not random"
    steps = {(b - a) & 0xFF for a, b in itertools.pairwise(key)}
    if len(steps) < MIN_DISTINCT:
        return "is a regular sequence of bytes: it is not random"
    if all(0x20 <= b < 0x7F for b in key):
        return "is printable text (a passphrase?), not 32 random bytes"
    return None


class Sealer:
    """Seals and opens game states. Thread-safe (AESGCM objects are)."""

    def __init__(self, keys: list[tuple[str, bytes]]) -> None:
        if not keys:
            raise ValueError("at least one state key is required")
        seen: set[str] = set()
        ids_of: dict[bytes, str] = {}
        for kid, key in keys:
            if not kid or len(kid) > 64 or not kid.isascii() or not kid.isprintable():
                raise ValueError(f"bad key id {kid[:64]!r}: 1..64 printable ASCII characters")
            if kid in seen:
                raise ValueError(f"key id {kid!r} is listed twice; each key needs its own id")
            if key in ids_of:
                # Two ids for one key would let a state sealed under either open under both,
                # and retiring one id would not retire the key.
                raise ValueError(f"keys {ids_of[key]!r} and {kid!r} are the same key listed "
                                 "twice; each id needs its own key")
            seen.add(kid)
            ids_of[key] = kid
            problem = key_problem(key)
            if problem is not None:
                raise ValueError(f"key {kid!r} {problem}")
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
            key = os.urandom(32)
            while key_problem(key) is not None:  # about once in 2**45 draws
                key = os.urandom(32)
            return cls([("ephemeral-" + secrets.token_hex(4), key)])
        keys = []
        for item in spec.split(","):
            kid, sep, encoded = item.strip().partition(":")
            if not sep:
                raise ValueError("state keys must look like 'kid:base64key,...'")
            try:
                key = base64.b64decode(encoded, validate=True)
            except ValueError as exc:
                raise ValueError(f"state key {kid[:64]!r} is not valid base64") from exc
            keys.append((kid, key))
        return cls(keys)

    def seal(self, game_id: str, rules_version: str, payload: bytes, size_class: int,
             version: int = 2) -> bytes:
        """An MPS2 (or, `version` 3, MPS3) state: `payload` padded to a multiple of
        `size_class` bytes."""
        framed = len(payload).to_bytes(_LENGTH, "big") + payload
        padded = -(-len(framed) // size_class) * size_class
        plain = framed + bytes(padded - len(framed))
        head = _header_bytes(_MAGICS[version], self._seal_kid, game_id, rules_version)
        nonce = os.urandom(_NONCE)
        return head + nonce + self._aeads[self._seal_kid].encrypt(nonce, plain, head)

    def open(self, sealed: bytes) -> tuple[Header, bytes]:
        """The header and the payload (padding removed) of an MPS1, MPS2 or MPS3 state."""
        header, end = read_header(sealed)
        aead = self._aeads.get(header.key_id)
        if aead is None:
            raise SealError(
                "UNKNOWN_STATE_KEY",
                f"state was sealed under key {header.key_id[:64]!r}, which this server does not hold",
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
        if header.version == 1:
            return header, plain
        size = int.from_bytes(plain[:_LENGTH], "big")
        end = _LENGTH + size
        # the padding is zeros: counted in C (any() over a bytes object walks it in Python)
        if len(plain) < _LENGTH or end > len(plain) or plain.count(0, end) != len(plain) - end:
            raise SealError("UNREADABLE_STATE", "state could not be decoded by this server build")
        return header, plain[_LENGTH:end]


@lru_cache(maxsize=64)  # a handful of (magic, key, game, rules) tuples per process
def _header_bytes(magic: bytes, kid: str, game_id: str, rules_version: str) -> bytes:
    header = bytearray(magic)
    for part in (kid, game_id, rules_version):
        raw = part.encode()
        header.append(len(raw))
        header += raw
    return bytes(header)


def read_header(sealed: bytes) -> tuple[Header, int]:
    """Parse the clear-text header; returns it and the offset of the nonce."""
    if not sealed:
        raise SealError("MISSING_STATE", "state is empty; pass the state of the last response")
    version = _VERSIONS.get(sealed[:4])
    if version is None:
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
    return Header(parts[0], parts[1], parts[2], version), pos
