"""Bots never cheat: for every game, player count and option set (the every-move
lookahead in a sample of them: ASKED), a bot's answer is a function of what its
seat may know and of its seed alone.

The proof (docs/bots.md, "Why bots cannot cheat") rests on two properties,
both checked here on positions from random playouts:

1. `resample_hidden` is canonical: states the observer cannot tell apart,
   resampled with equal randomness, are the same state byte for byte;
2. every policy and every level (engines/bots/levels.py), called with the
   same seed on states the seat cannot tell apart (everything hidden from it
   resampled, and the game's seed and RNG counter, which decide every future
   draw, replaced), returns the same action and the same statistics, bit for
   bit.
"""

from __future__ import annotations

import struct

import pytest

from engines.bots import LEVELS, POLICIES, Budget, ErringPolicy, Policy, Stream, Suggestion, suggest
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.core import Game, Rng
from tests.conformance.checks import wire
from tests.conformance.configs import FULL, PLAYED, PlayConfig, each_config, sampled
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps

#: Small budgets keep CI fast; every policy still searches at this size.
BUDGETS = {"random": 1, "greedy": 2, "ismcts": 10, "lookahead": 2,
           "easy": 2, "medium": 2, "hard": 10}
#: Every bot a caller can name: the policies, and the levels as their own policy objects
#: (easy's erring greedy is a policy of its own; hard's is each game's own), each at a
#: small budget.
BOTS: dict[str, tuple[Policy, int]] = {
    **{name: (policy, BUDGETS[name]) for name, policy in POLICIES.items()},
    **{name: (level.policy, BUDGETS[level.name]) for name, level in LEVELS.items()},
    # hard's lookahead (Central Market's) in every game, every move played on
    "lookahead": (LookaheadPolicy(LookaheadConfig(tie_margin=1.0)), BUDGETS["lookahead"]),
}


def seeds(policy: Policy) -> list[bytes]:
    """The seeds a bot is asked with: one, and for a bot that errs now and then (which
    the first draw of its stream decides) one at which it errs, so both of its ways of
    choosing face the twins."""
    if not isinstance(policy, ErringPolicy):
        return [b"one seed"]
    erring = next(seed for seed in (f"errs {k}".encode() for k in range(1000))
                  if policy.errs(Stream(seed)))
    assert not policy.errs(Stream(b"one seed")), "pick another seed that does not err"
    return [b"one seed", erring]


#: The configurations each bot is asked in: all of them, but for the every-move
#: lookahead a sample (configs.sampled: every game, rules version, option set and
#: seating once, player counts rotated), since it plays every move on (a tie margin
#: of 1.0) and cost more than the six other bots together (120 configurations,
#: 142 of 209 s); its code is the same in every game, and hard (Central Market's
#: lookahead, ties only) is asked in all 50 of that game's. MARKETPLAY_FULL=1 asks it
#: in every one.
ASKED = {bot: PLAYED if bot != "lookahead" or FULL else sampled(PLAYED) for bot in BOTS}
each_bot_and_config = pytest.mark.parametrize(
    ("bot", "config"),
    [(bot, config) for bot in sorted(BOTS) for config in ASKED[bot]],
    ids=[f"{bot}-{config.label()}" for bot in sorted(BOTS) for config in ASKED[bot]])


#: States per position that the seat cannot tell from the real one.
TWINS = 3
#: Positions per playout at which the bots are asked (spread over the game).
POSITIONS = 3
#: Steps per playout at which every observer's resample is checked: the first of every
#: kind of step, the last, and an even spread (tests/conformance/sampling.py).
CANONICAL_STEPS = 24


def twin(game: Game, seat: int, number: int) -> Game:
    """`game` with everything `seat` cannot see redrawn, including the seed
    and RNG counter that decide every future shuffle and draw."""
    rng = Rng(f"twin-{number}".encode())
    state = game.engine.resample_hidden(game.state, seat, rng)
    return Game(game.engine, game.num_players, game.options, f"hidden-seed-{number}".encode(),
                game.rng_counter + 1000 * number + 1, game.step, state)


def fingerprint(answer: Suggestion) -> bytes:
    """Everything a caller receives, as bytes (values by their IEEE bits)."""
    out = [wire(answer.action), struct.pack("<q?", answer.iterations, answer.stopped_by_time)]
    for c in answer.candidates:
        out += [wire(c.action), struct.pack("<qd", c.visits, c.mean_value)]
    return b"|".join(out)


_POSITIONS: dict[str, list[Game]] = {}


def positions(config: PlayConfig) -> list[Game]:
    """States along a random playout where the first decider has a choice (one
    playout per configuration, shared by the policies' tests)."""
    label = config.label()
    if label not in _POSITIONS:
        _POSITIONS[label] = _positions(config)
    return _POSITIONS[label]


def _positions(config: PlayConfig) -> list[Game]:
    steps = [s.before for s in playout(config.new_game(b"bots-fair"), b"bots-fair-policy")]
    choices = [g for g in steps
               if len(g.engine.legal_actions(g.state, g.to_act()[0].seat)) > 1]
    if not choices:
        return []
    stride = max(1, len(choices) // POSITIONS)
    return choices[stride // 2::stride][:POSITIONS]


@pytest.mark.no_cover  # resample_hidden's lines: tests/conformance/test_resampling.py, with coverage
@each_config
def test_resample_hidden_is_canonical(config: PlayConfig) -> None:
    """Two states an observer cannot tell apart, resampled with equal Rng,
    give byte-identical encodings (so they hide nothing a bot could read)."""
    engine = config.engine
    steps = list(playout(config.new_game(b"canonical"), b"canonical-policy"))
    for index in sample_steps(steps, CANONICAL_STEPS, 1):
        game = steps[index].before
        for observer in range(config.num_players):
            twins = [twin(game, observer, k).state for k in range(TWINS)]
            again = {engine.encode(engine.resample_hidden(s, observer, Rng(b"same")))
                     for s in [game.state, *twins]}
            assert len(again) == 1, (
                f"step {game.step}: seat {observer}'s resample depends on what it cannot see")


@pytest.mark.no_cover  # engines/bots' lines: tests/engines/bots runs them with coverage on
@each_bot_and_config
def test_bots_answer_the_same_whatever_their_seat_cannot_see(bot: str, config: PlayConfig) -> None:
    chosen = positions(config)
    assert chosen, "a playout with no real choice proves nothing"
    policy, iterations = BOTS[bot]
    for game, seed in ((game, seed) for game in chosen for seed in seeds(policy)):
        seat = game.to_act()[0].seat
        answers = {
            fingerprint(suggest(g, seat, policy, Budget(iterations), seed))
            for g in [game, *(twin(game, seat, k) for k in range(TWINS))]
        }
        assert len(answers) == 1, (
            f"{bot} at step {game.step} (seed {seed!r}) answered differently for seat {seat} "
            "when what it cannot see changed: it cheats")
