"""The leak checks over the wire: what a caller gets for one observer, over gRPC
and Connect JSON, is the same bytes (but for the sealed state, whose length is
the same) for twins that differ only in what that observer may not know.

Both twin kinds of the conformance suite (tests/conformance/checks.py), sent
to a real server on loopback: state twins (the hidden state redealt, sealed
here under the server's key and the game's own instance) through GetView, the
step's ApplyAction and a refusal the observer can cause; and action twins (the
acting seat's actions that differ only in what the game declares secret,
Engine.known_part) through ApplyAction. Every twin is sealed at a table with
the default options (take-backs on: service/table.py), so what a seat is told
it may take back after its action is compared too. So a leak added by the service (the
update's building, its errors, what it says beside the engine's messages) is
caught as surely as one in an engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import httpx
import pytest
from google.protobuf.message import Message

from engines.core import Event, Game, Rng
from marketplay.v1 import game_service_pb2 as pb
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from service.table import Table, parse
from tests.conformance.checks import find_twin, observers
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.conformance.playout import Step, playout
from tests.conformance.sampling import sample_steps
from tests.service.conftest import KEYS_A, ServedHttp

SERVICE = "marketplay.v1.GameService"
#: The steps judged per table: kind-complete (sampling.py), so every decision
#: kind of every game is sent over the wire at least once.
STEPS = 8
#: Action twins sent per observer and step: the first action of each group that
#: shares a known part against up to this many others of the group.
TWINS_PER_GROUP = 3


#: One table per game, rules version and player count, with options the
#: conformance suite plays (its configurations, tests/conformance/configs.py).
#: A call's answer as an observer gets it: (answered, its bytes but the sealed
#: state's and the final-state digest's, the whole answer's length).
Shown = tuple[bool, bytes, int]

TABLES = sorted({(c.game_id, c.engine.spec.rules_version, c.num_players): c
                 for c in reversed(CONFIGS)}.values(), key=PlayConfig.label)


class Wire:
    """One protocol's raw calls, each answered with what an observer is shown.

    Two fields are left out of the comparison, both of the same length for
    twins: the sealed state, and the outcome's final-state digest. The outcome
    reveals the seed, from which every hidden fact follows, and the digest
    commits to the final state those facts make (a twin's hidden state, redealt
    without the seed, makes another)."""

    def __init__(self, served: ServedHttp, protocol: str, client: httpx.Client) -> None:
        self.protocol = protocol
        self.served = served
        self.client = client
        self.channel = served.channel

    def get_view(self, state: bytes, observer: int | None) -> Shown:
        return self.call("GetView", pb.GetViewRequest(
            state=state, views=_selection(observer, LOCALES[self.protocol])))

    def apply(self, state: bytes, seat: int, action: pb.GameAction, observer: int | None) -> Shown:
        return self.call("ApplyAction", pb.ApplyActionRequest(
            state=state, seat=seat, action=action,
            views=_selection(observer, LOCALES[self.protocol])))

    def call(self, method: str, request: Message) -> Shown:
        """(answered, what the observer is shown but the sealed state, whole length)."""
        if self.protocol == "grpc":
            return self._grpc(method, request)
        return self._connect_json(method, request)

    def _grpc(self, method: str, request: Message) -> Shown:
        call = self.channel.unary_unary(f"/{SERVICE}/{method}")
        try:
            body: bytes = call(request.SerializeToString())
        except grpc.RpcError as refusal:
            trailers = dict(refusal.trailing_metadata() or ())  # type: ignore[attr-defined]
            shown = repr((refusal.code(), refusal.details(),  # type: ignore[attr-defined]
                          trailers.get("grpc-status-details-bin"))).encode()
            return False, shown, len(shown)
        response = (pb.GetViewResponse if method == "GetView" else pb.ApplyActionResponse)()
        response.ParseFromString(body)
        response.update.ClearField("state")
        response.update.outcome.ClearField("final_state_digest")
        return True, response.SerializeToString(deterministic=True), len(body)

    def _connect_json(self, method: str, request: Message) -> Shown:
        from google.protobuf import json_format

        reply = self.client.post(
            f"{self.served.base}/{SERVICE}/{method}",
            content=json_format.MessageToJson(request).encode(),
            headers={"content-type": "application/json", "accept-encoding": "identity"})
        if reply.status_code != 200:
            return False, reply.content, len(reply.content)
        body = json.loads(reply.content)
        body["update"].pop("state")
        body["update"].get("outcome", {}).pop("finalStateDigest", None)
        return True, json.dumps(body, sort_keys=True).encode(), len(reply.content)


@pytest.fixture(scope="module", params=["grpc", "connect-json"])
def wire(http_served: ServedHttp, request: pytest.FixtureRequest) -> Iterator[Wire]:
    with httpx.Client(timeout=30) as client:
        yield Wire(http_served, request.param, client)


def _store() -> StateStore:
    return StateStore(Sealer.from_config(KEYS_A), 0, NullObserver())


#: Every call asks for player-facing text with display names, so the text is
#: compared too: German over gRPC, the pseudo-locale over Connect JSON.
LOCALES = {"grpc": "de", "connect-json": "en-XA"}
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _selection(observer: int | None, locale: str) -> pb.ViewSelection:
    """The observer's view, in `locale`, with display names for the first seat
    and none for the others (both kinds of seat name are rendered)."""
    if observer is None:
        return pb.ViewSelection(spectator=True, locale=locale, seat_names=NAMES[:1])
    return pb.ViewSelection(seats=[observer], locale=locale, seat_names=NAMES[:1])


def _action(game: Game, action: Message) -> pb.GameAction:
    wrapped = pb.GameAction()
    getattr(wrapped, game.engine.spec.proto_field).CopyFrom(action)
    return wrapped


def _same(wire: Wire, what: str, ours: Shown, theirs: Shown) -> bool:
    """Whether the call was answered; the twins' answers must be alike."""
    assert ours[1] == theirs[1], f"{wire.protocol}: {what} differ for twins"
    assert ours[2] == theirs[2], f"{wire.protocol}: {what} differ in length for twins"
    return ours[0]


def _judged_steps(config: PlayConfig) -> list[Step]:
    steps = list(playout(config.new_game(b"over-the-wire"), b"wire-policy"))
    return [steps[i] for i in sample_steps(steps, STEPS, 1)]


@pytest.mark.parametrize("config", TABLES, ids=[c.label() for c in TABLES])
def test_twins_look_the_same_over_the_wire(wire: Wire, config: PlayConfig) -> None:
    _judge(wire, config)


def test_a_leak_the_service_adds_is_caught(wire: Wire, monkeypatch: pytest.MonkeyPatch) -> None:
    """A leak planted in the service layer, not in any engine: the update also
    carrying private events addressed to seats whose views were not asked for
    (the secret registration's "you registered ..."). The action twins catch it."""
    from service import core, updates

    real = updates.build_update

    def leaky(game: Game, sealed: bytes, seats: Any, spectator: bool, events: Any = (),
              **rest: Any) -> pb.GameUpdate:
        shown = [Event(e.message) for e in events]  # every event made public
        return real(game, sealed, seats, spectator, shown, **rest)

    config = next(c for c in TABLES if c.engine.has_secret_moves)
    _judge(wire, config)
    monkeypatch.setattr(core, "build_update", leaky)
    with pytest.raises(AssertionError, match="secret twins"):
        _judge(wire, config)


def _judge(wire: Wire, config: PlayConfig) -> None:
    store, rng = _store(), Rng(b"wire twins")
    instance = Instance.draw()
    compared = {"state twins": 0, "action twins": 0}
    for step in _judged_steps(config):
        game = step.before
        table = Table.new(parse({}, game.engine), game, 0)
        assert table.options.takebacks_on
        real = store.seal(game, instance, table)
        for observer in observers(game):
            # Action twins: the acting seat's actions the observer may not tell apart.
            groups: dict[object, list[Message]] = {}
            for action in game.engine.legal_actions(game.state, step.seat):
                known = game.engine.known_part(game.state, step.seat, action, observer)
                groups.setdefault(known, []).append(action)
            for first, *others in groups.values():
                for other in others[:TWINS_PER_GROUP]:
                    assert _same(wire, f"seat {step.seat}'s secret twins for {observer}",
                                 wire.apply(real, step.seat, _action(game, first), observer),
                                 wire.apply(real, step.seat, _action(game, other), observer))
                    compared["action twins"] += 1
            if observer is None:
                continue
            # State twins: the hidden state redealt for the observer.
            search = find_twin(step, observer, rng)
            twin = store.seal(search.first, instance, table)
            assert _same(wire, f"seat {observer}'s views", wire.get_view(real, observer),
                         wire.get_view(twin, observer))
            stranger = pb.GameAction()
            getattr(stranger, game.engine.spec.proto_field).SetInParent()
            assert not _same(wire, f"seat {observer}'s refusals",
                             wire.apply(real, observer, stranger, observer),
                             wire.apply(twin, observer, stranger, observer))
            if search.match is not None:
                matched = store.seal(search.match, instance, table)
                assert _same(wire, f"seat {observer}'s updates",
                             wire.apply(real, step.seat, _action(game, step.action), observer),
                             wire.apply(matched, step.seat, _action(game, step.action), observer))
            compared["state twins"] += 1
    assert compared["state twins"]
    assert compared["action twins"] or not config.engine.has_secret_moves
