"""bench/text_cost.py: what a measured game meets before it (`--served`).

Timings are never asserted; what is checked is the setting they are taken
in: the served games fill the worker's text caches, and only the measured
game's states stay in the measured core's state cache.
"""

from __future__ import annotations

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
