"""States sealed by every earlier release still play on, bit-identically.

For each recorded checkpoint, a server holding the fixed test key opens the
old sealed state, re-renders it (GetView) and applies the recorded actions
one by one; every response must have the digest the old release recorded,
and the last must equal its recorded JSON. Seat tokens minted by the old
release must still be accepted for its games.
"""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format

from marketplay.v1 import game_service_pb2 as pb
from tests.golden.sealed_record import SEALED_DIR, TEST_KEYS, update_digest
from tests.service.conftest import TEST_CONFIG, Served

FILES = sorted(SEALED_DIR.glob("*/*/*.json"))
ALL = pb.ViewSelection(all_seats=True, spectator=True)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    s = Served(replace(TEST_CONFIG, state_keys=TEST_KEYS, require_seat_tokens=True,
                       max_request_bytes=1 << 20))
    yield s
    s.close()


def _ids(path: Path) -> str:
    return "/".join(path.relative_to(SEALED_DIR).with_suffix("").parts)


@pytest.mark.parametrize("path", FILES, ids=[_ids(p) for p in FILES])
def test_old_sealed_states_play_on_identically(served: Served, path: Path) -> None:
    _plays_on(served, json.loads(path.read_text()))


def _plays_on(served: Served, golden: dict[str, Any]) -> None:
    """Every checkpoint of `golden` re-renders and plays on to its recorded digests."""
    tokens: list[str] = golden["seat_tokens"]
    view_tokens = dict(enumerate(tokens))
    last = None
    for checkpoint in golden["checkpoints"]:
        state = base64.b64decode(checkpoint["state"])
        update = served.stub.GetView(
            pb.GetViewRequest(state=state, views=ALL, view_tokens=view_tokens)).update
        assert update_digest(update) == checkpoint["view_sha256"], f"view at step {checkpoint['step']}"
        for offset, entry in enumerate(checkpoint["continuation"]):
            step = checkpoint["step"] + offset
            seat = entry["seat"]
            update = served.stub.ApplyAction(
                pb.ApplyActionRequest(
                    state=state, seat=seat,
                    action=pb.GameAction.FromString(base64.b64decode(entry["action"])),
                    expected_step=step, seat_token=tokens[seat], views=ALL, view_tokens=view_tokens,
                )
            ).update
            assert update_digest(update) == entry["update_sha256"], f"response to step {step} differs"
            assert update.rules_version == golden["rules_version"]
            state, last = update.state, update
    assert last is not None and last.HasField("outcome")
    final = json_format.MessageToDict(last)
    final.pop("state")
    final.pop("rulesVersion")  # checked above; not in responses of release 0.1.0
    expected = dict(golden["final_update"])
    expected.pop("state", None)
    expected.pop("rulesVersion", None)  # recorded since 0.2.0; checked above
    assert final == expected


def test_what_this_build_would_record_plays_on_as_recorded(served: Served) -> None:
    """The recorder (tests/golden/sealed_record.py) and the server agree on this build's
    states (MPS3, with the default table), so the next release's goldens will hold:
    one configuration per game, recorded in memory and played through the server."""
    from engines import registry
    from service.sealing import Sealer
    from tests.golden.sealed_record import default_table, record

    sealer = Sealer.from_config(TEST_KEYS)
    for game_id in sorted(registry.ENGINES):
        engine = registry.ENGINES[game_id]
        golden = record(sealer, engine, *default_table(engine))
        assert base64.b64decode(golden["checkpoints"][0]["state"])[:4] == b"MPS3"
        _plays_on(served, golden)


def test_every_released_game_stays_sealed_and_the_next_release_seals_every_game() -> None:
    """Sealed goldens are a release's record (docs/testing.md): a game joins at
    the first release that ships it, when `make golden-sealed` seals every
    registered game (until then the test above plays what it would record).
    A game one release sealed is sealed by every later one."""
    from engines import registry
    from tests.golden.sealed_record import planned

    releases = sorted({p.parts[-3] for p in FILES}, key=lambda r: tuple(map(int, r.split("."))))
    games = [{p.parent.name for p in FILES if p.parts[-3] == release} for release in releases]
    assert games and all(older <= newer for older, newer in itertools.pairwise(games))
    assert {engine.spec.game_id for _, engine, _, _ in planned("next")} == set(registry.ENGINES)
    assert games[-1] <= set(registry.ENGINES)
