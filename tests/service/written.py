"""The two ways to make a GameUpdate, side by side, for the tests that hold them equal.

`built` is the update as protobuf builds it (service/updates.py `build_update`,
then the table's `stamp`), serialized with `SerializeToString(deterministic=True)`;
`written` is what the hot RPCs send (`write_update`). Both take the same inputs,
so a test compares them byte for byte. `selections` gives every kind of view
selection a call can make, for a game of n seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Event, Game
from marketplay.v1 import game_service_pb2 as pb
from service import table as tables
from service.instance import Instance
from service.text import shipped_catalogs, speaker_for
from service.updates import build_update, selected_seats, write_update

TOLERANCE_MS = 2000


def selections(num_players: int) -> list[pb.ViewSelection]:
    """Each selection field alone and together: seats (one, several, all, none), the
    spectator, a locale (with and without display names), Messages without text."""
    last = num_players - 1
    names = [f"Player {seat + 1}" for seat in range(num_players)]
    return [
        pb.ViewSelection(all_seats=True, spectator=True),
        pb.ViewSelection(seats=[last]),
        pb.ViewSelection(spectator=True),
        pb.ViewSelection(),
        pb.ViewSelection(seats=[0], locale="de"),
        pb.ViewSelection(all_seats=True, messages=True),
        pb.ViewSelection(seats=sorted({0, last}), spectator=True, locale="en", seat_names=names),
        pb.ViewSelection(seats=[last, 0], messages=True, seat_names=names),
    ]


def built_update(game: Game, sealed: bytes, selection: pb.ViewSelection,
                 events: Sequence[Event], instance: Instance, table: tables.Table | None,
                 now_ms: int, tolerance_ms: int = TOLERANCE_MS) -> pb.GameUpdate:
    """The update as the message path builds it."""
    speaker = speaker_for(shipped_catalogs(), selection, game.num_players)
    update = build_update(game, sealed, selected_seats(selection, game.num_players),
                          selection.spectator, events, instance=instance, speaker=speaker)
    if table is not None:
        tables.stamp(update, game, table, now_ms, tolerance_ms, instance, speaker)
    return update


def built(game: Game, sealed: bytes, selection: pb.ViewSelection, events: Sequence[Event],
          instance: Instance, table: tables.Table | None, now_ms: int) -> bytes:
    """The update as the message path builds it, serialized deterministically."""
    return built_update(game, sealed, selection, events, instance, table,
                        now_ms).SerializeToString(deterministic=True)


def written(game: Game, sealed: bytes, selection: pb.ViewSelection, events: Sequence[Event],
            instance: Instance, table: tables.Table | None, now_ms: int) -> bytes:
    """The update as the hot RPCs write it."""
    speaker = speaker_for(shipped_catalogs(), selection, game.num_players)

    def stamp(update: pb.GameUpdate) -> None:
        assert table is not None
        tables.stamp(update, game, table, now_ms, TOLERANCE_MS, instance, speaker)

    return write_update(game, sealed, selected_seats(selection, game.num_players),
                        selection.spectator, events, instance=instance, speaker=speaker,
                        stamp=None if table is None else stamp).data
