"""Build the common GameUpdate response from a Game and its events.

Only what was asked for is built: legal actions and views for the selected
seats, the spectator view on request, and the events those viewers may see.
Building protobuf messages is the costly part of a call (docs/architecture.md), so
nothing here is computed for a seat nobody asked about; and the hot RPCs'
updates are written as bytes (`write_update`), not built as messages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from engines.core import Event, Game, Outcome
from marketplay.v1 import game_service_pb2 as pb
from service.errors import invalid
from service.instance import Instance
from service.text import Speaker, table_phrase
from service.wire import field_tag, length_delimited, packed, varint, varint_field

#: What a table adds to an update (service/table.py's `stamp`, bound to the call).
Stamp = Callable[[pb.GameUpdate], None]


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


def write_update(
    game: Game,
    sealed: bytes,
    seats: Sequence[int],
    spectator: bool,
    events: Iterable[Event] = (),
    *,
    instance: Instance,
    speaker: Speaker | None = None,
    stamp: Stamp | None = None,
) -> WrittenUpdate:
    """The update `build_update` builds (then `stamp`, the table's additions),
    serialized as `SerializeToString(deterministic=True)` writes it, but
    written from bytes (docs/architecture.md, "A response written as bytes").

    The pieces the service holds as bytes go in as they are: the sealed state,
    each legal action (the engine's cached bytes, or the labelled list
    service/text.py keeps), the engine's views and events, serialized once.
    Only the small rest is a message, built by the same calls as
    `build_update`'s and serialized beside them: each view's header (what
    `stamp` adds to a view sits there), each decision's seat, kind and prompt,
    the outcome, and the fields from num_players on (a table's options,
    the server's time, the locale). Protobuf writes a message's fields in
    number order, so each piece lands where protobuf would put it: a view's
    or an event's game field (10 on) follows its header's fields (1-5).
    """
    engine = game.engine
    field = engine.spec.proto_field
    state = game.state
    rest = pb.GameUpdate(num_players=game.num_players, rules_version=engine.spec.rules_version)
    wanted = set(seats)
    legal: list[bytes] = []
    for decision in game.to_act():
        choice = rest.decisions.add(seat=decision.seat, kind=decision.kind)
        if speaker is not None:
            choice.prompt.MergeFromString(
                speaker.said(engine.decision_phrase(state, decision.seat, decision.kind)))
        listed = b""
        if decision.seat in wanted:
            choice.legal_actions_included = True
            if speaker is None:
                tag = _ACTION_TAGS[field]
                listed = b"".join([length_delimited(_DECISION_ACTIONS, length_delimited(tag, data))
                                   for data in engine.legal_action_bytes(state, decision.seat)])
            else:
                listed = speaker.legal_action_fields(engine, state, decision.seat, decision.kind)
        legal.append(listed)
    commitment = instance.seed_commitment(game.seed)
    shown: list[int | None] = [*seats, *([None] if spectator else [])]
    for seat in shown:
        if seat is None:
            rest.views.add(step=game.step, seed_commitment=commitment)
        else:
            rest.views.add(seat=seat, step=game.step, seed_commitment=commitment)
    outcome = game.outcome()
    if outcome is not None:
        fill_outcome(rest.outcome, outcome, game, instance)
        if speaker is not None:
            rest.outcome.summary.MergeFromString(speaker.said(engine.outcome_phrase(outcome)))
    if speaker is not None:
        rest.locale = speaker.locale
    if stamp is not None:
        stamp(rest)
    game_tag = _VIEW_TAGS[field]
    out = [length_delimited(_STATE, sealed), varint_field(2, game.step),
           length_delimited(_GAME_ID, game.game_id.encode()) if game.game_id else b""]
    # A table may end the game (a forfeit) and take the decisions away: write what is left.
    for choice, listed in zip(rest.decisions, legal[:len(rest.decisions)], strict=True):
        out.append(length_delimited(_DECISIONS, b"".join([
            varint_field(1, choice.seat),
            length_delimited(_KIND, choice.kind.encode()) if choice.kind else b"",
            listed,
            varint_field(4, choice.legal_actions_included),
            length_delimited(_PROMPT, choice.prompt.SerializeToString(deterministic=True))
            if choice.HasField("prompt") else b"",
        ])))
    for view, seat in zip(rest.views, shown, strict=True):
        body = engine.view(state, seat).SerializeToString(deterministic=True)
        out.append(length_delimited(_VIEWS, view.SerializeToString(deterministic=True)
                                    + length_delimited(game_tag, body)))
    for event in events:
        if event.audience is None or not wanted.isdisjoint(event.audience):
            # A table's own events (a take-back, a timeout) are the service's, not the game's.
            table = event.message if isinstance(event.message, pb.TableEvent) else None
            said = b"" if speaker is None else length_delimited(_MESSAGE, (
                speaker.event_said(engine, event) if table is None
                else speaker.said(table_phrase(table))))
            out.append(length_delimited(_EVENTS, b"".join([
                packed(1, sorted(event.audience or ())),
                varint_field(2, game.step),
                said,
                length_delimited(_EVENT_TAGS[field if table is None else "table"],
                                 event.message.SerializeToString(deterministic=True)),
            ])))
    finished = rest.HasField("outcome")
    if finished:
        out.append(length_delimited(_OUTCOME, rest.outcome.SerializeToString(deterministic=True)))
        rest.ClearField("outcome")
    del rest.decisions[:]
    del rest.views[:]
    out.append(rest.SerializeToString(deterministic=True))  # num_players (8) on
    return WrittenUpdate(b"".join(out), finished)


class WrittenUpdate(NamedTuple):
    """A GameUpdate in wire format, and whether it carries an outcome."""

    data: bytes
    finished: bool


def written_response(update: bytes) -> bytes:
    """A response whose only field is its update (field 1: ApplyActionResponse,
    GetViewResponse), serialized."""
    return length_delimited(_RESPONSE_UPDATE, update)


_UPDATE = pb.GameUpdate.DESCRIPTOR
_STATE, _GAME_ID = field_tag(_UPDATE, "state"), field_tag(_UPDATE, "game_id")
_DECISIONS, _VIEWS = field_tag(_UPDATE, "decisions"), field_tag(_UPDATE, "views")
_EVENTS, _OUTCOME = field_tag(_UPDATE, "events"), field_tag(_UPDATE, "outcome")
_KIND = field_tag(pb.Decision.DESCRIPTOR, "kind")
_DECISION_ACTIONS = field_tag(pb.Decision.DESCRIPTOR, "legal_actions")
_PROMPT = field_tag(pb.Decision.DESCRIPTOR, "prompt")
_MESSAGE = field_tag(pb.GameEvent.DESCRIPTOR, "message")
_RESPONSE_UPDATE = field_tag(pb.ApplyActionResponse.DESCRIPTOR, "update")
#: Each game's field (its proto_field) in GameAction, GameView and GameEvent.
_ACTION_TAGS, _VIEW_TAGS, _EVENT_TAGS = (
    {f.name: varint(f.number << 3 | 2) for f in message.DESCRIPTOR.oneofs_by_name["game"].fields}
    for message in (pb.GameAction, pb.GameView, pb.GameEvent))
