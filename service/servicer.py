"""The GameService servicer: decode, call the engine framework, encode.

Kept thin on purpose (grpc's examples): rules live in engines/, state
handling in states.py, response building in updates.py, status mapping in
errors.py.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import grpc
from google.protobuf.message import Message

from engines import registry
from engines.core import Game, RuleError
from engines.core.engine import Engine
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service import tokens
from service.errors import ServiceError, from_rule_error, invalid, to_status
from service.observe import GameObserver
from service.states import StateStore
from service.updates import build_update, selected_seats, variant_label

R = TypeVar("R")
Handler = Callable[[Any, Any, grpc.ServicerContext], R]


def _refusals(method: Handler[R]) -> Handler[R]:
    """Turn ServiceError/RuleError into a status with ErrorInfo."""

    @functools.wraps(method)
    def wrapper(self: GameService, request: Any, context: grpc.ServicerContext) -> R:
        try:
            return method(self, request, context)
        except ServiceError as exc:
            context.abort_with_status(to_status(exc))
        except RuleError as exc:
            context.abort_with_status(to_status(from_rule_error(exc)))
        raise AssertionError("abort_with_status returned")  # pragma: no cover

    return wrapper


class GameService(pb_grpc.GameServiceServicer):
    def __init__(
        self,
        store: StateStore,
        observer: GameObserver,
        require_seat_tokens: bool,
        max_replay_actions: int,
    ) -> None:
        self._store = store
        self._observer = observer
        self._require_tokens = require_seat_tokens
        self._max_replay = max_replay_actions

    # ----------------------------------------------------------------- RPCs

    def ListGames(self, request: pb.ListGamesRequest, context: grpc.ServicerContext) -> pb.ListGamesResponse:
        response = pb.ListGamesResponse()
        for game_id, engine in sorted(registry.ENGINES.items()):
            spec = engine.spec
            info = response.games.add(
                game_id=game_id, title=spec.title, min_players=spec.min_players,
                max_players=spec.max_players, rules_version=spec.rules_version,
            )
            for o in spec.options:
                info.options.add(
                    name=o.name, type=_OPTION_TYPES[o.kind], default_value=o.text(o.default),
                    allowed_values=o.allowed, min_value=o.min_value, max_value=o.max_value,
                    description=o.description,
                )
        return response

    @_refusals
    def NewGame(self, request: pb.NewGameRequest, context: grpc.ServicerContext) -> pb.NewGameResponse:
        engine = _engine(request.game_id)
        seed = _seed(request.seed) if request.HasField("seed") else os.urandom(32)
        started = time.perf_counter()
        game = Game.new(engine, request.num_players, dict(request.options), seed)
        seats = selected_seats(request.views, game.num_players)
        self._observer.game_started(game.game_id, variant_label(game))
        sealed = self._store.seal(game)
        update = build_update(game, sealed, seats, request.views.spectator)
        self._observer.engine_time(game.game_id, "NewGame", time.perf_counter() - started)
        commitment = game.seed_commitment
        return pb.NewGameResponse(
            update=update,
            seat_tokens=[
                tokens.mint(self._store.sealer, game.game_id, commitment, seat)
                for seat in range(game.num_players)
            ],
        )

    @_refusals
    def ApplyAction(self, request: pb.ApplyActionRequest, context: grpc.ServicerContext) -> pb.GameUpdate:
        game = self._store.open(request.state)
        seats = selected_seats(request.views, game.num_players)
        self._authorize(game, request.seat, request.seat_token, seats, request.view_tokens)
        action = _unwrap(request.action, game.engine)
        started = time.perf_counter()
        try:
            expected = request.expected_step if request.HasField("expected_step") else None
            after, events = game.apply(request.seat, action, expected)
        except RuleError as exc:
            self._observer.action_refused(game.game_id, exc.reason)
            raise
        self._observer.action_applied(game.game_id)
        sealed = self._store.seal(after)
        update = build_update(after, sealed, seats, request.views.spectator, events)
        if update.HasField("outcome"):  # build_update asked the engine once already
            self._observer.game_finished(game.game_id, variant_label(game))
        self._observer.engine_time(game.game_id, "ApplyAction", time.perf_counter() - started)
        return update

    @_refusals
    def GetView(self, request: pb.GetViewRequest, context: grpc.ServicerContext) -> pb.GameUpdate:
        game = self._store.open(request.state)
        seats = selected_seats(request.views, game.num_players)
        self._authorize(game, None, "", seats, request.view_tokens)
        return build_update(game, request.state, seats, request.views.spectator)

    @_refusals
    def Replay(self, request: pb.ReplayRequest, context: grpc.ServicerContext) -> pb.ReplayResponse:
        """No seat tokens here: whoever holds the seed can derive every card."""
        engine = _engine(request.game_id)
        if not request.seed:
            raise invalid("MISSING_SEED", "Replay needs the game's seed (revealed in its outcome)")
        if len(request.actions) > self._max_replay:
            raise ServiceError(
                grpc.StatusCode.RESOURCE_EXHAUSTED, "REPLAY_TOO_LONG",
                f"Replay carries {len(request.actions)} actions; the limit is {self._max_replay}",
            )
        started = time.perf_counter()
        game = Game.new(engine, request.num_players, dict(request.options), _seed(request.seed))
        seats = selected_seats(request.views, game.num_players)
        events: list[Any] = []
        for index, entry in enumerate(request.actions):
            try:
                game, events = game.apply(entry.seat, _unwrap(entry.action, engine))
            except (RuleError, ServiceError) as exc:
                error = exc if isinstance(exc, ServiceError) else from_rule_error(exc)
                error.metadata["action_index"] = str(index)
                raise ServiceError(
                    error.code, error.reason, f"action {index}: {error}", error.metadata
                ) from None
        update = build_update(game, self._store.seal(game), seats, request.views.spectator, events)
        self._observer.engine_time(game.game_id, "Replay", time.perf_counter() - started)
        return pb.ReplayResponse(update=update, actions_applied=len(request.actions))

    # -------------------------------------------------------------- helpers

    def _authorize(
        self,
        game: Game,
        acting: int | None,
        acting_token: str,
        view_seats: list[int],
        view_tokens: Mapping[int, str],
    ) -> None:
        """With --require-seat-tokens, every seat acted or looked as needs its token."""
        if not self._require_tokens:
            return
        commitment = game.seed_commitment
        needed = set(view_seats) | ({acting} if acting is not None else set())
        for seat in sorted(needed):
            token = (acting_token if seat == acting else "") or view_tokens.get(seat, "")
            if not tokens.verify(self._store.sealer, game.game_id, commitment, seat, token):
                raise ServiceError(
                    grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED",
                    f"seat {seat} needs its seat token (from NewGame) for this request",
                    {"seat": str(seat)},
                )


_OPTION_TYPES = {
    "bool": pb.OptionInfo.TYPE_BOOL,
    "int": pb.OptionInfo.TYPE_INT,
    "enum": pb.OptionInfo.TYPE_ENUM,
}


def _engine(game_id: str) -> Engine[Any, Any]:
    engine = registry.get(game_id)
    if engine is None:
        known = ", ".join(sorted(registry.ENGINES))
        raise ServiceError(
            grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME",
            f"no game {game_id!r}; known games: {known}", {"game_id": game_id},
        )
    return engine


def _seed(seed: bytes) -> bytes:
    if not 1 <= len(seed) <= 64:
        raise invalid("BAD_SEED", f"seed must be 1..64 bytes, got {len(seed)}")
    return seed


def _unwrap(action: pb.Action, engine: Engine[Any, Any]) -> Message:
    which = action.WhichOneof("game")
    if which is None:
        raise invalid("MISSING_ACTION", "the request carries no action")
    if which != engine.proto_field:
        raise invalid(
            "WRONG_GAME_ACTION",
            f"a {which} action was sent to a {engine.spec.game_id} game",
        )
    message: Message = getattr(action, which)
    return message
