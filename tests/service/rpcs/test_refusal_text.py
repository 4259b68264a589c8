"""A refusal a player can cause says so in the player's words (docs/text.md,
"Refusals"): beside the ErrorInfo, a `marketplay.v1.Message` detail with
its id, arguments and, when the call named a locale, its text, on both
ports. A refusal only a developer causes (a malformed request, a bad token)
carries none; its message is for the developer."""

from __future__ import annotations

import json
from collections.abc import Iterator

import grpc
import httpx
import pytest
from grpc_status import rpc_status

from engines import registry
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import spice_merchant_pb2 as sm
from service.instance import Instance
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.conformance.playout import playout
from tests.service.conftest import KEYS_A, ServedHttp
from tests.service.http_client import SERVICE

NAMES = ["Ann", "Bo"]


def _said(error: grpc.RpcError) -> pb.Message | None:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None
    for detail in status.details:
        said = pb.Message()
        if detail.Unpack(said):
            return said
    return None


def _refused(stub: object, request: pb.ApplyActionRequest) -> tuple[grpc.StatusCode, pb.Message | None]:
    with pytest.raises(grpc.RpcError) as refused:
        stub.ApplyAction(request)  # type: ignore[attr-defined]
    return refused.value.code(), _said(refused.value)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def start(http_served: ServedHttp) -> pb.GameUpdate:
    return http_served.stub.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, seed=b"refusal text",
        views=pb.ViewSelection(all_seats=True))).update


def _views(locale: str = "de") -> pb.ViewSelection:
    return pb.ViewSelection(seats=[0], locale=locale, seat_names=NAMES)


def _register(update: pb.GameUpdate, seat: int) -> pb.GameAction:
    decision = next(d for d in update.decisions if d.seat == seat)
    return decision.legal_actions[0]


def test_not_your_turn_names_who_the_game_waits_for(http_served: ServedHttp,
                                                    start: pb.GameUpdate) -> None:
    after = http_served.stub.ApplyAction(pb.ApplyActionRequest(
        state=start.state, seat=0, action=_register(start, 0))).update
    code, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=after.state, seat=0, action=_register(start, 0), views=_views()))
    assert code == grpc.StatusCode.PERMISSION_DENIED and said is not None
    assert said.id == "refusal-not-your-turn"
    assert said.text == "Du bist nicht am Zug: Es wird auf \u2068Bo\u2069 gewartet."


def test_an_illegal_move_says_which_rule_with_its_numbers(http_served: ServedHttp,
                                                          start: pb.GameUpdate) -> None:
    """Seat 0 registers a spice it does not hold: it is told how many it holds."""
    hand = set(start.views[0].spice_merchant.hand)
    missing = next(s for s in sm.SpiceMerchantSpice.values() if s and s not in hand)
    action = pb.GameAction(spice_merchant=sm.SpiceMerchantAction(
        register_secret=sm.SpiceMerchantRegisterSecret(spices=[missing])))
    code, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=start.state, seat=0, action=action, views=_views("en")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and said is not None
    assert said.id == "spice-merchant-refusal-not-in-hand"
    assert said.text.startswith("You hold 0 \u00d7 ") and said.text.endswith(", not 1.")


def test_a_stale_step_and_a_finished_game_say_so(http_served: ServedHttp,
                                                 start: pb.GameUpdate) -> None:
    code, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=start.state, seat=0, action=_register(start, 0), expected_step=3, views=_views()))
    assert code == grpc.StatusCode.ABORTED and said is not None and said.id == "refusal-stale-step"
    engine = registry.get("spice-merchant")
    assert engine is not None
    for step in playout(Game.new(engine, 2, {}, b"over"), b"to the end"):
        over = step.after
    sealed = StateStore(Sealer.from_config(KEYS_A), 0, NullObserver()).seal(over, Instance.draw())
    code, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=sealed, seat=0, action=_register(start, 0), views=_views("en-XA")))
    assert code == grpc.StatusCode.FAILED_PRECONDITION and said is not None
    assert said.id == "refusal-game-over" and said.text.startswith("[")


def test_without_a_locale_the_message_has_no_text(http_served: ServedHttp,
                                                 start: pb.GameUpdate) -> None:
    _, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=start.state, seat=0, action=_register(start, 0), expected_step=3))
    assert said is not None and said.id == "refusal-stale-step" and said.text == ""


def test_a_developers_refusal_carries_no_message(http_served: ServedHttp,
                                                start: pb.GameUpdate) -> None:
    code, said = _refused(http_served.stub, pb.ApplyActionRequest(
        state=start.state, seat=0, views=_views()))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and said is None


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with httpx.Client(timeout=30) as http:
        yield http


def test_connect_json_carries_the_message_readable(http_served: ServedHttp, client: httpx.Client,
                                                   start: pb.GameUpdate) -> None:
    """Over Connect JSON the Message is a detail whose `debug` holds its JSON."""
    from google.protobuf import json_format

    request = pb.ApplyActionRequest(state=start.state, seat=0, action=_register(start, 0),
                                    expected_step=3, views=_views())
    reply = client.post(f"{http_served.base}/{SERVICE}/ApplyAction",
                        content=json_format.MessageToJson(request).encode(),
                        headers={"content-type": "application/json"})
    assert reply.status_code == 409
    details = {d["type"]: d for d in json.loads(reply.content)["details"]}
    said = details["marketplay.v1.Message"]["debug"]
    assert said["id"] == "refusal-stale-step"
    assert said["text"].startswith("Das Spiel ging weiter")


def test_a_bad_locale_or_names_are_refused_before_anything_happens(
        http_served: ServedHttp, start: pb.GameUpdate) -> None:
    for views, reason in (
        (pb.ViewSelection(seats=[0], locale="not a tag!"), "BAD_LOCALE"),
        (pb.ViewSelection(seats=[0], locale="x" * 36), "BAD_LOCALE"),
        (pb.ViewSelection(seats=[0], seat_names=["a", "b", "c"]), "BAD_SEAT_NAMES"),
        (pb.ViewSelection(seats=[0], seat_names=["a" * 65]), "BAD_SEAT_NAMES"),
        (pb.ViewSelection(seats=[0], seat_names=["line\nbreak"]), "BAD_SEAT_NAMES"),
        (pb.ViewSelection(seats=[0], seat_names=["\u202eevil"]), "BAD_SEAT_NAMES"),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            http_served.stub.ApplyAction(pb.ApplyActionRequest(
                state=start.state, seat=0, action=_register(start, 0), views=views))
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
        status = rpc_status.from_call(refused.value)  # type: ignore[arg-type]
        assert status is not None and reason.encode() in status.details[0].value


def test_an_unshipped_locale_falls_back_and_says_which(http_served: ServedHttp,
                                                      start: pb.GameUpdate) -> None:
    for asked, used in (("de-AT", "de"), ("de-Latn-CH", "de"), ("fr-CA", "en"), ("en-XA", "en-XA")):
        update = http_served.stub.GetView(pb.GetViewRequest(
            state=start.state, views=pb.ViewSelection(seats=[0], locale=asked))).update
        assert update.locale == used
        assert all(d.prompt.text for d in update.decisions)
