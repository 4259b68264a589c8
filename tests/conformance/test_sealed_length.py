"""The sealed length is not a side channel: resampling everything a seat cannot
see never changes the length of the sealed state.

AES-GCM keeps the plaintext's length, so the service pads every state of a
game to its size class (its spec's `sealed_size`, service/padding.py). For every game, player count
and option set, along a seeded random playout, each seat's hidden facts are
resampled (the engines' own `resample_hidden`) and both states are sealed, at a
kind-complete sample of the steps: the lengths must be equal, and every
step's sealed length the game's one sealed length. The states carry the
largest table block a game can have (service/table.py: every seat's clock
running, the largest options), and seal to the length of a state without
one: a clock does not change a game's size class. With take-backs on, the
table also carries the restorable position and the seat's actions since
(followed along the playout), and every state seals to the one longer length
of that policy.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines import registry
from engines.core import Game, Rng
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from service.table import (
    FORFEIT,
    MAX_CLOCK_S,
    MAX_INCREMENT_S,
    UNTIL_BARRIER,
    Table,
    TableOptions,
)
from tests.conformance.configs import PlayConfig, each_config
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps

#: Steps whose every seat's twin is sealed too: the first 2 of every kind of step, the
#: last, and an even spread (tests/conformance/sampling.py); every step is sealed.
TWINNED_STEPS = 64
#: A fixed public key: these states are throwaway.
KEYS = "conformance:" + "Bq0sWbQ6aQ0H3vd1b5ZzQ8h1ZQ3mT2xhXz8o4rD1Gk4="
#: The largest table options: every clock on, at its bounds.
CLOCKED = TableOptions(MAX_CLOCK_S, MAX_INCREMENT_S, MAX_CLOCK_S, FORFEIT)
UNDOING = replace(CLOCKED, takebacks=UNTIL_BARRIER)
NOW_MS = 1 << 62  # far beyond any real time: the clocks' bytes are all in use


@pytest.mark.no_cover  # sealing and padding: tests/service runs them with coverage on
@each_config
def test_resampling_hidden_facts_never_changes_the_sealed_length(config: PlayConfig) -> None:
    store = StateStore(Sealer.from_config(KEYS), 0, NullObserver())
    instance = Instance.draw()
    rng = Rng(b"sealed-length")
    start = config.new_game(b"sealed-length")
    tables = [Table.new(CLOCKED, start, NOW_MS), Table.new(UNDOING, start, NOW_MS)]
    lengths = [{len(store.seal(start, instance)), len(store.seal(start, instance, tables[0]))},
               {len(store.seal(start, instance, tables[1]))}]
    steps = list(playout(start, b"sealed-length-policy"))
    twinned = set(sample_steps(steps, TWINNED_STEPS, 2))
    for index, step in enumerate(steps):
        game = step.after
        tables = [table.after_action(step.seat, game, NOW_MS + index).record(
            step.before, step.seat, step.action, game, step.events) for table in tables]
        sealed = [len(store.seal(game, instance, table)) for table in tables]
        for found, length in zip(lengths, sealed, strict=True):
            found.add(length)
        if index not in twinned:
            continue
        for observer in range(game.num_players):
            twin_state = game.engine.resample_hidden(game.state, observer, rng)
            twin = Game(game.engine, game.num_players, game.options, game.seed, game.rng_counter,
                        game.step, twin_state)
            assert [len(store.seal(twin, instance, table)) for table in tables] == sealed, (
                f"seat {observer} can tell hidden facts from the sealed length at step {game.step}"
            )
    assert [len(found) for found in lengths] == [1, 1], f"sealed lengths vary: {lengths}"
    assert min(lengths[1]) > min(lengths[0]), "take-backs seal to their own, longer length"


@pytest.mark.parametrize("game_id", sorted(registry.VERSIONS))
def test_every_rules_version_of_a_game_pads_to_the_one_size(game_id: str) -> None:
    """A sealed length names the game, never its rules version."""
    sizes = {engine.spec.sealed_size for engine in registry.VERSIONS[game_id]}
    assert len(sizes) == 1 and sizes.pop() > 0


def test_the_service_names_no_game() -> None:
    """What a game needs of the service (its sealed size, proto field, action
    type) comes from its spec, so service/ never spells a game's name."""
    service = Path(__file__).resolve().parents[2] / "service"
    names = {spelling for engine in registry.every_engine()
             for spelling in (engine.spec.game_id, engine.spec.proto_field)}
    naming = sorted(f"{path.name}: {name}" for path in service.rglob("*.py")
                    for name in names if name in path.read_text())
    assert naming == []
