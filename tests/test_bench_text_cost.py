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
