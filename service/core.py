"""The game service, once, for every transport.

`GameCore` is what a call does: open the sealed state, authorize the seats,
apply the action through the engine framework, build the update, count it.
It takes and returns the generated protobuf messages and raises ServiceError
for every refusal, so the gRPC servicer (service/grpc_service.py) and the
HTTP application only adapt: no rule, limit or error mapping exists twice.

`GameRpcs` is the typed interface of the RPCs, and `ROUTES` binds each RPC
name to its method, written out, so mypy, IDEs and readers follow a call from
the wire to the core (tests/service/rpcs/test_bindings.py checks every RPC of the
contract is bound, on both ports).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from engines import registry
from engines.core import Event, Game, IllegalAction, NotYourTurn, RuleError
from engines.core.engine import Engine
from engines.core.events import public
from engines.core.takebacks import take_back
from engines.core.text import Phrase, seats_phrase
from marketplay.v1 import game_service_pb2 as pb
from service import table as tables
from service import timeouts, tokens
from service.bots import Bots, BotSettings
from service.clocks import time_left
from service.errors import ECHO_LIMIT, Code, ServiceError, echo, from_rule_error, invalid
from service.instance import INSTANCE_BYTES, Instance
from service.observe import GameObserver
from service.states import Opened, StateStore
from service.text import Catalogs, Speaker, TextError, shipped_catalogs, speaker_for
from service.updates import build_update, selected_seats, variant_label

log = logging.getLogger(__name__)
Req = TypeVar("Req")
Resp = TypeVar("Resp")
ReqMsg = TypeVar("ReqMsg", bound=Message)
RespMsg = TypeVar("RespMsg", bound=Message)
#: No game has more than a few options; a request naming more is refused
#: unread, so no message ever lists thousands of them.
MAX_OPTIONS = 16


@dataclass
class CallNotes:
    """What the core learnt about a call, for its log line and span (service/calls.py):
    public facts only, never state bytes, tokens or what a state hides."""

    game: str = ""
    #: The step of the state the call acted on.
    step: int | None = None


@dataclass(frozen=True)
class Call:
    """What a transport knows about a call that the core may need."""

    #: `time.monotonic()` by which the caller wants an answer, if it said.
    deadline: float | None = None
    #: Who called (for logs), e.g. "ipv4:127.0.0.1:5555".
    peer: str = ""
    #: "grpc", "connect" or "grpc-web" (for logs and metrics).
    protocol: str = "grpc"
    notes: CallNotes = field(default_factory=CallNotes)


class GameRpcs(Protocol):
    """One method per GameService RPC: a request and the call in, the response out.

    Each raises ServiceError for a refusal. GameCore is the implementation;
    the transports depend only on this.
    """

    def list_games(self, request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse: ...

    def new_game(self, request: pb.NewGameRequest, call: Call) -> pb.NewGameResponse: ...

    def apply_action(self, request: pb.ApplyActionRequest, call: Call) -> pb.ApplyActionResponse: ...

    def get_view(self, request: pb.GetViewRequest, call: Call) -> pb.GetViewResponse: ...

    def replay(self, request: pb.ReplayRequest, call: Call) -> pb.ReplayResponse: ...

    def suggest_action(
        self, request: pb.SuggestActionRequest, call: Call
    ) -> pb.SuggestActionResponse: ...

    def renew_seat_token(
        self, request: pb.RenewSeatTokenRequest, call: Call
    ) -> pb.RenewSeatTokenResponse: ...

    def take_back(self, request: pb.TakeBackRequest, call: Call) -> pb.TakeBackResponse: ...

    def claim_timeout(
        self, request: pb.ClaimTimeoutRequest, call: Call
    ) -> pb.ClaimTimeoutResponse: ...


@dataclass(frozen=True)
class Rpc(Generic[ReqMsg, RespMsg]):
    """One RPC as a transport serves it: its message types and the core method."""

    request: type[ReqMsg]
    response: type[RespMsg]
    #: The core's method for it, looked up on each call (so a core's method may be
    #: replaced on the instance, as tests do to hold or break a call).
    method: Callable[[GameRpcs], Callable[[ReqMsg, Call], RespMsg]]
    #: Its work is small and bounded by the request's size (no bot search, no Replay
    #: of thousands of actions), so both ports run it on their event loop instead of
    #: paying a hop to a handler thread for it (service/grpc_service.py,
    #: service/http/connect.py). ListGames is cheap too but rare; it stays on the
    #: threads, where tests hold a call in flight.
    inline: bool = False

    def on_loop(self, request_bytes: int) -> bool:
        """Whether a call of this RPC with a request of `request_bytes` runs on the loop."""
        return self.inline and request_bytes <= INLINE_MAX_BYTES


#: A cheap RPC (`Rpc.inline`) runs on the event loop only for a request up to this size;
#: a larger one (a forged or padded state, which must still be authenticated) hops to a
#: handler thread like any other call, so no request costs the loop more than
#: docs/benchmarks.md's worst case ("The gRPC port's cost: cheap RPCs on the loop").
INLINE_MAX_BYTES = 32 << 10


#: RPC name (as the contract spells it) -> how the core serves it.
ROUTES: dict[str, Rpc[Any, Any]] = {
    "ListGames": Rpc(pb.ListGamesRequest, pb.ListGamesResponse, lambda core: core.list_games),
    "NewGame": Rpc(pb.NewGameRequest, pb.NewGameResponse, lambda core: core.new_game, inline=True),
    "ApplyAction": Rpc(pb.ApplyActionRequest, pb.ApplyActionResponse,
                       lambda core: core.apply_action, inline=True),
    "GetView": Rpc(pb.GetViewRequest, pb.GetViewResponse, lambda core: core.get_view, inline=True),
    "Replay": Rpc(pb.ReplayRequest, pb.ReplayResponse, lambda core: core.replay),
    "SuggestAction": Rpc(pb.SuggestActionRequest, pb.SuggestActionResponse,
                         lambda core: core.suggest_action),
    "RenewSeatToken": Rpc(pb.RenewSeatTokenRequest, pb.RenewSeatTokenResponse,
                          lambda core: core.renew_seat_token,
                          inline=True),
    # Bounded: it replays at most MAX_TAKEBACK_STEPS actions.
    "TakeBack": Rpc(pb.TakeBackRequest, pb.TakeBackResponse, lambda core: core.take_back,
                    inline=True),
    # Not inline: a greedy timeout policy samples states (a small, fixed budget).
    "ClaimTimeout": Rpc(pb.ClaimTimeoutRequest, pb.ClaimTimeoutResponse,
                        lambda core: core.claim_timeout),
}


class GameCore:
    """GameRpcs over sealed states, the engines and the bots."""

    def __init__(
        self,
        store: StateStore,
        observer: GameObserver,
        require_seat_tokens: bool,
        max_replay_actions: int,
        seat_token_ttl: int = 0,
        clock: Callable[[], float] = time.time,
        bots: Bots | None = None,
        clock_tolerance_ms: int = 2000,
        catalogs: Catalogs | None = None,
    ) -> None:
        self.store = store
        self.observer = observer
        self.require_seat_tokens = require_seat_tokens
        self.max_replay_actions = max_replay_actions
        #: Seconds a seat token stays valid (0: forever); `clock` gives Unix seconds.
        self.seat_token_ttl = seat_token_ttl
        #: The server's clock (Unix seconds): token expiry, and the turn clocks it stamps.
        self.clock = clock
        self.bots = bots or Bots(BotSettings())
        #: Player-facing text (service/text.py): the catalogs of every game.
        self.catalogs = catalogs or shipped_catalogs()
        #: How far past a deadline an action is still accepted, and a timeout not yet
        #: claimable (--clock-tolerance-ms; service/clocks.py).
        self.clock_tolerance_ms = clock_tolerance_ms

    # ----------------------------------------------------------------- calls

    def list_games(self, request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse:
        """Each game with the options of its newest rules version (what NewGame
        plays by default) and every rules version the server plays."""
        response = pb.ListGamesResponse()
        for game_id, engine in sorted(registry.ENGINES.items()):
            spec = engine.spec
            info = response.games.add(
                game_id=game_id, title=spec.title, min_players=spec.min_players,
                max_players=spec.max_players, rules_version=spec.rules_version,
                rules_versions=registry.rules_versions(game_id),
            )
            listed = [(option, False) for option in spec.options]
            listed += [(option, True) for option in tables.options_of(engine)]
            for option, table in listed:
                info.options.add(
                    name=option.name, type=_OPTION_TYPES[option.kind],
                    default_value=option.text(option.default), allowed_values=option.allowed,
                    min_value=option.min_value, max_value=option.max_value,
                    description=option.description, trusted_only=option.trusted_only,
                    table=table,
                )
        return response

    def new_game(self, request: pb.NewGameRequest, call: Call) -> pb.NewGameResponse:
        engine = self._rules(request.game_id, request.rules_version)
        call.notes.game = engine.spec.game_id
        seed = _seed(request.seed) if request.HasField("seed") else os.urandom(32)
        table_options, options = tables.split(_options(request.options))
        started = time.perf_counter()
        game = _rule_checked(lambda: Game.new(engine, request.num_players, options, seed))
        self.observer.engine_time(game.game_id, "NewGame", time.perf_counter() - started)
        if self.require_seat_tokens:
            _refuse_trusted_only(game)
        seats = selected_seats(request.views, game.num_players)
        speaker = self._speaker(request.views, game.num_players)
        now = self._now_ms()
        table = tables.Table.new(tables.parse(table_options, engine), game, now)
        self.observer.game_started(game.game_id, game.rules_version, variant_label(game))
        instance = Instance.draw()
        opened = Opened(game, instance, table)
        sealed = self.store.seal(game, instance, table)
        update = build_update(game, sealed, seats, request.views.spectator, instance=instance,
                              speaker=speaker)
        tables.stamp(update, game, table, now, self.clock_tolerance_ms, instance, speaker)
        expires_at = self._expiry()
        response = pb.NewGameResponse(
            update=update,
            seat_tokens=[self._mint(opened, seat, expires_at) for seat in range(game.num_players)],
        )
        if expires_at:
            response.seat_tokens_expire_at.CopyFrom(Timestamp(seconds=expires_at))
        return response

    def apply_action(self, request: pb.ApplyActionRequest, call: Call) -> pb.ApplyActionResponse:
        opened = self._open(request.state, call)
        game = opened.game
        seats = selected_seats(request.views, game.num_players)
        self._authorize(opened, request.seat, request.seat_token, seats, request.view_tokens)
        speaker = self._speaker(request.views, game.num_players)
        action = _unwrap(request.action, game.engine)
        started = time.perf_counter()
        expected = request.expected_step if request.HasField("expected_step") else None
        table, now = opened.table, self._now_ms()
        try:
            if table is not None:  # the turn's checks with the table's: forfeits, the clock
                tables.check_turn(game, table, request.seat, expected, now,
                                  self.clock_tolerance_ms)
            after, events = game.apply(request.seat, action, expected)
        except (RuleError, ServiceError) as exc:
            self.observer.action_refused(game.game_id, exc.reason)
            raise self._refusal(exc, refusal_phrase(game, request.seat, action, exc),
                                speaker) from None
        self.observer.engine_time(game.game_id, "ApplyAction", time.perf_counter() - started)
        self.observer.action_applied(game.game_id, game.rules_version)
        if table is not None:
            table = table.after_action(request.seat, after, now).record(
                game, request.seat, action, after, events)
        sealed = self.store.seal(after, opened.instance, table)
        response = pb.ApplyActionResponse()
        update = build_update(after, sealed, seats, request.views.spectator, events,
                              instance=opened.instance, into=response.update, speaker=speaker)
        if table is not None:
            tables.stamp(update, after, table, now, self.clock_tolerance_ms, opened.instance, speaker)
        if update.HasField("outcome"):  # build_update asked the engine once already
            self.observer.game_finished(game.game_id, game.rules_version, variant_label(game))
        return response

    def get_view(self, request: pb.GetViewRequest, call: Call) -> pb.GetViewResponse:
        opened = self._open(request.state, call)
        game = opened.game
        seats = selected_seats(request.views, game.num_players)
        self._authorize(opened, None, "", seats, request.view_tokens)
        speaker = self._speaker(request.views, game.num_players)
        update = build_update(game, request.state, seats, request.views.spectator,
                              instance=opened.instance, speaker=speaker)
        if opened.table is not None:
            tables.stamp(update, game, opened.table, self._now_ms(), self.clock_tolerance_ms,
                         opened.instance, speaker)
        return pb.GetViewResponse(update=update)

    def replay(self, request: pb.ReplayRequest, call: Call) -> pb.ReplayResponse:
        """No seat tokens here: whoever holds the seed can derive every card.

        The final state is sealed as a new game instance (its own instance id,
        so no seat token of the original game works on it) with the salt the
        caller gave, so its views show the original game's seed commitment.
        """
        engine = self._rules(request.game_id, request.rules_version)
        call.notes.game = engine.spec.game_id
        if not request.seed:
            raise invalid("MISSING_SEED", "Replay needs the game's seed (revealed in its outcome)")
        if len(request.seed_salt) not in (0, INSTANCE_BYTES):
            raise invalid(
                "BAD_SEED_SALT",
                f"seed_salt must be empty or the {INSTANCE_BYTES} bytes an outcome revealed, "
                f"got {len(request.seed_salt)}",
            )
        if len(request.actions) > self.max_replay_actions:
            raise ServiceError(
                Code.RESOURCE_EXHAUSTED, "REPLAY_TOO_LONG",
                f"Replay carries {len(request.actions)} actions; "
                f"the limit is {self.max_replay_actions}",
            )
        started = time.perf_counter()
        seed = _seed(request.seed)
        table_given, options = tables.split(_options(request.options))
        table_options = tables.parse(table_given, engine)
        game = _rule_checked(lambda: Game.new(engine, request.num_players, options, seed))
        seats = selected_seats(request.views, game.num_players)
        speaker = self._speaker(request.views, game.num_players)
        now = self._now_ms()
        table = tables.Table.new(table_options, game, now)
        events: list[Any] = []
        for index, entry in enumerate(request.actions):
            try:
                tables.check_over(game, table, None)
                if entry.forfeited:
                    game, table, events = _replay_forfeits(game, table, entry, now)
                    continue
                if entry.takeback_steps:
                    game, table, events = _replay_takeback(game, table, entry, now)
                    continue
                action = _unwrap(entry.action, engine)
                before = game
                game, events = game.apply(entry.seat, action)
                table = table.record(before, entry.seat, action, game, events)
            except (RuleError, ServiceError) as exc:
                error = exc if isinstance(exc, ServiceError) else from_rule_error(exc)
                error.metadata["action_index"] = str(index)
                raise ServiceError(
                    error.code, error.reason, f"action {index}: {error}", error.metadata
                ) from None
        self.observer.engine_time(game.game_id, "Replay", time.perf_counter() - started)
        if not table.forfeited:  # the clocks start afresh at the replayed position
            table = table.restarted(game, now)
        instance = Instance.draw(salt=request.seed_salt)
        update = build_update(game, self.store.seal(game, instance, table), seats,
                              request.views.spectator, events, instance=instance, speaker=speaker)
        tables.stamp(update, game, table, now, self.clock_tolerance_ms, instance, speaker)
        return pb.ReplayResponse(update=update, actions_applied=len(request.actions))

    def suggest_action(self, request: pb.SuggestActionRequest, call: Call) -> pb.SuggestActionResponse:
        """A bot's choice for a deciding seat, from that seat's information only.

        Refused exactly as ApplyAction would refuse the seat (token, stale
        step, game over, not deciding); then service/bots.py runs the policy
        within its budget, the call's deadline and its concurrency limit.
        """
        opened = self.store.open(request.state)
        game = opened.game
        self._authorize(opened, request.seat, request.seat_token, [], {})
        expected = request.expected_step if request.HasField("expected_step") else None
        try:
            tables.check_over(game, opened.table, expected)
            game.check_turn(request.seat, expected)
        except RuleError as exc:
            raise from_rule_error(exc) from None
        started = time.perf_counter()
        chosen, bot = self.bots.run(game, request.seat, request, call.deadline, self.observer)
        self.observer.engine_time(game.game_id, "SuggestAction", time.perf_counter() - started)
        field = game.engine.spec.proto_field
        response = pb.SuggestActionResponse(step=game.step)
        getattr(response.action, field).CopyFrom(chosen.action)
        response.stats.policy = bot.enum
        response.stats.level = bot.level
        response.stats.iterations = chosen.iterations
        response.stats.stopped_by_time = chosen.stopped_by_time
        for candidate in chosen.candidates:
            entry = response.stats.candidates.add(visits=candidate.visits,
                                                  mean_value=candidate.mean_value)
            getattr(entry.action, field).CopyFrom(candidate.action)
        return response

    def renew_seat_token(
        self, request: pb.RenewSeatTokenRequest, call: Call
    ) -> pb.RenewSeatTokenResponse:
        """A valid, unexpired token buys a fresh one (whether or not tokens are required).

        Games of release 0.1.0 have tokens that never expire: renewing one returns it.
        """
        opened = self._open(request.state, call)
        seat = request.seat
        if not 0 <= seat < opened.game.num_players:
            raise invalid(
                "BAD_SEAT", f"seat {seat} does not exist; seats are 0..{opened.game.num_players - 1}"
            )
        self._check_token(opened, seat, request.seat_token)
        expires_at = 0 if opened.instance.legacy else self._expiry()
        response = pb.RenewSeatTokenResponse(seat_token=self._mint(opened, seat, expires_at))
        if expires_at:
            response.expires_at.CopyFrom(Timestamp(seconds=expires_at))
        return response

    def take_back(self, request: pb.TakeBackRequest, call: Call) -> pb.TakeBackResponse:
        """The seat takes back its own latest actions, back to the latest barrier
        (engines/core/takebacks.py): the restored position at a new, higher step, and
        one public event saying so. Authorized like the seat's action; refused, in
        this order: a stale step, a finished game, take-backs off (TAKEBACK_OFF), the
        seat's time up (DEADLINE_PASSED), another seat's (or the table's) latest
        action (NOT_YOUR_ACTION), a barrier within the steps asked (TAKEBACK_BARRIER).
        """
        opened = self._open(request.state, call)
        game, table = opened.game, opened.table
        seats = selected_seats(request.views, game.num_players)
        self._authorize(opened, request.seat, request.seat_token, seats, request.view_tokens)
        expected = request.expected_step if request.HasField("expected_step") else None
        if request.steps < 0:
            raise invalid("BAD_TAKEBACK_STEPS",
                          f"steps must be 0 (one) or more, got {request.steps}")
        steps = request.steps or 1
        speaker = self._speaker(request.views, game.num_players)
        now = self._now_ms()
        try:
            tables.check_takeback(game, table, request.seat, expected, now,
                                  self.clock_tolerance_ms)
            assert table is not None  # check_takeback refuses a game without a table
            restored, window = take_back(game, table.window, request.seat, steps)
        except (RuleError, ServiceError) as exc:
            raise self._refusal(exc, refusal_phrase(game, request.seat, None, exc),
                                speaker) from None
        table = table.after_takeback(request.seat, steps, restored, window, now)
        sealed = self.store.seal(restored, opened.instance, table)
        response = pb.TakeBackResponse()
        update = build_update(restored, sealed, seats, request.views.spectator,
                              [taken_back(request.seat, steps)], instance=opened.instance,
                              into=response.update, speaker=speaker)
        tables.stamp(update, restored, table, now, self.clock_tolerance_ms, opened.instance, speaker)
        return response

    def claim_timeout(
        self, request: pb.ClaimTimeoutRequest, call: Call
    ) -> pb.ClaimTimeoutResponse:
        """The table's timeout policy for every deciding seat whose deadline and the
        tolerance have passed by the server's clock (service/timeouts.py).

        Any seat's token may claim on a server that requires tokens (a seat waiting
        for a silent opponent); a trusted backend on one that does not needs none.
        Refused, in this order: a stale step, a finished game, a table without a
        clock (NO_CLOCK), and no seat out of time yet (DEADLINE_NOT_PASSED, with
        the time left).
        """
        opened = self._open(request.state, call)
        game, table = opened.game, opened.table
        seats = selected_seats(request.views, game.num_players)
        if self.require_seat_tokens:
            if not 0 <= request.seat < game.num_players:
                raise invalid("BAD_SEAT", f"seat {request.seat} does not exist; seats are "
                              f"0..{game.num_players - 1}", seat=str(request.seat))
            self._authorize(opened, request.seat, request.seat_token, seats, request.view_tokens)
        else:
            self._authorize(opened, None, "", seats, request.view_tokens)
        expected = request.expected_step if request.HasField("expected_step") else None
        speaker = self._speaker(request.views, game.num_players)
        now = self._now_ms()
        try:
            tables.check_over(game, table, expected)
            if (expected is not None and expected != game.step) or not game.to_act():
                game.check_turn(0, expected)  # raises StaleStep or GameOver
            if table is None or not table.clocks:
                raise ServiceError(
                    Code.FAILED_PRECONDITION, "NO_CLOCK",
                    "this game has no turn clock (table options clock_bank_s, clock_move_s "
                    "at NewGame), so no seat can run out of time")
            overdue = timeouts.overdue_seats(game, table, now, self.clock_tolerance_ms)
            if not overdue:
                left = time_left(table.options.clock, table.clocks, now, self.clock_tolerance_ms)
                raise ServiceError(
                    Code.FAILED_PRECONDITION, "DEADLINE_NOT_PASSED",
                    f"no deciding seat is out of time yet: the first deadline passes, with the "
                    f"server's tolerance of {self.clock_tolerance_ms} ms, in {left} ms",
                    {"time_left_ms": str(left)})
        except (RuleError, ServiceError) as exc:
            seat = request.seat if self.require_seat_tokens else -1
            raise self._refusal(exc, refusal_phrase(game, seat, None, exc), speaker) from None
        started = time.perf_counter()
        claimed = timeouts.claim(game, table, overdue, now, opened.instance)
        self.observer.engine_time(game.game_id, "ClaimTimeout", time.perf_counter() - started)
        after = claimed.game
        sealed = self.store.seal(after, opened.instance, claimed.table)
        response = pb.ClaimTimeoutResponse()
        update = build_update(after, sealed, seats, request.views.spectator, claimed.events,
                              instance=opened.instance, into=response.update,
                              event_steps=claimed.steps, speaker=speaker)
        tables.stamp(update, after, claimed.table, now, self.clock_tolerance_ms, opened.instance, speaker)
        if update.HasField("outcome"):
            self.observer.game_finished(game.game_id, game.rules_version, variant_label(game))
        return response

    # -------------------------------------------------------------- helpers

    def _speaker(self, selection: pb.ViewSelection, seats: int) -> Speaker | None:
        """How the call's player-facing text is said (service/text.py)."""
        try:
            return speaker_for(self.catalogs, selection, seats)
        except TextError as exc:
            raise invalid(exc.reason, str(exc)) from None

    def _refusal(self, exc: RuleError | ServiceError, phrase: Phrase | None,
                 speaker: Speaker | None) -> ServiceError:
        """The refusal to raise, with what the player who caused it is told."""
        error = from_rule_error(exc) if isinstance(exc, RuleError) else exc
        error.said = self._said(phrase, speaker)
        return error

    def _said(self, phrase: Phrase | None, speaker: Speaker | None) -> pb.Message | None:
        """A refusal's Message for the player, rendered as the call asked."""
        if phrase is None:
            return None
        said = pb.Message()
        (speaker or Speaker(self.catalogs, "")).message(phrase, said)
        return said

    def _now_ms(self) -> int:
        """The server's clock in Unix milliseconds: what the turn clocks are stamped with."""
        return int(self.clock() * 1000)

    def _open(self, state: bytes, call: Call) -> Opened:
        """The sealed state, opened; its game and step noted for the call's log line."""
        opened = self.store.open(state)
        call.notes.game, call.notes.step = opened.game.game_id, opened.game.step
        return opened

    def _rules(self, game_id: str, rules_version: str) -> Engine[Any, Any]:
        """The engine for `game_id` under the rules version asked for (empty: newest)."""
        if registry.get(game_id) is None:
            known = ", ".join(sorted(registry.ENGINES))
            raise ServiceError(
                Code.NOT_FOUND, "UNKNOWN_GAME",
                f"no game {echo(game_id)}; known games: {known}", {"game_id": game_id},
            )
        engine = registry.get(game_id, rules_version)
        if engine is None:
            raise ServiceError(
                Code.NOT_FOUND, "UNKNOWN_RULES_VERSION",
                f"{game_id} has no rules version {echo(rules_version)}; this server plays "
                f"{', '.join(registry.rules_versions(game_id))} (ListGames)",
                {"rules_version": rules_version},
            )
        return engine

    def _authorize(
        self,
        opened: Opened,
        acting: int | None,
        acting_token: str,
        view_seats: list[int],
        view_tokens: Mapping[int, str],
    ) -> None:
        """With --require-seat-tokens, every seat acted or looked as needs its token."""
        if not self.require_seat_tokens:
            return
        players = opened.game.num_players
        if acting is not None and not 0 <= acting < players:
            raise ServiceError(
                Code.PERMISSION_DENIED, "NOT_YOUR_TURN",
                f"seat {acting} does not exist in a {players}-player game", {"seat": str(acting)},
            )
        needed = set(view_seats) | ({acting} if acting is not None else set())
        for seat in sorted(needed):
            token = (acting_token if seat == acting else "") or view_tokens.get(seat, "")
            self._check_token(opened, seat, token)

    def _check_token(self, opened: Opened, seat: int, token: str) -> None:
        game = opened.game
        verdict = tokens.check(
            self.store.sealer, game.game_id, game.seed, opened.instance, seat, token, self.clock(),
            lifetimes=self.seat_token_ttl > 0,
        )
        if verdict is tokens.Verdict.EXPIRED:
            raise ServiceError(
                Code.PERMISSION_DENIED, "SEAT_TOKEN_EXPIRED",
                f"seat {seat}'s token has expired; renew tokens before they do (RenewSeatToken)",
                {"seat": str(seat)},
            )
        if verdict is not tokens.Verdict.VALID:
            raise ServiceError(
                Code.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED",
                f"seat {seat} needs its seat token (from NewGame) for this request",
                {"seat": str(seat)},
            )

    def _expiry(self) -> int:
        """Unix seconds at which a token minted now expires; 0 when tokens never do."""
        return int(self.clock()) + self.seat_token_ttl if self.seat_token_ttl else 0

    def _mint(self, opened: Opened, seat: int, expires_at: int) -> str:
        game = opened.game
        return tokens.mint(
            self.store.sealer, game.game_id, game.seed, opened.instance, seat, expires_at
        )


def guarded(method: Callable[[Req, Call], Resp], request: Req, call: Call) -> Resp:
    """`method(request, call)`, where any failure that is not a refusal becomes INTERNAL.

    Every transport calls the core through this, so a bug is logged once with
    its traceback and reaches the caller as INTERNAL (reason INTERNAL_ERROR),
    never as a transport's UNKNOWN, and never with the exception's text,
    which could describe hidden cards.
    """
    try:
        return method(request, call)
    except ServiceError:
        raise
    except Exception:
        log.exception("internal error in %s (peer %s)", getattr(method, "__name__", "?"), call.peer)
        raise ServiceError(
            Code.INTERNAL, "INTERNAL_ERROR", "the server failed on this request; it has been logged"
        ) from None


_OPTION_TYPES = {
    "bool": pb.OPTION_TYPE_BOOL,
    "int": pb.OPTION_TYPE_INT,
    "enum": pb.OPTION_TYPE_ENUM,
}


def _refuse_trusted_only(game: Game) -> None:
    """A server that requires seat tokens serves untrusted frontends: options
    that make hidden facts public are for trusted callers only."""
    for option in game.engine.spec.options:
        if option.trusted_only and game.options[option.name] != option.default:
            raise ServiceError(
                Code.PERMISSION_DENIED, "OPTION_NEEDS_TRUST",
                f"option {option.name} is for trusted callers (it makes hidden facts "
                "public to every seat) and this server requires seat tokens; leave it at "
                f"{option.text(option.default)} or use a server for trusted callers",
                {"option": option.name},
            )


def _replay_forfeits(game: Game, table: tables.Table, entry: pb.SeatAction,
                     now_ms: int) -> tuple[Game, tables.Table, list[Any]]:
    """A Replay entry saying seats forfeited on time: the game ends there, one step on.
    Only seats deciding then could run out of time."""
    deciding = {d.seat for d in game.to_act()}
    seats = sorted(set(entry.forfeited))
    for seat in seats:
        if seat not in deciding:
            raise ServiceError(Code.PERMISSION_DENIED, "NOT_YOUR_TURN",
                               f"seat {seat} was not deciding, so it could not forfeit on time",
                               {"seat": str(seat)})
    after = replace(game, step=game.step + 1)
    proto_field = game.engine.spec.proto_field
    said = [event for seat in seats
            for event in timeouts.timed_out(seat, tables.FORFEIT, None, proto_field)]
    return after, table.forfeit(seats, now_ms), said


def taken_back(seat: int, steps: int) -> Event:
    """The public event of a take-back: every seat learns that `seat` took back `steps`."""
    return public(pb.TableEvent(taken_back=pb.TakenBack(seat=seat, steps=steps)))


def _replay_takeback(game: Game, table: tables.Table, entry: pb.SeatAction,
                     now_ms: int) -> tuple[Game, tables.Table, list[Any]]:
    """A Replay entry saying its seat took back its latest actions, as TakeBack did."""
    if not table.options.takebacks_on:
        raise ServiceError(Code.FAILED_PRECONDITION, "TAKEBACK_OFF",
                           "the log takes back, but its table options turn take-backs off")
    if entry.takeback_steps < 0:
        raise invalid("BAD_TAKEBACK_STEPS",
                      f"takeback_steps must be 0 (none) or more, got {entry.takeback_steps}")
    restored, window = take_back(game, table.window, entry.seat, entry.takeback_steps)
    return (restored, table.after_takeback(entry.seat, entry.takeback_steps, restored, window,
                                           now_ms), [taken_back(entry.seat, entry.takeback_steps)])


def _rule_checked(make: Callable[[], Game]) -> Game:
    """`make()`, with a RuleError (bad options, player count) turned into a refusal."""
    try:
        return make()
    except RuleError as exc:
        raise from_rule_error(exc) from None


def _seed(seed: bytes) -> bytes:
    if not 1 <= len(seed) <= 64:
        raise invalid("BAD_SEED", f"seed must be 1..64 bytes, got {len(seed)}")
    return seed


def _options(given: Mapping[str, str]) -> dict[str, str]:
    """The request's options, refused unread when there are more or longer ones than any game has."""
    if len(given) > MAX_OPTIONS:
        raise invalid("INVALID_OPTIONS", f"at most {MAX_OPTIONS} options, got {len(given)}")
    for name, value in given.items():
        if len(name) > ECHO_LIMIT or len(value) > ECHO_LIMIT:
            raise invalid(
                "INVALID_OPTIONS",
                f"option {echo(name)}: names and values are at most {ECHO_LIMIT} characters",
            )
    return dict(given)


def _unwrap(action: pb.GameAction, engine: Engine[Any, Any]) -> Message:
    which = action.WhichOneof("game")
    if which is None:
        raise invalid("MISSING_ACTION", "the request carries no action")
    if which != engine.spec.proto_field:
        raise invalid(
            "WRONG_GAME_ACTION",
            f"a {which} action was sent to a {engine.spec.game_id} game",
        )
    message: Message = getattr(action, which)
    return message


def refusal_phrase(game: Game, seat: int, action: Message | None,
                   error: RuleError | ServiceError) -> Phrase | None:
    """What a player is told of a refusal it caused (docs/text.md, "Refusals"):
    who the game waits for, why the move is not legal now (the game's own
    reason, with its numbers, else the generic one), that the game moved on
    or is over, and the table's refusals (a take-back, a clock). Refusals
    only a developer causes carry no phrase."""
    if isinstance(error, NotYourTurn):
        return seats_phrase("refusal-not-your-turn", (d.seat for d in game.to_act()))
    if isinstance(error, IllegalAction):
        if action is not None and 0 <= seat < game.num_players:
            own = game.engine.refusal_phrase(game.state, seat, action)
            if own is not None:
                return own
        return Phrase("refusal-illegal-action")
    if error.reason == "DEADLINE_NOT_PASSED" and isinstance(error, ServiceError):
        left_ms = int(error.metadata.get("time_left_ms", "0"))
        return Phrase.of("refusal-deadline-not-passed", seconds=-(-left_ms // 1000))
    if error.reason in _TOLD_REASONS:
        return Phrase(f"refusal-{error.reason.lower().replace('_', '-')}")
    return None


#: Refusals a player can cause that need no more than their reason's phrase.
_TOLD_REASONS = frozenset({"STALE_STEP", "GAME_OVER", "DEADLINE_PASSED", "NO_CLOCK",
                           "TAKEBACK_OFF", "TAKEBACK_BARRIER", "NOT_YOUR_ACTION"})
