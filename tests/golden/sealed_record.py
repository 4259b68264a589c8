"""Record sealed-state goldens: states sealed by this build, and what follows them.

A rules upgrade must not strand games in flight (docs/rules/versions.md). To
prove it, every release commits states it sealed under a fixed test key at
several points of seeded games, with the continuation this build produced
from each up to the next point (the last one to the end): every action and a
digest of each response, plus the final response in JSON. A newer server
must open those states and reproduce the continuations exactly.

    make golden-sealed RELEASE=x.y.z          # a release step: record this build's set
    python -m tests.golden.sealed_record x.y.z   # the same (never overwrites)

Every release adds its own set, for every rules version it plays (a version
it added, and the older ones it still plays: its sealed format may differ
from the release that added them). Files:
tests/golden/sealed/<release>/<game>/<config>.json, `r<n>-<config>.json`
from release 0.2.0 on (<n> the rules version's number). The formats used
are name-independent on purpose: actions are serialized envelope messages
(field numbers, not message names), and a response is compared by the
SHA-256 of its deterministic serialization with the sealed state cleared
(fresh nonces make the state bytes differ on every call). Games are sealed
with the table a new game gets by default (no clock, so no response depends
on the time; take-backs on), as this build seals them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from engines import registry
from engines.core import Game
from engines.core.engine import Engine
from engines.core.versions import number_of
from marketplay.v1 import game_service_pb2 as pb
from service import tokens
from service.config import Config
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import Instance, StateStore
from service.table import Table, stamp
from service.table import parse as table_options
from service.updates import build_update
from tests.conformance.playout import playout

SEALED_DIR = Path(__file__).parent / "sealed"
#: The clock tolerance a flagless server stamps updates with.
TOLERANCE_MS = Config().clock_tolerance_ms
#: The fixed test key every release seals its goldens under (never a real key).
TEST_KEY_ID = "golden-test"
TEST_KEY = hashlib.sha256(b"marketplay sealed-state goldens: test key, not a secret").digest()
TEST_KEYS = f"{TEST_KEY_ID}:{base64.b64encode(TEST_KEY).decode()}"

#: (game, players, options): every game, each variant and option at least
#: once; under each rules version, the configurations whose options it has.
CONFIGS: list[tuple[str, int, dict[str, str]]] = [
    ("central-market", 3, {}),
    ("central-market", 3, {"removed-product": "eggplants"}),
    ("central-market", 4, {"max-price": "15"}),
    ("central-market", 5, {"skip-idle-reactions": "true"}),
    ("central-market", 4, {"cheat-mixed-products": "true", "reveal-final-discards": "true"}),
    ("market-fresh", 1, {"variant": "solo"}),
    ("market-fresh", 2, {}),
    ("market-fresh", 3, {"variant": "crate-heights"}),
    ("market-fresh", 4, {"grid": "4"}),
    ("spice-merchant", 2, {}),
    ("spice-merchant", 3, {"nutmeg-prices": "3-5-7-9"}),
    ("spice-merchant", 4, {}),
]
SEED = b"sealed-golden-1"
ALL = pb.ViewSelection(all_seats=True, spectator=True)


def update_digest(update: pb.GameUpdate) -> str:
    """SHA-256 of a response with its (randomly sealed) state cleared.

    `rules_version` (added to GameUpdate after release 0.1.0) is cleared too:
    the test compares it with the golden's own field instead.
    """
    copy = pb.GameUpdate()
    copy.CopyFrom(update)
    copy.state = b""
    copy.rules_version = ""
    return hashlib.sha256(copy.SerializeToString(deterministic=True)).hexdigest()


def _envelope(game: Game, action: Any) -> bytes:
    wrapped = pb.GameAction()
    getattr(wrapped, game.engine.spec.proto_field).CopyFrom(action)
    return wrapped.SerializeToString(deterministic=True)


def record(
    sealer: Sealer, engine: Engine[Any, Any], num_players: int, options: dict[str, str]
) -> dict[str, Any]:
    game_id = engine.spec.game_id
    store = StateStore(sealer, 0, NullObserver())
    instance = Instance.draw()
    start = Game.new(engine, num_players, options, SEED)
    steps = list(playout(start, SEED))
    games = [start] + [s.after for s in steps]
    # The table a new game of this build has by default (no clock: its updates do not
    # depend on the time), followed along the playout as the server follows it.
    tables = [Table.new(table_options({}, engine), start, 0)]
    for step in steps:
        tables.append(tables[-1].after_action(step.seat, step.after, 0).record(
            step.before, step.seat, step.action, step.after, step.events))
    n = len(steps)
    checkpoints = sorted({0, n // 3, (2 * n) // 3, n - 1})
    out = []
    last: pb.GameUpdate | None = None
    for at, until in zip(checkpoints, [*checkpoints[1:], n], strict=True):
        game = games[at]
        sealed = store.seal(game, instance, tables[at])
        continuation = []
        for index, step in enumerate(steps[at:until], start=at + 1):
            last = build_update(step.after, b"", range(num_players), True, step.events,
                                instance=instance)
            stamp(last, step.after, tables[index], 0, TOLERANCE_MS, instance)
            continuation.append(
                {
                    "seat": step.seat,
                    "action": base64.b64encode(_envelope(game, step.action)).decode(),
                    "update_sha256": update_digest(last),
                }
            )
        out.append(
            {
                "step": at,
                "state": base64.b64encode(sealed).decode(),
                "view_sha256": update_digest(_viewed(game, tables[at], instance)),
                "continuation": continuation,
            }
        )
    assert last is not None
    return {
        "game_id": game_id,
        "rules_version": engine.spec.rules_version,
        "num_players": num_players,
        "options": options,
        "seed": SEED.decode(),
        "key_id": TEST_KEY_ID,
        "seat_tokens": [tokens.mint(sealer, game_id, SEED, instance, s, 0) for s in range(num_players)],
        "checkpoints": out,
        "final_update": json_format.MessageToDict(last),
    }


def _viewed(game: Game, table: Table, instance: Instance) -> pb.GameUpdate:
    """The update GetView gives of `game` at `table`: every seat's view and the spectator's."""
    update = build_update(game, b"", range(game.num_players), True, instance=instance)
    stamp(update, game, table, 0, TOLERANCE_MS, instance)
    return update


def config_name(num_players: int, options: dict[str, str]) -> str:
    opts = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{num_players}p" + (f"-{opts}" if opts else "")


def planned(release: str) -> list[tuple[Path, Engine[Any, Any], int, dict[str, str]]]:
    """(file, engine, players, options) of the release's set: every
    configuration under every rules version that has its options."""
    out = []
    for engine in registry.every_engine():
        names = {o.name for o in engine.spec.options}
        for game_id, num_players, options in CONFIGS:
            if game_id != engine.spec.game_id or not set(options) <= names:
                continue
            name = f"r{number_of(engine.spec.rules_version)}-{config_name(num_players, options)}"
            out.append((SEALED_DIR / release / game_id / f"{name}.json", engine, num_players,
                        options))
    return out


def main(release: str) -> None:
    sealer = Sealer.from_config(TEST_KEYS)
    for path, engine, num_players, options in planned(release):
        if path.exists():
            print(f"kept {path} (goldens of a release are never re-recorded)")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record(sealer, engine, num_players, options), indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    if len(sys.argv) != 2 or not all(part.isdigit() for part in sys.argv[1].split(".")):
        sys.exit("usage: python -m tests.golden.sealed_record RELEASE  (e.g. 0.2.0)")
    main(sys.argv[1])
