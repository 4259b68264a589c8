"""bench/text_cost.py: what a measured game meets before it (`--served`).

Timings are never asserted; what is checked is the setting they are taken
in: the served games fill the worker's text caches, and only the measured
game's states stay in the measured core's state cache.
"""

from __future__ import annotations

import pytest

from bench import text_cost
from service import text


def test_served_games_fill_the_text_caches_and_leave_the_measured_cores_states_alone() -> None:
    core, requests, served = text_cost._game("spice-merchant", 2, served=2)
    measured_states = len(core.store._cache or ())
    assert measured_states == len(requests) + 1  # its new game and every step after

    text_cost.play(core, requests, "de", 2, served)
    # the replay sealed its own states (fresh nonces), and no served game's
    assert len(core.store._cache or ()) == measured_states + len(requests)
    labels_after_the_game = text._LABELS._size

    text.forget()
    text_cost.play(core, requests, "de", 2)  # the measured game alone
    assert labels_after_the_game > text._LABELS._size > 0
    assert len(served) > len(requests)  # two whole games of the title


def test_modes_are_the_contracts_selections() -> None:
    assert not text_cost._views("none", 4).locale
    assert text_cost._views("messages", 4).messages
    assert text_cost._views("de", 4).locale == "de"
    assert list(text_cost._views("de+names", 3).seat_names) == text_cost.NAMES[:3]


def test_the_floor_is_each_calls_least_over_the_rounds_summed() -> None:
    """A spike in one round moves a round's sum, not the floor: the floor
    takes each call's least over the rounds, for the mode and for `none`."""
    none = [text_cost._Round([1.0, 2.0], 0.0), text_cost._Round([9.0, 2.0], 0.0)]
    de = [text_cost._Round([1.5, 2.5], 0.0), text_cost._Round([1.1, 9.0], 0.0)]
    assert text_cost.floor_ratio(de, none) == (1.1 + 2.5) / (1.0 + 2.0)
    assert text_cost.floor_ratio(none, none) == 1.0
    assert de[0].per_call() == 2.0e6


def test_play_together_times_every_call_in_every_mode() -> None:
    core, requests, served = text_cost._game("spice-merchant", 2, served=1)
    rounds = text_cost.play_together(core, requests, ["none", "de"], 2, served)
    assert set(rounds) == {"none", "de"}
    assert all(len(r.calls) == len(requests) and min(r.calls) >= 0 for r in rounds.values())


def test_a_turn_puts_every_mode_first_at_every_call_once() -> None:
    """A call made just after its twin in another mode finds what the twin left,
    so a turn rotates each call's order: every mode makes every call first once."""
    modes = ["none", "de", "de+names"]
    rounds = text_cost.turn_orders(40, modes, turn=3)
    assert len(rounds) == len(modes)
    for call in range(40):
        assert sorted(orders[call][0] for orders in rounds) == sorted(modes)
        assert all(sorted(orders[call]) == sorted(modes) for orders in rounds)
    assert len({tuple(order) for order in rounds[0]}) > 1  # shuffled call by call
    assert text_cost.turn_orders(40, modes, turn=4) != rounds  # and turn by turn


def test_a_turn_takes_each_calls_cost_from_the_round_its_mode_made_it_first() -> None:
    core, requests, served = text_cost._game("spice-merchant", 2, served=0)
    firsts, means, helped = text_cost.play_turn(core, requests, ["none", "de"], 2, served,
                                                turn=0)
    assert set(firsts) == set(means) == set(helped) == {"none", "de"}
    assert all(len(r.calls) == len(requests) and min(r.calls) > 0 for r in firsts.values())
    # a mean over both positions: not the first position's cost alone
    assert any(m != f for m, f in zip(means["de"].calls, firsts["de"].calls, strict=True))


def test_the_order_experiment_plays_an_order_and_its_complement(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from bench.experiments import text_order
    monkeypatch.setattr(text_cost, "SERVED", 0)
    monkeypatch.setattr("sys.argv", ["text_order", "spice-merchant", "2", "1"])
    text_order.main()
    out = capsys.readouterr().out
    firsts = [int(line.split("de first at ")[1].split()[0]) for line in out.splitlines()
              if line.startswith("order ")]
    calls = int(out.split(" of ")[1].split()[0])
    assert len(firsts) == 2 and sum(firsts) == calls  # B puts `de` first where A did not
    assert "each made first" in out


def test_a_turn_of_none_alone_has_no_twin() -> None:
    core, requests, served = text_cost._game("spice-merchant", 2, served=0)
    firsts, means, helped = text_cost.play_turn(core, requests, ["none"], 2, served, turn=0)
    assert helped == {"none": 0.0}
    assert means["none"].calls == firsts["none"].calls
