"""Sealing: authenticated, key ids, rotation, and clear refusals."""

from __future__ import annotations

import base64
import hashlib
import logging

import pytest

from service.main import main
from service.sealing import Sealer, SealError, key_problem
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


def _b64(key: bytes) -> str:
    return base64.b64encode(key).decode()


RANDOM_1 = hashlib.sha256(b"one").digest()
RANDOM_2 = hashlib.sha256(b"two").digest()


@pytest.mark.parametrize("spec, says", [
    (f"k1:{_b64(RANDOM_1)},k1:{_b64(RANDOM_2)}", "listed twice"),
    (f"k1:{_b64(RANDOM_1)},k2:{_b64(RANDOM_1)}", "same key listed twice"),
    ("k1:" + _b64(b"\x00" * 32), "distinct byte values"),
    ("k1:" + _b64(b"\xab" * 32), "distinct byte values"),
    ("k1:" + _b64(b"\x01\x02\x03\x04" * 8), "distinct byte values"),
    ("k1:" + _b64(bytes(range(32))), "regular sequence"),
    ("k1:" + _b64(bytes(range(200, 232))), "regular sequence"),
    ("k1:" + _b64(bytes((7 * i) % 256 for i in range(32))), "regular sequence"),
    ("k1:" + _b64(b"correct horse battery staple 123"), "printable text"),
])
def test_duplicate_ids_and_made_up_keys_are_refused(spec: str, says: str) -> None:
    """`k1:A,k1:B` used to seal with B although the docs say the first key seals."""
    with pytest.raises(ValueError) as excinfo:
        Sealer.from_config(spec)
    assert says in str(excinfo.value)


def test_random_keys_pass_the_checks() -> None:
    for i in range(200):
        assert key_problem(hashlib.sha256(i.to_bytes(2, "big")).digest()) is None


def test_a_refused_key_stops_the_server_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"k1:{_b64(RANDOM_1)},k1:{_b64(RANDOM_2)}"
    assert main(["--state-keys", spec, "--metrics-port", "0", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("marketplay: --state-keys: key id 'k1' is listed twice")
