"""A Central Market evaluation fitted to self-play, against the hand-written one.

Greedy (8 samples) plays itself; at every decision point each seat's features
are taken from the true state, with the target its final victory points minus
its victory points now (and whether it won). A least-squares fit per player
count then predicts that gain; both it and the current estimate's gain
(`estimate(state)[seat] - state.vp[seat]`, engines/central_market/evaluation.py)
are scored on a held-out fifth of the games (game number % 5 == 0).

    nice -n 10 .venv/bin/python -m bench.experiments.cm_fit collect --players 3 --games 600 \\
        --epsilon 0.1 --minutes 8            # -> out/cmfit/positions-3.jsonl
    nice -n 10 .venv/bin/python -m bench.experiments.cm_fit fit --players 3 4 5 \\
        [--by-phase]                         # -> out/cmfit/coefficients.json, tables on stdout
    nice -n 10 .venv/bin/python -m bench.experiments.cm_fit ablate --players 3 4 5

`collect` appends one JSON line per decision point (every seat's features, the
current estimate's gain, VP now, final VP, winners) once the game is over, so
a run stopped by `--minutes` keeps every finished game; games already in the
file are skipped, so a second run adds to the first.
"""

from __future__ import annotations

import argparse
import json
import math
import operator
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines import registry
from engines.bots import GREEDY_SAMPLES, Budget, GreedyPolicy, suggest
from engines.bots.common import points_values
from engines.central_market.data import CHEAT, ROT, TOURISTS, kg_of, product_of, unused_count
from engines.central_market.evaluation import SPREAD, _promise, estimate, round_progress
from engines.central_market.rounds import offerable_products
from engines.central_market.scoring import round_victory_points
from engines.central_market.state import SET_ASIDE, State
from engines.core import Game, Rng

OUT = Path(__file__).resolve().parents[2] / "out" / "cmfit"
GAME_ID = "central-market"

#: Feature names, in the order `features` returns them (the constant first).
FEATURES: tuple[str, ...] = (
    "bias",             # 1
    "rounds_left",      # rounds after this one
    "final",            # 1 in the final round (played with the set-aside cards)
    "settled",          # round_progress (with the promised sales' limits)
    "ranked_vp",        # round_victory_points(promised income)[seat]
    "settled_ranked",   # settled * ranked_vp (the heuristic's late term)
    "income",           # promised income
    "open_income",      # (1 - settled) * promised income (the heuristic's early term)
    "income_lead",      # promised income minus the best opponent's
    "player_left",      # kg left of the player limit this round
    "hand_kg",          # kg in hand
    "hand_cards",       # cards in hand
    "products_held",    # distinct products in hand
    "max_product_kg",   # kg of the product held most of
    "offerable",        # products the seat may still offer this round
    "aside_kg",         # kg set aside for the final round (a pending choice included)
    "aside_cards",      # cards set aside
    "unused_actions",   # unused action cards
    "cheat",            # Cheat unused
    "tourists",         # Tourists unused
    "rot",              # Rot unused
    "order",            # seats after the starting player (0: starts)
    "vp_behind",        # the leader's VP minus the seat's
)


def features(state: State, income: Sequence[int], settled: float, seat: int) -> list[float]:
    """One seat's feature vector; `income` and `settled` are the promised
    income and round progress, shared by every seat of the position."""
    n = state.num_players
    ranked = round_victory_points(income)[seat]
    mine = income[seat]
    best_other = max(income[o] for o in range(n) if o != seat)
    hand = state.hands[seat]
    per_product: dict[int, int] = {}
    for card in hand:
        per_product[product_of(card)] = per_product.get(product_of(card), 0) + kg_of(card)
    aside = list(state.set_aside[seat])
    if state.phase == SET_ASIDE and state.set_aside_choice[seat] >= 0:
        aside.append(state.set_aside_choice[seat])
    mask = state.action_cards[seat]
    return [
        1.0,
        float(state.final_round - state.round),
        float(state.round == state.final_round),
        settled,
        float(ranked),
        settled * ranked,
        float(mine),
        (1.0 - settled) * mine,
        float(mine - best_other),
        float(state.player_left[seat]),
        float(sum(per_product.values())),
        float(len(hand)),
        float(len(per_product)),
        float(max(per_product.values(), default=0)),
        float(len(offerable_products(state, seat))),
        float(sum(kg_of(c) for c in aside)),
        float(len(aside)),
        float(unused_count(mask)),
        float(bool(mask & CHEAT)),
        float(bool(mask & TOURISTS)),
        float(bool(mask & ROT)),
        float((seat - state.starting_player) % n),
        float(max(state.vp) - state.vp[seat]),
    ]


def position(state: State) -> dict[str, Any]:
    """Every seat's features and the current estimate's gain at one state."""
    income, limit = _promise(state)
    settled = round_progress(state, limit)
    now = estimate(state)
    n = state.num_players
    return {
        "round": state.round,
        "phase": state.phase,
        "vp": list(state.vp),
        "unused": [unused_count(m) for m in state.action_cards],
        "heur": [round(now[s] - state.vp[s], 6) for s in range(n)],
        "x": [[round(v, 6) for v in features(state, income, settled, s)] for s in range(n)],
    }


# ------------------------------------------------------------------ collect


def play_one(players: int, number: int, samples: int, epsilon: float) -> list[dict[str, Any]]:
    """One seeded greedy self-play game, as bench/bots.py's `play` seeds it
    (the game by its label, each decision by number/step/seat); with
    probability `epsilon` a decision is a uniformly random legal action
    instead (drawn from a stream seeded by number/step)."""
    engine = registry.get(GAME_ID)
    assert engine is not None
    policy = GreedyPolicy()
    label = f"{GAME_ID}/{players}/cmfit/{number}"
    game = Game.new(engine, players, {}, label.encode()[:64])
    rows: list[dict[str, Any]] = []
    while True:
        deciders = game.to_act()
        if not deciders:
            break
        rows.append({"step": game.step, **position(game.state)})
        seat = deciders[0].seat
        coin = Rng(f"eps/{number}/{game.step}".encode())
        legal = engine.legal_actions(game.state, seat)
        if epsilon and coin.below(1_000_000) < epsilon * 1_000_000:
            action = legal[coin.below(len(legal))]
        else:
            seed = f"{number}/{game.step}/{seat}".encode()
            action = suggest(game, seat, policy, Budget(samples), seed).action
        game, _ = game.apply(seat, action)
    outcome = game.outcome()
    assert outcome is not None
    final_vp = list(game.state.vp)
    winners = sorted(outcome.winners)
    for row in rows:
        row.update(game=number, final_vp=final_vp, winners=winners)
    return rows


def collect(players: int, games: int, samples: int, epsilon: float, minutes: float,
            path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    done: set[int] = set()
    if path.exists():
        with path.open() as lines:
            done = {json.loads(line)["game"] for line in lines if line.strip()}
    started = time.monotonic()
    played = positions = 0
    with path.open("a") as out:
        for number in range(games):
            if number in done:
                continue
            if time.monotonic() - started > minutes * 60:
                print(f"time cap of {minutes} min reached", flush=True)
                break
            t = time.monotonic()
            rows = play_one(players, number, samples, epsilon)
            out.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
            out.flush()
            played += 1
            positions += len(rows)
            print(f"game {number}: {len(rows)} positions, {time.monotonic() - t:.1f}s", flush=True)
    print(json.dumps({"players": players, "games_played": played, "positions": positions,
                      "games_in_file": len(done) + played, "seconds":
                      round(time.monotonic() - started, 1), "file": str(path)}), flush=True)
    return 0


# ------------------------------------------------------------------ least squares


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            raise ValueError("singular system")
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def least_squares(xs: list[list[float]], ys: list[float], ridge: float = 1e-4) -> list[float]:
    """Coefficients (in the features' own units) of y ~ x, column 0 the
    constant: the other columns standardized, a tiny ridge on them (so
    collinear or constant columns stay solvable), the normal equations solved."""
    k, n = len(xs[0]), len(xs)
    cols = [[x[j] for x in xs] for j in range(k)]
    mean = [math.fsum(col) / n for col in cols]
    sd = [math.sqrt(max(0.0, math.fsum(map(operator.mul, col, col)) / n - m * m)) or 1.0
          for col, m in zip(cols, mean, strict=True)]
    mean[0], sd[0] = 0.0, 1.0
    z = [[(v - mean[j]) / sd[j] for v in cols[j]] for j in range(k)]
    ata = [[0.0] * k for _ in range(k)]
    atb = [math.fsum(map(operator.mul, z[i], ys)) for i in range(k)]
    for i in range(k):
        for j in range(i, k):
            ata[i][j] = ata[j][i] = math.fsum(map(operator.mul, z[i], z[j]))
        if i:
            ata[i][i] += ridge * n
    w = solve(ata, atb)
    coef = [w[j] / sd[j] for j in range(k)]
    coef[0] = w[0] - sum(coef[j] * mean[j] for j in range(1, k))
    return coef


def dot(c: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(c, x, strict=True))


def r2_mae(pred: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    mean = sum(y) / len(y)
    ss_res = sum((p - t) ** 2 for p, t in zip(pred, y, strict=True))
    ss_tot = sum((t - mean) ** 2 for t in y)
    return 1.0 - ss_res / ss_tot, sum(abs(p - t) for p, t in zip(pred, y, strict=True)) / len(y)


# ------------------------------------------------------------------ fit


def load(path: Path) -> list[dict[str, Any]]:
    with path.open() as lines:
        return [json.loads(line) for line in lines if line.strip()]


def group_of(row: dict[str, Any], by_phase: bool) -> str:
    return ("set-aside" if row["phase"] == SET_ASIDE else "selling") if by_phase else "all"


def winner_credit(scores: Sequence[float], winners: Sequence[int]) -> float:
    """Share of the seats tied for the highest score that are winners."""
    top = max(scores)
    best = [s for s, v in enumerate(scores) if v >= top - 1e-9]
    return sum(1 for s in best if s in winners) / len(best)


def paired_bootstrap(new: dict[int, list[float]], old: dict[int, list[float]],
                     draws: int = 2000) -> dict[str, list[float]]:
    """95% intervals (resampling held-out games) of new minus old: winner
    hit rate and within-position MAE, each pooled over the drawn games' positions."""
    rng = random.Random(12345)
    games = sorted(new)
    hits, maes = [], []
    for _ in range(draws):
        pick = [games[rng.randrange(len(games))] for _ in games]
        diff = []
        for a, b in ((0, 1), (2, 3)):
            diff.append(sum(new[g][a] for g in pick) / sum(new[g][b] for g in pick)
                        - sum(old[g][a] for g in pick) / sum(old[g][b] for g in pick))
        hits.append(diff[0])
        maes.append(diff[1])
    def interval(values: list[float]) -> list[float]:
        values.sort()
        return [values[int(0.025 * draws)], values[int(0.975 * draws) - 1]]
    return {"winner_diff": interval(hits), "mae_within_diff": interval(maes)}


def evaluate(players: int, rows: list[dict[str, Any]], by_phase: bool) -> dict[str, Any]:
    """Fit on the training games, score on the held-out ones."""
    train = [r for r in rows if r["game"] % 5]
    test = [r for r in rows if not r["game"] % 5]
    groups = sorted({group_of(r, by_phase) for r in rows})
    k = len(FEATURES)
    models: dict[str, dict[str, list[float]]] = {}
    for g in groups:
        tr = [r for r in train if group_of(r, by_phase) == g]
        xs = [r["x"][s] for r in tr for s in range(players)]
        ys = [float(r["final_vp"][s] - r["vp"][s]) for r in tr for s in range(players)]
        hs = [[1.0, r["heur"][s]] for r in tr for s in range(players)]
        hr = [[1.0, r["heur"][s], r["x"][s][1]] for r in tr for s in range(players)]
        models[g] = {"fitted": least_squares(xs, ys), "heur_scaled": least_squares(hs, ys),
                     "heur_rounds": least_squares(hr, ys)}

    def predict(kind: str, r: dict[str, Any], s: int) -> float:
        h = float(r["heur"][s])
        if kind == "heur_raw":
            return h
        c = models[group_of(r, by_phase)][kind]
        if kind == "fitted":
            return dot(c, r["x"][s])
        if kind == "heur_scaled":
            return c[0] + c[1] * h
        if kind == "heur_rounds":
            return c[0] + c[1] * h + c[2] * float(r["x"][s][1])
        raise ValueError(kind)

    kinds = ("heur_raw", "heur_scaled", "heur_rounds", "fitted")
    y = [float(r["final_vp"][s] - r["vp"][s]) for r in test for s in range(players)]
    # within-position: gains and predictions less their table means (what a bot compares)
    def centred(values: list[float]) -> list[float]:
        out = []
        for i in range(0, len(values), players):
            chunk = values[i:i + players]
            m = sum(chunk) / players
            out += [v - m for v in chunk]
        return out

    yc = centred(y)
    metrics: dict[str, Any] = {}
    rounds = sorted({r["round"] for r in test})
    # per held-out game: [winner credits, positions, |within error| sum, seat rows]
    tally: dict[str, dict[int, list[float]]] = {}
    for kind in kinds:
        pred = [predict(kind, r, s) for r in test for s in range(players)]
        r2, mae = r2_mae(pred, y)
        pc = centred(pred)
        r2c, maec = r2_mae(pc, yc)
        per_game = tally[kind] = {}
        for i, r in enumerate(test):
            t = per_game.setdefault(r["game"], [0.0, 0.0, 0.0, 0.0])
            t[2] += sum(abs(pc[j] - yc[j]) for j in range(i * players, (i + 1) * players))
            t[3] += players
        by_round: dict[int, list[float]] = {t: [] for t in rounds}
        brier: list[float] = []
        for r in test:
            scores = [r["vp"][s] + predict(kind, r, s) for s in range(players)]
            credit = winner_credit(scores, r["winners"])
            by_round[r["round"]].append(credit)
            per_game[r["game"]][0] += credit
            per_game[r["game"]][1] += 1
            chance = points_values(scores, SPREAD)
            share = [1.0 / len(r["winners"]) if s in r["winners"] else 0.0 for s in range(players)]
            brier += [(c - w) ** 2 for c, w in zip(chance, share, strict=True)]
        overall = [v for t in rounds for v in by_round[t]]
        metrics[kind] = {
            "r2": r2, "mae": mae, "r2_within": r2c, "mae_within": maec,
            "winner": sum(overall) / len(overall),
            "winner_by_round": {t: sum(v) / len(v) for t, v in by_round.items()},
            "brier_spread3": sum(brier) / len(brier),
        }
    # baselines: the VP leader now (ties shared), and a coin among the seats
    by_round_vp: dict[int, list[float]] = {t: [] for t in rounds}
    for r in test:
        keys = [r["vp"][s] + 0.001 * r["unused"][s] for s in range(players)]
        by_round_vp[r["round"]].append(winner_credit(keys, r["winners"]))
    overall_vp = [v for t in rounds for v in by_round_vp[t]]
    metrics["vp_now"] = {"winner": sum(overall_vp) / len(overall_vp),
                         "winner_by_round": {t: sum(v) / len(v) for t, v in by_round_vp.items()}}
    metrics["bootstrap"] = {base: paired_bootstrap(tally["fitted"], tally[base])
                            for base in ("heur_raw", "heur_scaled", "heur_rounds")}
    games = sorted({r["game"] for r in rows})
    return {
        "players": players,
        "games": len(games),
        "test_games": len({r["game"] for r in test}),
        "positions": len(rows),
        "test_positions": len(test),
        "groups": {g: {"fitted": dict(zip(FEATURES, m["fitted"], strict=True)),
                       "heur_scaled": dict(zip(("bias", "heur"), m["heur_scaled"], strict=True)),
                       "heur_rounds": dict(zip(("bias", "heur", "rounds_left"), m["heur_rounds"],
                                               strict=True))}
                   for g, m in models.items()},
        "metrics": metrics,
        "features": k,
    }


#: Ablation variants: each a list of columns, feature names or "heur" (the
#: current estimate's gain). "-group" variants are every feature but those.
GROUPS: dict[str, tuple[str, ...]] = {
    "round rank": ("settled", "ranked_vp", "settled_ranked"),
    "income": ("income", "open_income", "income_lead"),
    "hand": ("player_left", "hand_kg", "hand_cards", "products_held", "max_product_kg", "offerable"),
    "set-aside": ("aside_kg", "aside_cards"),
    "action cards": ("unused_actions", "cheat", "tourists", "rot"),
    "order": ("order",),
    "vp_behind": ("vp_behind",),
}


def variants() -> dict[str, list[str]]:
    base = ["bias", "rounds_left", "final"]
    out = {"all features": list(FEATURES), "heur + rounds": [*base, "heur"],
           "heur + rounds + order": [*base, "heur", "order"]}
    for name, group in GROUPS.items():
        out[f"all but {name}"] = [f for f in FEATURES if f not in group]
        out[f"only {name}"] = [*base, *group]
    return out


def ablate(players: int, rows: list[dict[str, Any]]) -> str:
    """Held-out within-position R^2 and winner hit of a fit on each variant's columns."""
    train = [r for r in rows if r["game"] % 5]
    test = [r for r in rows if not r["game"] % 5]
    index = {name: j for j, name in enumerate(FEATURES)}

    def cols(r: dict[str, Any], s: int, names: list[str]) -> list[float]:
        return [float(r["heur"][s]) if n == "heur" else float(r["x"][s][index[n]]) for n in names]

    lines = [f"### {players} players: ablation (held out: {len(test)} positions)", "",
             "| columns | R^2 within position | MAE within | winner hit |", "|---|---:|---:|---:|"]
    for name, names in variants().items():
        coef = least_squares([cols(r, s, names) for r in train for s in range(players)],
                             [float(r["final_vp"][s] - r["vp"][s]) for r in train
                              for s in range(players)])
        pc: list[float] = []
        yc: list[float] = []
        hits = 0.0
        for r in test:
            pred = [dot(coef, cols(r, s, names)) for s in range(players)]
            gain = [r["final_vp"][s] - r["vp"][s] for s in range(players)]
            mp, mg = sum(pred) / players, sum(gain) / players
            pc += [p - mp for p in pred]
            yc += [g - mg for g in gain]
            hits += winner_credit([r["vp"][s] + pred[s] for s in range(players)], r["winners"])
        r2c, maec = r2_mae(pc, yc)
        lines.append(f"| {name} | {r2c:.3f} | {maec:.3f} | {hits / len(test):.1%} |")
    return "\n".join(lines)


def table(result: dict[str, Any]) -> str:
    m = result["metrics"]
    lines = [
        f"### {result['players']} players: {result['games']} games ({result['test_games']} held out), "
        f"{result['positions']} positions ({result['test_positions']} held out)",
        "",
        "| model | R^2 | MAE | R^2 within position | MAE within | winner hit | Brier (spread 3) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    names = {"heur_raw": "current estimate, as is", "heur_scaled": "current, a + b*h",
             "heur_rounds": "current, a + b*h + c*rounds_left", "fitted": "fitted"}
    for kind, name in names.items():
        x = m[kind]
        lines.append(f"| {name} | {x['r2']:.3f} | {x['mae']:.2f} | {x['r2_within']:.3f} | "
                     f"{x['mae_within']:.2f} | {x['winner']:.1%} | {x['brier_spread3']:.4f} |")
    lines.append(f"| VP now (leader; ties shared) | | | | | {m['vp_now']['winner']:.1%} | |")
    lines.append("")
    for base, ci in m["bootstrap"].items():
        lines.append(f"fitted minus {names[base]}, 95% bootstrap over held-out games: winner hit "
                     f"{ci['winner_diff'][0]:+.1%} .. {ci['winner_diff'][1]:+.1%}, MAE within "
                     f"{ci['mae_within_diff'][0]:+.3f} .. {ci['mae_within_diff'][1]:+.3f}")
    rounds = list(m["fitted"]["winner_by_round"])
    lines += ["", "| winner hit by round | " + " | ".join(str(t) for t in rounds) + " |",
              "|---|" + "---:|" * len(rounds)]
    for kind, name in (*names.items(), ("vp_now", "VP now (leader)")):
        byr = m[kind]["winner_by_round"]
        lines.append(f"| {name} | " + " | ".join(f"{byr[t]:.1%}" for t in rounds) + " |")
    return "\n".join(lines)


def fit(players_list: list[int], by_phase: bool, out: Path) -> int:
    results = []
    for players in players_list:
        path = OUT / f"positions-{players}.jsonl"
        if not path.exists():
            print(f"no {path}; skipped")
            continue
        result = evaluate(players, load(path), by_phase)
        results.append(result)
        print(table(result), "\n", flush=True)
        for g, models in result["groups"].items():
            print(f"{players} players, {g}: " + ", ".join(
                f"{name} {c:+.3f}" for name, c in models["fitted"].items()), flush=True)
            for kind in ("heur_scaled", "heur_rounds"):
                print(f"{players} players, {g}, {kind}: " + ", ".join(
                    f"{name} {c:+.3f}" for name, c in models[kind].items()), flush=True)
            print(flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"features": FEATURES, "by_phase": by_phase, "results": results},
                              indent=1) + "\n")
    print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="greedy self-play positions")
    c.add_argument("--players", type=int, choices=(3, 4, 5), required=True)
    c.add_argument("--games", type=int, default=300)
    c.add_argument("--samples", type=int, default=GREEDY_SAMPLES)
    c.add_argument("--epsilon", type=float, default=0.0,
                   help="share of decisions made uniformly at random (seeded)")
    c.add_argument("--minutes", type=float, default=8.0, help="stop starting games after this")
    c.add_argument("--out", type=Path, help="default out/cmfit/positions-<players>.jsonl")
    a = sub.add_parser("ablate", help="held-out scores of fits on feature subsets")
    a.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    f = sub.add_parser("fit", help="least squares, held-out scores, coefficients")
    f.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    f.add_argument("--by-phase", action="store_true", help="one model for selling, one for set-aside")
    f.add_argument("--out", type=Path, help="default out/cmfit/coefficients[-by-phase].json")
    args = parser.parse_args(argv)
    if args.command == "collect":
        path = args.out or OUT / f"positions-{args.players}.jsonl"
        return collect(args.players, args.games, args.samples, args.epsilon, args.minutes, path)
    if args.command == "ablate":
        for players in args.players:
            print(ablate(players, load(OUT / f"positions-{players}.jsonl")), "\n", flush=True)
        return 0
    out = args.out or OUT / f"coefficients{'-by-phase' if args.by_phase else ''}.json"
    return fit(args.players, args.by_phase, out)


if __name__ == "__main__":
    raise SystemExit(main())
