"""Seat tokens: capabilities that prove a caller may act or look as a seat.

token = kid "." base64url(HMAC-SHA256(K, game_id | seed commitment | seat))[:22]

K is derived from the state key `kid`, so rotating state keys rotates token
keys with them, and a token minted before a rotation still verifies while
its key is listed. The seed commitment identifies the game instance (a
server-drawn seed is 256 random bits); games started with the same caller
seed therefore share tokens: callers who pass seeds must not reuse them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from service.sealing import Sealer


def _token_key(state_key: bytes) -> bytes:
    return hmac.new(state_key, b"marketplay seat token v1", hashlib.sha256).digest()


def _mac(key: bytes, game_id: str, commitment: bytes, seat: int) -> str:
    msg = game_id.encode() + b"\x00" + commitment + seat.to_bytes(4, "big")
    digest = hmac.new(_token_key(key), msg, hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def mint(sealer: Sealer, game_id: str, commitment: bytes, seat: int) -> str:
    kid = sealer.primary_key_id
    key = sealer.key(kid)
    assert key is not None
    return f"{kid}.{_mac(key, game_id, commitment, seat)}"


def verify(sealer: Sealer, game_id: str, commitment: bytes, seat: int, token: str) -> bool:
    kid, sep, mac = token.rpartition(".")
    key = sealer.key(kid) if sep else None
    if key is None:
        return False
    return hmac.compare_digest(mac, _mac(key, game_id, commitment, seat))
