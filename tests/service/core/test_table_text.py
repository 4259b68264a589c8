"""The table's words (docs/text.md): a take-back, a timeout and a forfeit say
what happened in the caller's language, and the table's refusals a player
can cause (a take-back past a barrier or at a table without them, a claim
too early or at a table without a clock, an action past its deadline) carry
the player's Message, with the time left where there is one."""

from __future__ import annotations

from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from tests.service.core.timed import FakeClock, refused

TOLERANCE_MS = 1000


def _views(locale: str = "de") -> pb.ViewSelection:
    return pb.ViewSelection(all_seats=True, spectator=True, locale=locale,
                            seat_names=["Anna", "Ben", "Cleo"])


def _new(core: GameCore, game_id: str, **options: str) -> pb.GameUpdate:
    return core.new_game(pb.NewGameRequest(game_id=game_id, num_players=3, seed=b"table words",
                                           options=options, views=_views()), Call()).update


def _apply(core: GameCore, update: pb.GameUpdate, locale: str = "de") -> pb.GameUpdate:
    decision = next(d for d in update.decisions if d.legal_actions)
    return core.apply_action(pb.ApplyActionRequest(
        state=update.state, seat=decision.seat, action=decision.legal_actions[0],
        views=_views(locale)), Call()).update


def _table_lines(update: pb.GameUpdate) -> list[str]:
    """The public table events' text (a timeout's private copy to its seat, with
    the move played for it, says the same)."""
    return [e.message.text for e in update.events if e.HasField("table") and not e.audience]


def test_a_take_back_says_who_took_back_how_many(core: GameCore) -> None:
    """Central Market's offer is no barrier: its seat takes it back, in German."""
    start = _new(core, "central-market")
    offered = _apply(core, start)
    seat = start.decisions[0].seat
    back = core.take_back(pb.TakeBackRequest(state=offered.state, seat=seat, views=_views()),
                          Call()).update
    names = ["Anna", "Ben", "Cleo"]
    assert _table_lines(back) == [f"\u2068{names[seat]}\u2069 hat den letzten Zug zurückgenommen."]
    assert all(d.prompt.text for d in back.decisions)


def test_a_take_back_refused_says_why(core: GameCore) -> None:
    start = _new(core, "central-market", takebacks="off")
    offered = _apply(core, start)
    refusal = refused(lambda: core.take_back(pb.TakeBackRequest(
        state=offered.state, seat=start.decisions[0].seat, views=_views("en")), Call()))
    assert refusal.reason == "TAKEBACK_OFF" and refusal.said is not None
    assert refusal.said.text == "Take-backs are off at this table."
    other = (start.decisions[0].seat + 1) % 3
    refusal = refused(lambda: core.take_back(pb.TakeBackRequest(
        state=_apply(core, _new(core, "central-market")).state, seat=other, views=_views("en")),
        Call()))
    assert refusal.reason == "NOT_YOUR_ACTION" and refusal.said is not None
    assert refusal.said.id == "refusal-not-your-action"


def test_a_claim_too_early_says_how_long_to_wait(core: GameCore, clock: FakeClock) -> None:
    start = _new(core, "spice-merchant", clock_move_s="60")
    clock.now += 30
    refusal = refused(lambda: core.claim_timeout(pb.ClaimTimeoutRequest(
        state=start.state, views=_views("en")), Call()))
    assert refusal.reason == "DEADLINE_NOT_PASSED" and refusal.said is not None
    assert refusal.said.text == (
        "Nobody has run out of time yet: the first deadline passes in 31 seconds.")
    refusal = refused(lambda: core.claim_timeout(pb.ClaimTimeoutRequest(
        state=_new(core, "spice-merchant").state, views=_views()), Call()))
    assert refusal.reason == "NO_CLOCK" and refusal.said is not None
    assert refusal.said.text.startswith("Dieses Spiel hat keine Bedenkzeit")


def test_a_timeout_and_a_forfeit_say_what_happened(core: GameCore, clock: FakeClock) -> None:
    """Every seat registering in Spice Merchant runs out at once: the random
    policy plays for each; under forfeit the game ends with its summary."""
    start = _new(core, "spice-merchant", clock_move_s="60")
    clock.now += 62
    played = core.claim_timeout(pb.ClaimTimeoutRequest(state=start.state, views=_views()),
                                Call()).update
    assert _table_lines(played) == [
        f"\u2068{name}\u2069 ist die Zeit abgelaufen; für \u2068{name}\u2069 wurde gezogen."
        for name in ("Anna", "Ben", "Cleo")]
    forfeit = _new(core, "spice-merchant", clock_move_s="60", timeout_policy="forfeit")
    clock.now += 62
    ended = core.claim_timeout(pb.ClaimTimeoutRequest(state=forfeit.state, views=_views("en")),
                               Call()).update
    assert "ran out of time and forfeits the game." in _table_lines(ended)[0]
    assert ended.outcome.forfeited and ended.outcome.summary.text


def test_an_action_past_its_deadline_says_the_time_is_up(core: GameCore, clock: FakeClock) -> None:
    start = _new(core, "spice-merchant", clock_move_s="60")
    clock.now += 62
    decision = start.decisions[0]
    refusal = refused(lambda: core.apply_action(pb.ApplyActionRequest(
        state=start.state, seat=decision.seat, action=decision.legal_actions[0],
        views=_views("en")), Call()))
    assert refusal.reason == "DEADLINE_PASSED" and refusal.said is not None
    assert refusal.said.text == "Your time for this decision is up."
