"""Build the common GameUpdate response from a Game and its events.

Only what was asked for is built: legal actions and views for the selected
seats, the spectator view on request, and the events those viewers may see.
Building protobuf messages is the costly part of a call (docs/architecture.md), so
nothing here is computed for a seat nobody asked about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.core import Event, Game
from marketplay.v1 import game_service_pb2 as pb
from service.errors import invalid
from service.states import Instance
from service.text import Speaker


def selected_seats(selection: pb.ViewSelection, num_players: int) -> list[int]:
    if selection.all_seats:
        return list(range(num_players))
    seats = sorted(set(selection.seats))
    for seat in seats:
        if not 0 <= seat < num_players:
            raise invalid(
                "BAD_VIEW_SEAT", f"view asked for seat {seat}; seats are 0..{num_players - 1}"
            )
    return seats


def variant_label(game: Game) -> str:
    """Low-cardinality label for metrics: the non-default enum/bool options."""
    parts = [
        f"{option.name}={option.text(game.options[option.name])}"
        for option in game.engine.spec.options
        if option.kind != "int" and game.options[option.name] != option.default
    ]
    return ",".join(parts) or "default"


def build_update(
    game: Game,
    sealed: bytes,
    seats: Sequence[int],
    spectator: bool,
    events: Iterable[Event] = (),
    *,
    instance: Instance,
    into: pb.GameUpdate | None = None,
    speaker: Speaker | None = None,
) -> pb.GameUpdate:
    """`instance` gives the seed commitment's salt (none for games of release 0.1.0).

    With `into` (an empty GameUpdate inside the response) the update is built in
    place, not built and then copied into the response. With a `speaker` (the
    caller asked for a locale or for Messages) every decision, legal action,
    event and the outcome carry their player-facing Message (docs/text.md);
    without one none is built."""
    engine = game.engine
    field = engine.spec.proto_field
    state = game.state
    update = pb.GameUpdate() if into is None else into
    update.state = sealed
    update.step = game.step
    update.game_id = game.game_id
    update.num_players = game.num_players
    update.rules_version = engine.spec.rules_version
    wanted = set(seats)
    for decision in game.to_act():
        choice = update.decisions.add(seat=decision.seat, kind=decision.kind)
        if speaker is not None:
            speaker.message(engine.decision_phrase(state, decision.seat, decision.kind), choice.prompt)
        if decision.seat in wanted:
            choice.legal_actions_included = True
            if speaker is None:
                for action in engine.legal_actions(state, decision.seat):
                    getattr(choice.legal_actions.add(), field).CopyFrom(action)
            else:
                speaker.legal_actions(engine, state, decision.seat, decision.kind, choice)
    commitment = instance.seed_commitment(game.seed)
    for seat in seats:
        view = update.views.add(seat=seat, step=game.step, seed_commitment=commitment)
        getattr(view, field).CopyFrom(engine.view(state, seat))
    if spectator:
        view = update.views.add(step=game.step, seed_commitment=commitment)
        getattr(view, field).CopyFrom(engine.view(state, None))
    for event in events:
        if event.audience is None or not wanted.isdisjoint(event.audience):
            told = update.events.add(step=game.step, audience=sorted(event.audience or ()))
            getattr(told, field).CopyFrom(event.message)
            if speaker is not None:
                speaker.event(engine, event, told.message)
    outcome = game.outcome()
    if outcome is not None:
        result_message = update.outcome
        for result in outcome.results:
            result_message.results.add(
                seat=result.seat,
                score=result.score,
                rank=result.rank,
                tie_break_values=result.tie_break_values,
            )
        result_message.winners.extend(outcome.winners)
        result_message.tie_break = outcome.tie_break
        result_message.seed = game.seed
        result_message.seed_salt = instance.salt
        result_message.final_state_digest = game.digest()
        if outcome.details is not None:
            getattr(result_message, field).CopyFrom(outcome.details)
        if speaker is not None:
            speaker.message(engine.outcome_phrase(outcome), result_message.summary)
    if speaker is not None:
        update.locale = speaker.locale
    return update
