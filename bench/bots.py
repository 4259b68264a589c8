"""Bot tournaments: how strong each bot is, and how fast it answers.

    nice -n 10 .venv/bin/python -m bench.bots --ladder 1 --interleave --progress   # the levels
    nice -n 10 .venv/bin/python -m bench.bots --goal 1 --interleave --progress     # hard-greedy
    nice -n 10 .venv/bin/python -m bench.bots --game spice-merchant --players 2 \\
        --pairing hard-greedy --ismcts-games 100
    nice -n 10 .venv/bin/python -m bench.bots --game spice-merchant --players 2 \\
        --pairing ismcts-greedy --server 127.0.0.1:50051      # the same, through a server
    nice -n 10 .venv/bin/python -m bench.bots --game spice-merchant --players 2 \\
        --pairing hard-greedy --ismcts-games 100 --first-game 100   # its next 100 games

Every seat plays the bot a SuggestAction request names with no budget, by
SuggestAction's own code at a flagless server's settings, or through a server
(bench/bot_games.py): `random`, `greedy`, `ismcts` (the policies) and `easy`,
`medium`, `hard` (the levels, engines/bots/levels.py). A pairing "A-B" seats
one A and fills every other seat with B; A's seat rotates with the game
number, so every seat is played equally often. Games are seeded by their
number (and the pairing), bots by game number and step (`--seeds` appends to
both; `--first-game N` plays games N.. instead of 0.., so a later run adds new
games that `--merge` pools with an earlier run's): a run is reproducible on
any machine as long as no time ends a search (the rows count A's decisions
that time ended: the server's 2 s cap, or `--millis`). A's result per game is
1 for a sole win, 1/k for a win shared by k, 0 otherwise; the table shows its
mean with a 95% Wilson interval and, for comparison, 1/players (what an equal
opponent would score). "A ahead of a B" is the share of B seats that A
finished ahead of (a tie counts half): the head-to-head rate, equal to the win
rate at two players (its interval treats each game's share as one trial's
success, an approximation). Decision times are A's, per decision with more
than one legal action, as wall-clock time and, in process, as the process's
CPU time (what the search costs on a core of its own, whatever else the
machine runs): median, 90th and 95th percentile, with A's iterations per
decision and per CPU second.

Experiments change A's bot only, and their rows are labelled: `--variant`,
`--playout`, `--exploration` and `--depth` give an ISMCTS A another
`IsmctsConfig` (each variant its own rows, on the same seeded games,
submitted game by game in turn so that the machine's load falls on each
alike); `--iterations` and `--millis` are A's max_iterations and max_millis
(a time budget makes the results depend on the machine and its load).

`--ladder SCALE` plays each level against the one below (`LADDER`) at every
game's fewest players (Central Market: 3) and its most, `LADDER_GAMES` x
SCALE games a table; `--goal SCALE` plays issue 43's goal table (`hard`
against `greedy`, GOAL_GAMES x SCALE). The default plan (docs/bots.md) is
sized for a shared 2-core machine: 100 games per table between cheap bots,
16 for pairings with a search at 2 players (Central Market: 3), 8 at the
most players, cheap tables first, so a run cut short keeps the rows wanted
most; with `--json` every finished row survives.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields, replace
from functools import partial

from bench.bot_games import EXPERIMENTS, REQUESTS, GameResult, Override, Task, play
from engines import registry
from engines.bots import Budget, IsmctsConfig, IsmctsPolicy, suggest
from engines.bots.ismcts import Playout
from engines.core import Game, Rng

#: (game, players, options) the tournaments cover: each game at 2 players
#: (Central Market's least is 3) and at its most.
TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("central-market", 3, {}),
    ("central-market", 5, {}),
    ("market-fresh", 2, {}),
    ("market-fresh", 4, {}),
    ("spice-merchant", 2, {}),
    ("spice-merchant", 4, {}),
)
PAIRINGS = ("ismcts-random", "ismcts-greedy", "greedy-random")
#: The bots that search (a pairing with one is played fewer times by default).
SEARCHES = ("ismcts", "hard")
#: Each level against the one below it, the weakest first (`--ladder`).
LADDER = ("easy-random", "medium-easy", "hard-medium")
#: Ladder games per table and rung at SCALE 1 (`--ladder`): (fewest players, most).
LADDER_GAMES: dict[str, tuple[int, int]] = {
    "easy-random": (40, 40), "medium-easy": (100, 60), "hard-medium": (100, 60),
}
#: Issue 43's goal table: hard-greedy games per (game, players) (`--goal`).
GOAL_GAMES: dict[tuple[str, int], int] = {
    ("spice-merchant", 2): 100, ("spice-merchant", 4): 60, ("central-market", 3): 150,
    ("market-fresh", 2): 40, ("market-fresh", 4): 40,
}
PLAYOUTS: tuple[Playout, ...] = ("truncated", "random", "greedy")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Row:
    game_id: str
    players: int
    pairing: str
    games: int
    score: float
    low: float
    high: float
    ahead: float
    ahead_low: float
    ahead_high: float
    decisions: int
    median_ms: float
    p90_ms: float
    p95_ms: float
    cpu_median_ms: float
    cpu_p90_ms: float
    cpu_p95_ms: float
    iterations_per_second: float
    wall_seconds: float
    variant: str = ""  # the ISMCTS playout kind when the run compares several
    iterations_per_decision: float = 0.0
    stopped_by_time: int = 0  # A's decisions that time ended (not reproducible)


def summarize(game_id: str, players: int, pairing: str, results: list[GameResult],
              wall: float, variant: str = "") -> Row:
    score = sum(r.score for r in results)
    low, high = wilson(score, len(results))
    ahead = sum(r.ahead for r in results)
    ahead_low, ahead_high = wilson(ahead, len(results))
    times = sorted(t for r in results for t in r.times)
    cpu = sorted(t for r in results for t in r.cpu_times)
    return Row(
        game_id, players, pairing, len(results), score / len(results), low, high,
        ahead / len(results), ahead_low, ahead_high, len(times), *_percentiles(times),
        *_percentiles(cpu), sum(r.iterations for r in results) / sum(cpu) if cpu else 0.0,
        wall, variant, sum(r.iterations for r in results) / len(times) if times else 0.0,
        sum(r.stopped_by_time for r in results),
    )


def label(row: Row) -> str:
    """The A-B column: `ismcts[random]-greedy` when the run compares variants of A (or
    other seeds: `hard[/b]-greedy`)."""
    if not row.variant:
        return row.pairing
    first, second = row.pairing.split("-")
    return f"{first}[{row.variant}]-{second}"


def _percentiles(seconds: list[float]) -> tuple[float, float, float]:
    """Median, 90th and 95th percentile of sorted durations, in milliseconds."""
    if not seconds:
        return 0.0, 0.0, 0.0
    last = len(seconds) - 1
    return (1000 * statistics.median(seconds), 1000 * seconds[int(0.90 * last)],
            1000 * seconds[int(0.95 * last)])


def markdown(rows: Iterable[Row]) -> str:
    """The tournament table, then A's decision times, one line per row each."""
    rows = list(rows)
    lines = [
        "| game | players | A-B | games | A wins | 95% CI | equal share | A ahead of a B | 95% CI |",
        "|---|---:|---|---:|---:|---|---:|---:|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.game_id} | {r.players} | {label(r)} | {r.games} | {r.score:.1%} | "
            f"{r.low:.1%}-{r.high:.1%} | {1 / r.players:.0%} | {r.ahead:.1%} | "
            f"{r.ahead_low:.1%}-{r.ahead_high:.1%} |"
        )
    lines += [
        "",
        "| game | players | A-B | A decisions | wall ms, median / p90 / p95 "
        "| CPU ms, median / p90 / p95 | A iterations per decision | per CPU second "
        "| stopped by time |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.game_id} | {r.players} | {label(r)} | {r.decisions} | "
            f"{r.median_ms:.0f} / {r.p90_ms:.0f} / {r.p95_ms:.0f} | "
            f"{r.cpu_median_ms:.0f} / {r.cpu_p90_ms:.0f} / {r.cpu_p95_ms:.0f} | "
            f"{r.iterations_per_decision:,.0f} | {r.iterations_per_second:,.0f} | "
            f"{r.stopped_by_time} |"
        )
    return "\n".join(lines)


def _field(config: IsmctsConfig, item: str) -> tuple[str, object]:
    """`key=value` as an IsmctsConfig field and a value of that field's type."""
    key, _, text = item.partition("=")
    # a field whose default is None (the game's own) takes what its annotation names
    kinds = {f.name: (float if "float" in str(f.type) else int) if getattr(config, f.name) is None
             else type(getattr(config, f.name)) for f in fields(config)}
    if key not in kinds:
        raise SystemExit(f"--variant: no IsmctsConfig field {key!r}; fields: {sorted(kinds)}")
    return key, text if kinds[key] is str else kinds[key](text)


#: The speed test's positions: (game, players) and seeded random playouts.
SPEED_TABLES = (("central-market", 3), ("market-fresh", 2), ("spice-merchant", 2))


def playout_positions(game_id: str, players: int, games: int, seed: str = "speed",
                      draws: str = "sp", first: int = 5, per_game: int = 6,
                      choices: int = 2) -> list[Game]:
    """Positions of `games` random playouts (game seeds `seed`0.., move draws
    `draws`0..): from step `first`, about `per_game` a game, each one whose first
    deciding seat has at least `choices` legal actions. The same positions for
    every build, so searches compare."""
    engine = registry.ENGINES[game_id]
    positions: list[Game] = []
    for k in range(games):
        game = Game.new(engine, players, {}, f"{seed}{k}".encode())
        rng = Rng(f"{draws}{k}".encode())
        steps = []
        while game.to_act():
            steps.append(game)
            seat = game.to_act()[0].seat
            legal = engine.legal_actions(game.state, seat)
            game, _ = game.apply(seat, legal[rng.below(len(legal))])
        positions += [g for g in steps[first::max(1, len(steps) // per_game)]
                      if len(engine.legal_actions(g.state, g.to_act()[0].seat)) >= choices]
    return positions


def speed(game_id: str | None, players: int | None, iterations: int) -> int:
    """ISMCTS iterations per CPU second at its default configuration, on every
    sixth position (with a choice) of three seeded random playouts per game:
    the measure for comparing two builds of the search side by side (docs/bots.md)."""
    for gid, count in SPEED_TABLES:
        if (game_id and gid != game_id) or (players and count != players):
            continue
        positions = playout_positions(gid, count, games=3)
        policy, done, cpu = IsmctsPolicy(), 0, time.process_time()
        for game in positions:
            done += suggest(game, game.to_act()[0].seat, policy, Budget(iterations),
                            b"speed").iterations
        cpu = time.process_time() - cpu
        print(json.dumps({"game": gid, "players": count, "positions": len(positions),
                          "iterations": done, "cpu_s": round(cpu, 3),
                          "per_cpu_second": round(done / cpu)}), flush=True)
    return 0


#: One writer at a time on stdout: a --progress line never lands inside a table row.
_PRINTING = threading.Lock()


def _progress(entry: tuple[int, str, int, str, str, list[Task]], number: int,
              future: Future[GameResult]) -> None:
    """One finished game, as a JSON line (`--progress`)."""
    _, game_id, players, pairing, variant, _ = entry
    result = future.result()
    line = json.dumps({"game": game_id, "players": players, "pairing": pairing,
                       "variant": variant, "number": number, "score": result.score,
                       "ahead": result.ahead, "iterations": result.iterations,
                       "times": [round(t, 5) for t in result.times],
                       "cpu_times": [round(t, 5) for t in result.cpu_times],
                       "stopped_by_time": result.stopped_by_time})
    with _PRINTING:  # the pool's result thread runs this beside main()'s table rows
        print(line, flush=True)


def merge(paths: list[str]) -> list[Row]:
    """Rows from `--progress` lines (other lines skipped), one per table and
    variant, games in number order, each game once."""
    games: dict[tuple[str, int, str, str], dict[int, GameResult]] = {}
    for path in paths:
        with open(path) as lines:
            for line in lines:
                if not line.startswith("{"):
                    continue
                # the object only: a log written before _PRINTING may run a table row on
                g, _ = json.JSONDecoder().raw_decode(line)
                if "times" not in g:
                    continue
                key = (g["game"], g["players"], g["pairing"], g["variant"])
                games.setdefault(key, {})[g["number"]] = GameResult(
                    g["score"], g["ahead"], g["times"], g["cpu_times"], g["iterations"],
                    g.get("stopped_by_time", 0))
    ranks = {(g, p): k for k, (g, p, _) in enumerate(TABLES)}
    return [summarize(g, p, pairing, [found[n] for n in sorted(found)], 0.0, variant)
            for (g, p, pairing, variant), found in sorted(
                games.items(), key=lambda item: (ranks[item[0][:2]], item[0][2:]))]


def _pairing(text: str) -> str:
    names = text.split("-")
    known = set(REQUESTS) | set(EXPERIMENTS)
    if len(names) != 2 or not set(names) <= known:
        raise argparse.ArgumentTypeError(f"a pairing is A-B, each one of {sorted(known)}")
    return text


def _count(args: argparse.Namespace, game_id: str, players: int, pairing: str) -> int:
    """Games for one table of the plan."""
    at_max = players == registry.ENGINES[game_id].spec.max_players
    scale = float(args.goal or args.ladder or 0)
    if args.goal:
        return max(1, math.ceil(GOAL_GAMES[game_id, players] * scale))
    if args.ladder:
        return max(1, math.ceil(LADDER_GAMES[pairing][at_max] * scale))
    if set(pairing.split("-")) & set(SEARCHES):
        return int(args.ismcts_games_at_max if at_max else args.ismcts_games)
    return int(args.games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="one game id (default: every table)")
    parser.add_argument("--players", type=int, help="one player count")
    parser.add_argument("--pairing", action="append", type=_pairing,
                        help=f"A-B, repeatable (default: {', '.join(PAIRINGS)})")
    parser.add_argument("--games", type=int, default=100,
                        help="games per table for pairings without a search")
    parser.add_argument("--ismcts-games", type=int, default=16,
                        help="games per 2-player (Central Market: 3) table for pairings with a "
                        "search (ismcts, hard)")
    parser.add_argument("--ismcts-games-at-max", type=int, default=8,
                        help="games per most-players table for pairings with a search")
    parser.add_argument("--first-game", type=int, default=0, metavar="N",
                        help="number the games from N (each table plays games N.. N+count-1): "
                        "a later run adds the next games of the same seeds, and --merge pools "
                        "them with the earlier run's")
    parser.add_argument("--seeds", default="", help="appended to every game and bot seed "
                        "(default: the seeds of docs/bots.md's tables)")
    parser.add_argument("--bot-max-millis", type=int, default=0, metavar="MS",
                        help="in process: as a server started with --bot-max-millis MS "
                        "(default: the flag's default); a loaded machine needs more for no "
                        "search to be cut (the rows count the cut ones)")
    parser.add_argument("--server", default="", metavar="HOST:PORT",
                        help="play through this server's NewGame, SuggestAction and ApplyAction "
                        "(default: in process, by the same code)")
    parser.add_argument("--iterations", type=int, default=0,
                        help="A's max_iterations (default: none, the bot's own budget)")
    parser.add_argument("--millis", type=int, default=0,
                        help="A's max_millis, wall-clock ms (machine-dependent)")
    defaults = IsmctsConfig()
    parser.add_argument("--playout", action="append", choices=PLAYOUTS,
                        help="A's ISMCTS playout kind, repeatable: one set of rows per kind "
                        f"(default: {defaults.playout})")
    parser.add_argument("--depth", type=int, default=defaults.depth,
                        help="A's ISMCTS playout depth (default: each game's own)")
    parser.add_argument("--exploration", type=float, default=defaults.exploration,
                        help="A's ISMCTS UCB1 exploration constant (default: each game's own)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--json", help="also append each row, as it is done, to this file "
                        "(JSON lines)")
    parser.add_argument("--variant", action="append", default=[], metavar="LABEL:KEY=VALUE,...",
                        help="an ISMCTS configuration of A's, its own rows, repeatable: "
                        "IsmctsConfig fields changed from the defaults (after --depth and "
                        "--exploration), e.g. 'shallow:depth=0,root_top_k=8'")
    plan_kind = parser.add_mutually_exclusive_group()
    plan_kind.add_argument("--goal", type=float, metavar="SCALE",
                           help="issue 43's goal table: hard-greedy (unless --pairing says "
                           "otherwise) at GOAL_GAMES games per table times SCALE (1: the full "
                           "100/60/150/40/40)")
    plan_kind.add_argument("--ladder", type=float, metavar="SCALE",
                           help="each level against the one below (LADDER) at every table, "
                           "LADDER_GAMES games times SCALE")
    parser.add_argument("--progress", action="store_true",
                        help="print each game's result as it finishes (a table cut short "
                        "still says how it stood)")
    parser.add_argument("--interleave", action="store_true",
                        help="submit the tables' games in turn rather than table by table "
                        "(with --progress, a run cut short leaves every table its first games)")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="no tournament: the tables from --progress lines in these files "
                        "(a game listed twice counts once)")
    parser.add_argument("--speed", action="store_true",
                        help="no tournament: ismcts iterations per CPU second on fixed positions "
                        "(speed())")
    args = parser.parse_args(argv)
    if args.merge:
        print(markdown(merge(args.merge)))
        return 0
    if args.speed:
        return speed(args.game, args.players, args.iterations or 200)
    base = replace(defaults, exploration=args.exploration, depth=args.depth)
    configs: dict[str, IsmctsConfig | None] = {}
    for kind in args.playout or []:
        configs[kind] = replace(base, playout=kind)
    for spec in args.variant:
        name, _, items = spec.partition(":")
        configs[name] = replace(base, **dict(_field(base, item) for item in items.split(",")
                                             if item))
    shown_variants = bool(configs)
    configs = configs or {"": base if base != defaults else None}
    variants = list(configs)
    default_pairings = LADDER if args.ladder else ["hard-greedy"] if args.goal else PAIRINGS
    # (priority, game, players, pairing, variant, tasks)
    plan: list[tuple[int, str, int, str, str, list[Task]]] = []
    for game_id, players, options in TABLES:
        if (args.game and game_id != args.game) or (args.players and players != args.players):
            continue
        if args.goal and (game_id, players) not in GOAL_GAMES:
            continue
        at_max = players == registry.ENGINES[game_id].spec.max_players
        for pairing in args.pairing or default_pairings:
            searching = bool(set(pairing.split("-")) & set(SEARCHES))
            count = _count(args, game_id, players, pairing)
            # The cheap tables first, then the searches at the fewest players, the most
            # players last: a run cut short loses the least wanted rows.
            priority = 0 if not searching else 2 if at_max else 1
            for kind in variants if searching else [variants[0]]:
                shown: str = (kind if searching and shown_variants else "") + args.seeds
                override = Override(configs[kind] if searching else None, args.iterations,
                                    args.millis)
                tasks = [Task(game_id, players, tuple(sorted(options.items())), pairing, k,
                              override, args.seeds, args.server, args.bot_max_millis)
                         for k in range(args.first_game, args.first_game + count)]
                plan.append((priority, game_id, players, pairing, shown, tasks))
    plan.sort(key=lambda entry: entry[0])  # stable: TABLES order within a priority
    budget = f"A's budget {args.iterations or 'its own'} iterations"
    if args.millis:
        budget += f", {args.millis} ms"
    where = f"through the server at {args.server}" if args.server else "in process"
    if args.bot_max_millis and not args.server:
        where += f" as with --bot-max-millis {args.bot_max_millis}"
    print(f"bots as SuggestAction plays them with no budget, {where}; {budget}; A's ISMCTS "
          f"{'/'.join(v for v in variants if v) or 'as the server plays it'}; "
          f"seeds{' + ' + repr(args.seeds) if args.seeds else ''}; {args.jobs} processes",
          flush=True)
    rows: list[Row] = []
    started = time.perf_counter()
    # Workers spawned, never forked from this process: a process that has started gRPC
    # (a test's server, `--server`'s channel) and then forks can leave the child
    # spinning in gRPC's fork handlers (it did in `make test`, under pytest-xdist). Not a
    # fork server either: it would outlive the run as the caller's child.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        # Everything is submitted at once so that no worker idles between tables; a
        # table's variants game by game in turn, so they share the load alike.
        tables: dict[tuple[str, int, str], int] = {}  # plan order, variants as one table
        # (table, k, v): a table's k-th game (its number is first_game + k)
        order = sorted((tables.setdefault((g, n, pairing), len(tables)), k, v)
                       for v, (_, g, n, pairing, _, tasks) in enumerate(plan)
                       for k in range(len(tasks)))
        if args.interleave:  # tables in turn, each at the same share of its games
            order.sort(key=lambda o: (o[1] / len(plan[o[2]][-1]), o[0], o[2]))
        submitted = {(v, k): pool.submit(play, plan[v][-1][k]) for _, k, v in order}
        if args.progress:
            for (v, k), future in submitted.items():
                future.add_done_callback(partial(_progress, plan[v], plan[v][-1][k].number))
        for v, (_, game_id, players, pairing, variant, tasks) in enumerate(plan):
            results = [submitted[v, k].result() for k in range(len(tasks))]
            row = summarize(game_id, players, pairing, results, time.perf_counter() - started,
                            variant)
            rows.append(row)
            table = markdown([row]).splitlines()
            with _PRINTING:
                print(table[2], table[-1], f"(done at {row.wall_seconds:.0f}s)", sep="\n",
                      flush=True)
            if args.json:
                with open(args.json, "a") as out:
                    out.write(json.dumps(asdict(row)) + "\n")
    print()
    ranks = {(g, p): k for k, (g, p, _) in enumerate(TABLES)}
    pairings = list(dict.fromkeys(r.pairing for r in rows))
    labels = list(dict.fromkeys(entry[4] for entry in plan))  # variants' labels, seeds and all
    rows.sort(key=lambda r: (ranks[r.game_id, r.players], pairings.index(r.pairing),
                             labels.index(r.variant)))
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
