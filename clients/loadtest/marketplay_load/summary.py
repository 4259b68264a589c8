"""The one-page summary of a run: summary.json for tools, summary.md for people.

Built from Locust's per-request rows (passed in as plain dicts, so this module
needs no Locust) and the game Tally. Locust's HTML report and CSV files carry
the charts and the full tables; this page answers the questions a capacity
review asks first: how many calls per second, how slow at p50/p90/p99, which
errors with which codes, how many games per second.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from marketplay_load.tally import Tally

GAME_ROWS = "game"  # the request_type of the one-row-per-game entries
BOTS_BUSY = "BOTS_BUSY"  # "SuggestAction BOTS_BUSY" rows: bots busy, the seat played at random
MIN_STEP_SECONDS = 3.0  # shorter steps are spawning in progress, not a level held


def build(rows: list[dict[str, Any]], tally: Tally, seconds: float,
          run: dict[str, Any], steps: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """`rows`: one per Locust stats entry (type, name, requests, failures, p50, p90, p99, max);
    `steps`: one `step()` per user count the run held (a ramp's staircase)."""
    seconds = max(seconds, 1e-9)
    rpcs = [r for r in rows if r["type"] != GAME_ROWS]
    requests = sum(r["requests"] for r in rpcs)
    failures = sum(r["failures"] for r in rpcs)
    completed = tally.endings["completed"]
    suggest = [r for r in rpcs if r["name"] == "SuggestAction"]
    busy = [r for r in rpcs if r["name"] == f"SuggestAction {BOTS_BUSY}"]
    return {
        "run": run,
        "seconds": round(seconds, 1),
        "requests": {"total": requests, "failures": failures, "rps": round(requests / seconds, 1)},
        "rpcs": [{**r, "name": f"{r['type']} {r['name']}", "rps": round(r["requests"] / seconds, 1)}
                 for r in sorted(rpcs, key=lambda r: (r["type"], r["name"]))],
        "games": {
            "started": tally.started,
            "completed": completed,
            "abandoned": tally.endings["abandoned"],
            "interrupted": tally.endings["interrupted"],
            "not_started": tally.endings["not-started"],
            "in_progress": tally.in_progress,
            "per_second": round(completed / seconds, 2),
            "actions_per_game": tally.actions_per_game(),
            "completed_by_kind": dict(sorted(tally.kinds.items())),
            "dropped_arrivals": tally.dropped_arrivals,
        },
        "suggestions": {
            "answered": sum(r["requests"] - r["failures"] for r in suggest),
            # refused BOTS_BUSY, so the seat played at random (docs/bots.md)
            "bots_busy_random": sum(r["requests"] for r in busy),
        },
        "steps": steps or [],
        "errors": dict(tally.errors.most_common()),
        "error_seconds": {str(s): dict(c) for s, c in sorted(tally.error_seconds.items())},
    }


def snapshot(when: float, users: int, requests: int, failures: int,
             apply_times: dict[int, int], server_cpu: float, locust_cpu: float) -> dict[str, Any]:
    """Cumulative counters at one moment; two of them make a `step`."""
    return {"time": when, "users": users, "requests": requests, "failures": failures,
            "apply_times": dict(apply_times), "server_cpu": server_cpu, "locust_cpu": locust_cpu}


def step(start: dict[str, Any], end: dict[str, Any]) -> dict[str, Any]:
    """What happened between two snapshots: rates, ApplyAction percentiles, CPU in cores.

    Percentiles come from the difference of Locust's cumulative response-time
    buckets, so each step's are its own, not the run's.
    """
    seconds = max(end["time"] - start["time"], 1e-9)
    buckets = sorted((ms, n - start["apply_times"].get(ms, 0))
                     for ms, n in end["apply_times"].items())
    total = sum(n for _, n in buckets)

    def percentile(p: float) -> float:
        rank, seen = p * total, 0
        for ms, n in buckets:
            seen += n
            if n and seen >= rank:
                return float(ms)
        return 0.0

    return {
        "users": start["users"], "seconds": round(seconds, 1),
        "rps": round((end["requests"] - start["requests"]) / seconds, 1),
        "failures": end["failures"] - start["failures"],
        "apply_p50": percentile(0.5), "apply_p90": percentile(0.9), "apply_p99": percentile(0.99),
        "server_cores": round((end["server_cpu"] - start["server_cpu"]) / seconds, 2),
        # CPU per call: what one fully busy core would serve is 1000 / this, however
        # much CPU a busy machine left the server during the step
        "server_cpu_ms_per_request": round((end["server_cpu"] - start["server_cpu"]) * 1000
                                           / max(end["requests"] - start["requests"], 1), 3),
        "locust_cores": round((end["locust_cpu"] - start["locust_cpu"]) / seconds, 2),
    }


def markdown(summary: dict[str, Any]) -> str:
    run, games, req = summary["run"], summary["games"], summary["requests"]
    shares = run.get("protocols") or {"grpc": 1}
    target = f"`{run.get('target', '?')}`"
    if run.get("http_target"):
        target = f"{target} (gRPC) and `{run['http_target']}` (HTTP)"
    lines = [
        "# marketplay load test",
        "",
        f"Target {target}, protocols " + ", ".join(f"{p} {n}" for p, n in shares.items())
        + f" (user shares), traffic `{run.get('traffic', '?')}`, {summary['seconds']} s, "
        f"chooser `{run.get('chooser', '?')}`, mix `{run.get('mix', '?')}`.",
        "",
        f"**{req['rps']} requests/s** ({req['total']} requests, {req['failures']} failed); "
        f"**{games['per_second']} games/s** completed.",
        "",
        "| RPC | requests | failed | req/s | p50 ms | p90 ms | p99 ms | max ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in summary["rpcs"]:
        lines.append(f"| {r['name']} | {r['requests']} | {r['failures']} | {r['rps']} | "
                     f"{r['p50']:.0f} | {r['p90']:.0f} | {r['p99']:.0f} | {r['max']:.0f} |")
    apg = games["actions_per_game"]
    lines += [
        "",
        "## Games",
        "",
        f"started {games['started']}, completed {games['completed']}, abandoned after a failure "
        f"{games['abandoned']}, in progress when the run stopped {games['interrupted']}, "
        f"NewGame failed {games['not_started']}"
        + (f", arrivals dropped (too many games in flight) {games['dropped_arrivals']}"
           if games["dropped_arrivals"] else "") + ".",
        "",
        ("actions per completed game: " + ", ".join(f"{k} {v:g}" for k, v in apg.items()))
        if apg else "no game completed.",
    ]
    if games["completed_by_kind"]:
        lines += ["", "| game | completed |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in games["completed_by_kind"].items()]
    bots = summary.get("suggestions", {})
    if bots.get("answered") or bots.get("bots_busy_random"):
        lines += ["", f"SuggestAction answered {bots['answered']} moves; "
                  f"{bots['bots_busy_random']} were refused {BOTS_BUSY} and played at random."]
    held = [s for s in summary["steps"] if s["seconds"] >= MIN_STEP_SECONDS]
    if len(held) > 1:
        lines += ["", f"## Steps (user counts held {MIN_STEP_SECONDS:g} s or more)", "",
                  "| users | s | req/s | failed | ApplyAction p50 / p90 / p99 ms | server cores "
                  "| server CPU ms/req | locust cores |", "|---:|---:|---:|---:|---|---:|---:|---:|"]
        lines += [f"| {s['users']} | {s['seconds']:g} | {s['rps']} | {s['failures']} | "
                  f"{s['apply_p50']:g} / {s['apply_p90']:g} / {s['apply_p99']:g} | "
                  f"{s['server_cores']} | {s['server_cpu_ms_per_request']} | {s['locust_cores']} |"
                  for s in held]
    lines += ["", "## Errors by code", ""]
    if summary["errors"]:
        lines += ["| code (ErrorInfo reason) | count |", "|---|---:|"]
        lines += [f"| {label} | {count} |" for label, count in summary["errors"].items()]
    else:
        lines.append("none.")
    cpu = run.get("cpu")
    if cpu:
        lines += ["", "## CPU", "", ", ".join(f"{k} {v}" for k, v in cpu.items())]
    return "\n".join(lines) + "\n"


def write(summary: dict[str, Any], prefix: str | Path) -> tuple[Path, Path]:
    """`<prefix>.json` and `<prefix>.md`."""
    prefix = Path(prefix)
    prefix.parent.mkdir(parents=True, exist_ok=True)
    as_json, as_md = prefix.with_suffix(".json"), prefix.with_suffix(".md")
    as_json.write_text(json.dumps(summary, indent=2) + "\n")
    as_md.write_text(markdown(summary))
    return as_json, as_md
