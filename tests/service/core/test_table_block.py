"""The table block sealed beside the game (service/table.py; docs/security.md,
"Sealed format"): every table survives the round trip, and a block this build
cannot read (a newer replica's version or entry, a length that does not fit,
values out of range) is refused as UNREADABLE_STATE, never misread."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import Game
from engines.core.takebacks import TakebackWindow
from service.clocks import Clock
from service.errors import ServiceError
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from service.table import (
    EASY,
    FORFEIT,
    GREEDY,
    MEDIUM,
    UNTIL_BARRIER,
    Table,
    TableOptions,
    decode,
    encode,
)
from tests.service.conftest import KEYS_A

TABLES = [
    Table(TableOptions()),
    Table(TableOptions(bank_s=300, increment_s=5, timeout_policy=GREEDY),
          (Clock(300_000, 1_800_000_000_000), Clock(12, None), Clock(0, 7))),
    Table(TableOptions(move_s=60, timeout_policy=FORFEIT), (Clock(0), Clock(0), Clock(0)), (0, 2)),
    Table(TableOptions(move_s=5, timeout_policy=EASY), (Clock(0), Clock(0), Clock(0))),
    Table(TableOptions(move_s=5, timeout_policy=MEDIUM), (Clock(0), Clock(0), Clock(0))),
    Table(TableOptions(takebacks=UNTIL_BARRIER)),
    Table(TableOptions(takebacks=UNTIL_BARRIER), window=TakebackWindow(1)),
    Table(TableOptions(takebacks=UNTIL_BARRIER),
          window=TakebackWindow(2, b"[1,2,3]", (b"\x08\x01", b""))),
]


@pytest.mark.parametrize("table", TABLES)
def test_every_table_survives_the_round_trip(table: Table) -> None:
    assert decode(encode(table), 3) == table


def _unreadable(block: bytes) -> None:
    with pytest.raises(ValueError):
        decode(block, 3)


def test_a_block_this_build_cannot_read_is_refused() -> None:
    good = encode(TABLES[1])
    _unreadable(b"\x02" + good[1:])  # a newer version
    _unreadable(good + b"\x09\x00\x00")  # a newer entry
    _unreadable(good[:-1])  # cut
    _unreadable(good[:1] + good[1:17] + good[1:17])  # an entry twice
    _unreadable(encode(Table(TableOptions(bank_s=60))))  # a clock without clocks
    _unreadable(encode(Table(TableOptions(), (), (5,))))  # a seat the game lacks
    _unreadable(encode(Table(TableOptions(takebacks=UNTIL_BARRIER),
                             window=TakebackWindow(1, b"", (b"x",)))))  # actions, no base
    options = bytearray(encode(TABLES[0]))
    options[4:8] = (10**9).to_bytes(4, "big")  # a bank past thirty days
    _unreadable(bytes(options))


def test_a_state_with_an_unreadable_block_is_unreadable_state() -> None:
    store = StateStore(Sealer.from_config(KEYS_A), 0, NullObserver())
    engine = registry.ENGINES["spice-merchant"]
    game = Game.new(engine, 3, {}, b"block")
    block = b"\x02\x01\x00\x00"
    payload = Instance.draw().encode() + len(block).to_bytes(2, "big") + block + game.encode()
    sealed = store.sealer.seal(engine.spec.game_id, engine.spec.rules_version, payload, 1024, 3)
    with pytest.raises(ServiceError) as refused:
        store.open(sealed)
    assert refused.value.reason == "UNREADABLE_STATE"
    opened = store.open(store.seal(game, Instance.draw(), TABLES[3]))
    assert opened.table == TABLES[3]


def _options_block(policy_index: int) -> bytes:
    """A table block with no clock whose options entry names the policy by its index."""
    return b"\x01" + b"\x01\x00\x0d" + bytes(12) + bytes([policy_index])


def test_every_policy_keeps_the_index_it_was_sealed_with() -> None:
    """Blocks sealed before the levels (indexes 0-3) still name the same policies; the
    levels came after them, and an index no build has used is refused."""
    names = [decode(_options_block(i), 3).options.timeout_policy for i in range(6)]
    assert names == ["random", "greedy", "pass", "forfeit", "easy", "medium"]
    _unreadable(_options_block(6))
