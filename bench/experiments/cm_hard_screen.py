"""Screening candidates for Central Market's `hard` against greedy (issue 43);
`--game` screens them in another game (Spice Merchant 4p: docs/history/bots-notebook.md,
"Spice Merchant at 4 and Market Fresh at 4: what did not make `hard` stronger").

    nice -n 15 .venv/bin/python -m bench.experiments.cm_hard_screen --games 36 \\
        --candidate la8 --candidate la8h3 > out/bots/cm-screen.log

Each candidate plays A in the same seeded games ("cand-greedy" and `--seeds`,
/screen by default, so the screen's games are not the ladder's), one game of
each in turn, through bench/bot_games.py's `play` (SuggestAction's code, the
candidate as an `EXPERIMENTS` bot at its own budget). Prints a JSON line per
game and a summary per candidate: A's win rate with its Wilson interval and
A's CPU per decision (median, p95). The winner is then measured by
`bench.bots --pairing hard-medium`, on the ladder's seeds.

    nice -n 10 .venv/bin/python -m bench.experiments.cm_hard_screen --players 5 --games 180 \
        --seeds /s51cm --candidate ties8h3 --final-kg 0.4 > out/bots/cm5-final-kg.log

plays the lookahead with the search's evaluation counting 0.4 VP a kilogram
held for the final round at every player count (docs/history/bots-notebook.md,
"Central Market: the kilograms held for the final round").

    .venv/bin/python -m bench.experiments.cm_hard_screen --ties 4

counts, per decision kind, how often greedy's judgement (8 samples) ties at
the top, in greedy self-play at 3 players: what the lookahead plays on.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
from collections.abc import Callable

import bench.bot_games as games
import bench.bots as bots
from engines import registry
from engines.bots import Budget, GreedyPolicy, IsmctsConfig, IsmctsPolicy, Policy, Stream
from engines.bots.common import plays
from engines.bots.greedy import one_ply
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.central_market import evaluation
from engines.central_market.scoring import round_victory_points
from engines.central_market.state import GAME_OVER, State
from engines.core import Game

#: The candidates by name (LookaheadConfig's `samples` is the budget).
CANDIDATES: dict[str, Policy] = {
    "greedy": GreedyPolicy(),
    "ismcts": IsmctsPolicy(),
    "ismcts-greedy3": IsmctsPolicy(IsmctsConfig(playout="greedy", depth=3)),
    # every move played on (a tie margin of 1), horizon 6
    "all8h6": LookaheadPolicy(LookaheadConfig(samples=8, horizon=6, tie_margin=1.0)),
    # greedy's ties (on 8 or 16 samples) played on for 2 to 12 decisions
    "ties8h2": LookaheadPolicy(LookaheadConfig(samples=8, horizon=2)),
    "ties8h3": LookaheadPolicy(LookaheadConfig(samples=8, horizon=3)),
    "ties8h6": LookaheadPolicy(LookaheadConfig(samples=8, horizon=6)),
    "ties8h12": LookaheadPolicy(LookaheadConfig(samples=8, horizon=12)),
    # 4 determinizations (Spice Merchant's ties are many: 8 cost 200-350 ms at the p95)
    "ties4h2": LookaheadPolicy(LookaheadConfig(samples=4, horizon=2)),
    "ties4h3": LookaheadPolicy(LookaheadConfig(samples=4, horizon=3)),
    "ties32h6": LookaheadPolicy(LookaheadConfig(samples=32, horizon=6)),
    "ties16h6p16": LookaheadPolicy(LookaheadConfig(samples=16, horizon=6, prior_samples=16)),
    # near-ties too: within 0.01 of the top mean
    "near8h6": LookaheadPolicy(LookaheadConfig(samples=8, horizon=6, tie_margin=0.01)),
    # greedy's best 3 or 5 moves played on, tied or not (Spice Merchant at 4, issue 43's
    # fifth pass): the opponents replying as greedy does
    "top3s4h3": LookaheadPolicy(LookaheadConfig(samples=4, horizon=3, top_k=3)),
    "top3s8h3": LookaheadPolicy(LookaheadConfig(samples=8, horizon=3, top_k=3)),
    "top5s4h3": LookaheadPolicy(LookaheadConfig(samples=4, horizon=3, top_k=5)),
    "top5s8h4": LookaheadPolicy(LookaheadConfig(samples=8, horizon=4, top_k=5)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="central-market",
                        help="the game (Spice Merchant's screen of issue 43's third pass too)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=36)
    parser.add_argument("--first", type=int, default=0, help="the first game number")
    parser.add_argument("--candidate", action="append", choices=sorted(CANDIDATES), default=[])
    parser.add_argument("--seeds", default="/screen")
    parser.add_argument("--final-kg", type=float, default=None, metavar="VP",
                        help="the search's victory points per kilogram held for the final round "
                             "at every player count (engines/central_market/evaluation.py's "
                             "FINAL_KG; default: its own)")
    parser.add_argument("--final-rank", type=float, default=None, metavar="SHARE",
                        help="instead of FINAL_KG, SHARE of the victory points the seats' "
                             "kilograms for the final round would earn by their rank")
    parser.add_argument("--ties", type=int, default=0, metavar="GAMES",
                        help="count greedy's ties in this many self-play games instead")
    args = parser.parse_args()
    if args.ties:
        ties(args.ties, args.players)
        return
    if args.final_rank is not None:
        evaluation.held_for_final = _ranked_final(args.final_rank)
    if args.final_kg is not None:
        evaluation.FINAL_KG = dict.fromkeys(evaluation.FINAL_KG, args.final_kg)
    found: dict[str, list[games.GameResult]] = {name: [] for name in args.candidate}
    for number in range(args.first, args.first + args.games):
        for name in args.candidate:
            games.EXPERIMENTS["cand"] = CANDIDATES[name]
            result = games.play(games.Task(args.game, args.players, (), "cand-greedy",
                                           number, seeds=args.seeds))
            found[name].append(result)
            print(json.dumps({"candidate": name, "number": number, "score": result.score,
                              "ahead": result.ahead,
                              "cpu_ms_p95": _p95(result.cpu_times)}), flush=True)
    for name, results in found.items():
        wins = sum(r.score for r in results)
        low, high = bots.wilson(wins, len(results))
        cpu = sorted(t for r in results for t in r.cpu_times)
        print(f"{name:16} {len(results):4} games  A wins {wins / len(results):6.1%} "
              f"({low:.1%}-{high:.1%})  ahead of a B "
              f"{sum(r.ahead for r in results) / len(results):6.1%}  CPU ms median "
              f"{1000 * statistics.median(cpu):.0f} p95 {_p95(cpu):.0f}", flush=True)


def _ranked_final(share: float) -> Callable[[State, float], list[float]]:
    """`held_for_final` valuing the kilograms for the final round by their
    rank among the seats' (`share` of the round's victory points) instead of
    by their size: the final round is scored by rank."""
    def held(state: State, per_kg: float) -> list[float]:
        points = evaluation.estimate(state)
        if state.phase == GAME_OVER or not per_kg:
            return points
        final = state.round == state.final_round
        fade = 1.0 - evaluation.round_progress(state) if final else 1.0
        ranked = round_victory_points(evaluation.kg_for_final(state))
        return [p + fade * share * r for p, r in zip(points, ranked, strict=True)]
    return held


def ties(count: int, players: int) -> None:
    """Per decision kind: decisions with 2+ legal actions, and those where greedy's
    8-sample judgement puts 2+ of them level at the top."""
    engine = registry.ENGINES["central-market"]
    tied: collections.Counter[str] = collections.Counter()
    seen: collections.Counter[str] = collections.Counter()
    for number in range(count):
        game = Game.new(engine, players, {}, f"ties{number}".encode())
        while game.to_act():
            decision = game.to_act()[0]
            seat = decision.seat
            moves = plays(engine).moves(game.state, seat)
            if len(moves) > 1:
                totals, _ = one_ply(game, seat, moves, Budget(8),
                                    Stream(f"{number}/{game.step}".encode()))
                seen[decision.kind] += 1
                tied[decision.kind] += totals.count(max(totals)) > 1
            chosen = GreedyPolicy().choose(game, seat, Budget(8),
                                           Stream(f"x{number}/{game.step}".encode()))
            game, _ = game.apply(seat, chosen.action)
    for kind, decisions in seen.most_common():
        print(f"{kind:18} {decisions:4} decisions  greedy's top tied in {tied[kind]:4}")


def _p95(seconds: list[float]) -> float:
    ordered = sorted(seconds)
    return 1000 * ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0


if __name__ == "__main__":
    main()
