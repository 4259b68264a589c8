"""Seat tokens: capabilities that prove a caller may act or look as a seat.

Games started since instance ids (docs/security.md, "Seat tokens"):

    token = kid "." expires_at "." base64url(HMAC-SHA256(K2, game_id | instance id | seat | expires_at))[:22]

The instance id is 128 random bits the server draws at NewGame and seals
into the state, so two games never share tokens, whatever seed a caller
chose. `expires_at` is Unix seconds (0: never; once a TTL is set, until the
token's key stops sealing) and is covered by the MAC, so it cannot be
stretched. Games started by release 0.1.0 keep the tokens they
were given (never expiring):

    token = kid "." base64url(HMAC-SHA256(K1, game_id | SHA-256(seed) | seat))[:22]

K1 and K2 are derived from the state key `kid` under different labels, so
rotating state keys rotates token keys with them, a token minted before a
rotation still verifies while its key is listed, and neither kind of token
can be passed off as the other.

Checks take the same time whatever the token holds once it parses (the MAC
is compared with `hmac.compare_digest`); what parsing looks at (length, key
id, expiry) is not secret.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
from functools import lru_cache

from service.instance import Instance
from service.sealing import Sealer

#: Longer than any token this server mints (64-character kid, 19-digit expiry, MAC).
MAX_TOKEN_LENGTH = 128
_MAX_SEAT = (1 << 31) - 1


class Verdict(enum.Enum):
    VALID = "valid"
    WRONG = "wrong"  # missing, malformed, for another seat or game, or an unknown key
    EXPIRED = "expired"  # genuine, but past its expires_at


@lru_cache(maxsize=32)  # keyed by server-held keys only: a handful per process
def _token_key(state_key: bytes, label: bytes) -> bytes:
    return hmac.new(state_key, label, hashlib.sha256).digest()


def _encode(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()


def _mac_v1(key: bytes, game_id: str, commitment: bytes, seat: int) -> str:
    msg = game_id.encode() + b"\x00" + commitment + seat.to_bytes(4, "big")
    return _encode(hmac.new(_token_key(key, b"marketplay seat token v1"), msg, hashlib.sha256).digest())


def _mac_v2(key: bytes, game_id: str, instance_id: bytes, seat: int, expires_at: int) -> str:
    msg = (game_id.encode() + b"\x00" + instance_id + seat.to_bytes(4, "big")
           + expires_at.to_bytes(8, "big"))
    return _encode(hmac.new(_token_key(key, b"marketplay seat token v2"), msg, hashlib.sha256).digest())


def mint(
    sealer: Sealer, game_id: str, seed: bytes, instance: Instance, seat: int, expires_at: int
) -> str:
    """Seat `seat`'s token under the sealing key; `expires_at` is ignored for 0.1.0 games."""
    kid = sealer.primary_key_id
    key = sealer.key(kid)
    assert key is not None
    if instance.legacy:
        return f"{kid}.{_mac_v1(key, game_id, instance.seed_commitment(seed), seat)}"
    return f"{kid}.{expires_at}.{_mac_v2(key, game_id, instance.id, seat, expires_at)}"


def check(
    sealer: Sealer,
    game_id: str,
    seed: bytes,
    instance: Instance,
    seat: int,
    token: str,
    now: float,
    lifetimes: bool = False,
) -> Verdict:
    """Whether `token` is seat `seat`'s for this game instance, and still valid at `now`.

    `lifetimes` (a --seat-token-ttl is set): a token minted without an expiry, before
    the TTL was, expires when its key stops sealing, the first rotation after it
    (docs/security.md, "Seat tokens"). Refused outright, it would strand every game in
    flight that requires tokens, since nothing else can trade it for an expiring one.
    """
    if not 0 <= seat <= _MAX_SEAT or len(token) > MAX_TOKEN_LENGTH or not token.isascii():
        return Verdict.WRONG
    rest, sep, mac = token.rpartition(".")
    if not sep:
        return Verdict.WRONG
    if instance.legacy:
        key = sealer.key(rest)
        if key is None:
            return Verdict.WRONG
        expected = _mac_v1(key, game_id, instance.seed_commitment(seed), seat)
        return Verdict.VALID if hmac.compare_digest(mac, expected) else Verdict.WRONG
    kid, sep, expiry_text = rest.rpartition(".")
    key = sealer.key(kid) if sep else None
    if key is None or not expiry_text.isdecimal() or len(expiry_text) > 19:
        return Verdict.WRONG
    expires_at = int(expiry_text)
    if str(expires_at) != expiry_text:  # one spelling per token
        return Verdict.WRONG
    if not hmac.compare_digest(mac, _mac_v2(key, game_id, instance.id, seat, expires_at)):
        return Verdict.WRONG
    if expires_at and now >= expires_at:
        return Verdict.EXPIRED
    if not expires_at and lifetimes and kid != sealer.primary_key_id:
        return Verdict.EXPIRED
    return Verdict.VALID
