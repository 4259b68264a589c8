"""How a simulated player picks its move: pluggable, named in the mix file.

`random`: uniform over the seats that must decide, then over that seat's
legal actions (what the server already sent; no extra call).
`suggest:<policy>`: asks SuggestAction with that bot policy for a deciding
seat's move, which adds one (CPU-heavy) call per action, as a backend that
fills empty seats with bots would. A server whose bot searches are all busy
answers BOTS_BUSY (RESOURCE_EXHAUSTED); as docs/bots.md advises, the seat
then plays at random at once, and the refusal is reported on its own row
("SuggestAction BOTS_BUSY"), not as a failure.
"""

from __future__ import annotations

import random

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load.mix import PlayStyle
from marketplay_load.play import Chooser, Sleep, Table, call
from marketplay_load.transport import ContractViolation, RpcFailure, Transport, is_shed

POLICIES = {
    "random": pb.BOT_POLICY_RANDOM,
    "greedy": pb.BOT_POLICY_GREEDY,
    "ismcts": pb.BOT_POLICY_ISMCTS,
}


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, table: Table) -> tuple[int, pb.GameAction]:
        decision = self._rng.choice(table.deciders())
        return decision.seat, self._rng.choice(decision.legal_actions)


class SuggestChooser:
    """The server's bot chooses; its answer must be one of the seat's legal actions."""

    def __init__(self, transport: Transport, policy: str, style: PlayStyle, rng: random.Random,
                 sleep: Sleep) -> None:
        self._transport = transport
        self._policy = POLICIES[policy]
        self._style = style
        self._rng = rng
        self._sleep = sleep
        #: moves played at random because the server's bots were busy
        self.fallbacks = 0

    def choose(self, table: Table) -> tuple[int, pb.GameAction]:
        decision = self._rng.choice(table.deciders())
        step = table.update.step
        request = pb.SuggestActionRequest(
            state=table.update.state, seat=decision.seat, seat_token=table.tokens[decision.seat],
            policy=self._policy, expected_step=step,
        )

        def check(response: pb.SuggestActionResponse) -> None:
            if response.step != step:
                raise ContractViolation("WRONG_STEP", f"suggestion for step {response.step} "
                                        f"asked at step {step}")
            if response.action not in decision.legal_actions:
                raise ContractViolation("ILLEGAL_SUGGESTION", f"seat {decision.seat}'s suggested "
                                        "action is not one of its legal actions")

        try:
            response = call(self._transport, self._style, self._sleep, "SuggestAction", request,
                            check)
        except RpcFailure as failure:
            if not is_shed(failure, "SuggestAction"):
                raise
            self.fallbacks += 1
            return decision.seat, self._rng.choice(decision.legal_actions)
        return decision.seat, response.action


def make_chooser(style: PlayStyle, transport: Transport, rng: random.Random,
                 sleep: Sleep) -> Chooser:
    kind, _, policy = style.chooser.partition(":")
    if kind == "suggest":
        return SuggestChooser(transport, policy, style, rng, sleep)
    return RandomChooser(rng)
