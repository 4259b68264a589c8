"""A written update is the built one, byte for byte, over whole conformance playouts.

ApplyAction and GetView send their GameUpdate written as bytes
(service/updates.py `write_update`); the other RPCs, and the contract, have
it as protobuf builds it (`build_update`, then the table's `stamp`). For every
game, rules version, player count and option set the conformance suite plays
(tests/conformance/configs.py), each step of a seeded playout is written and
built from the same inputs (the state after the step with its events, as
ApplyAction answers; the state before it with none, as GetView does) under
a selection, a table and an instance that rotate through every kind: each
view selection field (tests/service/written.py), no table (a game of an
earlier release), the default table (take-backs on), take-backs off, turn
clocks with a bank, an increment and a move limit, a game ended by a forfeit;
a drawn instance and the legacy one of release 0.1.0.
"""

from __future__ import annotations

import hashlib

import pytest

from engines.core import Event, Game
from service import table as tables
from service import updates
from service.instance import LEGACY, Instance
from service.wire import length_delimited, varint
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.conformance.playout import playout
from tests.service.written import built, selections, written

NOW_MS = 1_765_000_000_000
#: Turn clocks started 90 s before now with a 60 s move limit: the deciders are past
#: their deadline, except where the clocks ran on (`_table`).
CLOCKS = {tables.BANK: "600", tables.INCREMENT: "5", tables.MOVE: "60"}
TABLE_OPTIONS: list[dict[str, str] | None] = [None, {}, {tables.TAKEBACKS: tables.OFF}, CLOCKS]


def _table(options: dict[str, str] | None, game: Game, index: int) -> tables.Table | None:
    if options is None:
        return None
    table = tables.Table.new(tables.parse(options, game.engine), game, NOW_MS - 90_000)
    if index % 7 == 3 and table.clocks:  # the clocks ran on: some seats are past a deadline
        table = table.after_action(None, game, NOW_MS - 30_000)
    return table


def _mismatches(config: PlayConfig) -> list[str]:
    """Where written and built differ over a playout of `config` (empty: nowhere)."""
    seed = hashlib.sha256(config.label().encode()).digest()
    game = config.new_game(seed)
    shown = selections(config.num_players)
    instances = [Instance.draw(), LEGACY]
    found: list[str] = []
    steps = list(playout(game, seed))
    for index, step in enumerate(steps):
        selection = shown[index % len(shown)]
        options = TABLE_OPTIONS[(index // len(shown)) % len(TABLE_OPTIONS)]
        forfeit = index == len(steps) // 2
        if forfeit:  # a clock's table, on which seat 0 forfeited on time
            options = CLOCKS
        instance = instances[index % 2]
        sealed = bytes([index % 256]) * (40 + index % 3)
        cases: list[tuple[str, Game, list[Event]]] = [("ApplyAction", step.after, step.events)]
        if index % 3 == 0 or index == len(steps) - 1:
            cases.append(("GetView", step.before, []))
        for rpc, state, events in cases:
            table = _table(options, state, index)
            if table is not None and forfeit:
                table = table.forfeit([0], NOW_MS)
            args = (state, sealed, selection, events, instance, table, NOW_MS)
            if written(*args) != built(*args):
                found.append(f"step {state.step} ({rpc}, views {selection}, table {options})")
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label() for c in CONFIGS])
def test_a_written_update_is_the_built_one_at_every_step(config: PlayConfig) -> None:
    assert _mismatches(config) == []


def test_a_one_field_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a writer that adds one field (a locale nobody asked
    for) differs at every step."""
    real = updates.write_update

    def planted(*args: object, **kwargs: object) -> updates.WrittenUpdate:
        update = real(*args, **kwargs)  # type: ignore[arg-type]
        locale = length_delimited(varint(12 << 3 | 2), b"xx")
        return updates.WrittenUpdate(update.data + locale, update.finished)

    config = CONFIGS[0]
    monkeypatch.setattr("tests.service.written.write_update", planted)
    assert _mismatches(config)


def test_every_kind_of_table_and_selection_is_written() -> None:
    """The rotation reaches what it claims: every selection field, every table kind."""
    fields = {field.name for s in selections(4) for field, _ in s.ListFields()}
    assert fields == {"seats", "all_seats", "spectator", "locale", "seat_names", "messages"}
    assert CLOCKS in TABLE_OPTIONS and None in TABLE_OPTIONS and {} in TABLE_OPTIONS
