"""Build the common GameUpdate response from a Game and its events.

Only what was asked for is built: legal actions and views for the selected
seats, the spectator view on request, and the events those viewers may see.
Building protobuf messages is the costly part of a call (docs/architecture.md), so
nothing here is computed for a seat nobody asked about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.core import Event, Game, Outcome
from marketplay.v1 import game_service_pb2 as pb
from service.errors import invalid
from service.instance import Instance
from service.text import Speaker, table_phrase


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
    event_steps: Sequence[int] | None = None,
) -> pb.GameUpdate:
    """`instance` gives the seed commitment's salt (none for games of release 0.1.0).

    With `into` (an empty GameUpdate inside the response) the update is built in
    place, not built and then copied into the response. `event_steps` gives each
    event its own step (a call that applied several actions); by default every
    event has the update's. With a `speaker` (the caller asked for a locale or
    for Messages) every decision, legal action, event and the outcome carry
    their player-facing Message (docs/text.md); without one none is built."""
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
    for index, event in enumerate(events):
        if event.audience is None or not wanted.isdisjoint(event.audience):
            step = game.step if event_steps is None else event_steps[index]
            entry = update.events.add(step=step, audience=sorted(event.audience or ()))
            # A table's own events (a take-back, a timeout) are the service's, not the game's.
            table = event.message if isinstance(event.message, pb.TableEvent) else None
            getattr(entry, field if table is None else "table").CopyFrom(event.message)
            if speaker is not None:
                if table is None:
                    speaker.event(engine, event, entry.message)
                else:
                    speaker.message(table_phrase(table), entry.message)
    outcome = game.outcome()
    if outcome is not None:
        fill_outcome(update.outcome, outcome, game, instance)
        if speaker is not None:
            speaker.message(engine.outcome_phrase(outcome), update.outcome.summary)
    if speaker is not None:
        update.locale = speaker.locale
    return update


def fill_outcome(message: pb.Outcome, outcome: Outcome, game: Game, instance: Instance) -> None:
    """`outcome` into the update's Outcome, with the revealed seed and salt and the
    final state's digest."""
    for result in outcome.results:
        message.results.add(
            seat=result.seat,
            score=result.score,
            rank=result.rank,
            tie_break_values=result.tie_break_values,
        )
    message.winners.extend(outcome.winners)
    message.tie_break = outcome.tie_break
    message.seed = game.seed
    message.seed_salt = instance.salt
    message.final_state_digest = game.digest()
    if outcome.details is not None:
        getattr(message, game.engine.spec.proto_field).CopyFrom(outcome.details)
