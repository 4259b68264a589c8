"""Sealing: authenticated, key ids, rotation, and clear refusals."""

from __future__ import annotations

import logging

import pytest

from service.sealing import Sealer, SealError
from tests.service.conftest import KEYS_A, KEYS_B


def test_seal_open_round_trip_and_fresh_nonces() -> None:
    sealer = Sealer.from_config(KEYS_A)
    one = sealer.seal("spice-merchant", "1", b"secret hand", 64)
    two = sealer.seal("spice-merchant", "1", b"secret hand", 64)
    assert one != two  # random nonce: equal states are not linkable
    assert b"secret hand" not in one
    header, plain = sealer.open(one)
    assert (header.key_id, header.game_id, header.rules_version, plain) == (
        "a", "spice-merchant", "1", b"secret hand")


def test_rotation_first_key_seals_every_key_opens() -> None:
    old = Sealer.from_config(KEYS_A)
    rotated = Sealer.from_config(f"{KEYS_B},{KEYS_A}")
    sealed_old = old.seal("g", "1", b"x", 64)
    assert rotated.open(sealed_old)[1] == b"x"
    sealed_new = rotated.seal("g", "1", b"y", 64)
    assert rotated.open(sealed_new)[0].key_id == "b"
    with pytest.raises(SealError) as excinfo:
        old.open(sealed_new)
    assert excinfo.value.reason == "UNKNOWN_STATE_KEY"


@pytest.mark.parametrize("mangle, reason", [
    (lambda s: s[:-1], "TAMPERED_STATE"),
    (lambda s: s[:-1] + bytes([s[-1] ^ 1]), "TAMPERED_STATE"),
    (lambda s: s.replace(b"\x011", b"\x012"), "TAMPERED_STATE"),  # rules version in the header
    (lambda s: s[:6], "MALFORMED_STATE"),
    (lambda s: b"XXXX" + s[4:], "MALFORMED_STATE"),
    (lambda s: b"", "MISSING_STATE"),
])
def test_every_alteration_is_refused(mangle: object, reason: str) -> None:
    sealer = Sealer.from_config(KEYS_A)
    sealed = sealer.seal("g", "1", b"payload", 64)
    with pytest.raises(SealError) as excinfo:
        sealer.open(mangle(sealed))  # type: ignore[operator]
    assert excinfo.value.reason == reason


def test_no_key_means_an_ephemeral_key_and_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        sealer = Sealer.from_config("")
    assert sealer.primary_key_id.startswith("ephemeral-")
    assert "will not survive a restart" in caplog.text


@pytest.mark.parametrize("spec", ["nocolon", "k:not-base64!", "k:" + "QUFB", ":" + "A" * 44])
def test_bad_key_configuration_is_rejected(spec: str) -> None:
    with pytest.raises(ValueError):
        Sealer.from_config(spec)
