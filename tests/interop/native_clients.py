"""Builds and drives the Go, JVM and C# clients (clients/go, clients/jvm, clients/csharp).

Each client has a player program that plays a JSON list of configurations
to the end over one protocol with the checks of clients/ts/src/playthrough.ts
(step +1 per action with expected_step sent, a tampered state and a stale step
refused with their ErrorInfo reasons, a renewed seat token reading its seat's
view, Replay's digest), asking for text in a locale with display names
(`TEXT_FLAGS`: every Message must then carry text), prints one JSON line per
game, with the text and Message of its first legal action, first public
event, outcome and stale-step refusal, and closes with `N passed, N failed`;
`check_text` holds those texts to the server's own rendering. Builds are
cached under build/clients/, keyed by a hash of their sources, and made once
across xdist workers (a file lock).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path

from tests.conformance.configs import PlayConfig
from tests.interop.messages import check_said
from tests.interop.ts_client import TS_CONFIGS, child_env, one_per_game

ROOT = Path(__file__).resolve().parents[2]
BUILD_ROOT = ROOT / "build" / "clients"
PLAY_TIMEOUT_SECONDS = 280
BUILD_TIMEOUT_SECONDS = 600
CLOSING = re.compile(r"^(\d+) passed, (\d+) failed$")

#: One configuration per game, on a server requiring seat tokens: every game over each protocol.
NATIVE_CONFIGS = one_per_game(TS_CONFIGS)

EXPECTED_REASONS = {"tampered": ("INVALID_ARGUMENT", "TAMPERED_STATE"), "stale": ("ABORTED", "STALE_STEP")}

#: The text the players ask for: German, with display names for two seats (the others are
#: the locale's "Spieler N").
TEXT_LOCALE = "de"
SEAT_NAMES = ("Ann", "Bo")


def release() -> str:
    """The release's version, pyproject.toml's: every client's version must be this one."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert isinstance(version, str)
    return version


def canonical_code(code: str) -> str:
    """gRPC's code name from any client's spelling: InvalidArgument, INVALID_ARGUMENT, invalid_argument."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", "_", code).upper()


def source_key(paths: Iterable[Path], extra: str = "") -> str:
    """A hash of the files' paths and contents (and `extra`: the tool versions)."""
    digest = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def files(root: Path, *suffixes: str) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and p.suffix in suffixes]


def cached_build(name: str, key: str, build: Callable[[Path], None]) -> Path:
    """build/clients/<name>-<key>, made by build(dir) into a fresh directory the first time."""
    BUILD_ROOT.mkdir(parents=True, exist_ok=True)
    out = BUILD_ROOT / f"{name}-{key}"
    with (BUILD_ROOT / f".{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / ".done").exists():
            shutil.rmtree(out, ignore_errors=True)
            for stale in BUILD_ROOT.glob(f"{name}-*"):   # older builds of the same client
                shutil.rmtree(stale, ignore_errors=True)
            out.mkdir()
            build(out)
            (out / ".done").touch()
    return out


def run(args: list[str], *, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = BUILD_TIMEOUT_SECONDS) -> str:
    """Runs a build or program step; its stdout, or a failed assertion with both streams."""
    exe = shutil.which(args[0])
    assert exe is not None, (
        f"{args[0]} is not on PATH: `make system-tools` installs it (deploy/ci-packages.txt)")
    done = subprocess.run([exe, *args[1:]], cwd=cwd, env={**child_env(), **(env or {})},
                          capture_output=True, text=True, timeout=timeout, check=False)
    shown = " ".join(args[:4]) + (" ..." if len(args) > 4 else "")
    assert done.returncode == 0, f"{shown} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def write_configs(configs: list[PlayConfig], path: Path) -> Path:
    path.write_text(json.dumps(
        [{"game": c.game_id, "players": c.num_players, "options": c.options,
          "rules_version": c.rules_version} for c in configs]
    ))
    return path


def play(command: list[str], configs: list[PlayConfig], tmp_path: Path,
         env: dict[str, str] | None = None) -> list[dict[str, object]]:
    """Runs a player over `configs` (its --configs file appended); its reports, in order."""
    listed = write_configs(configs, tmp_path / "configs.json")
    done = subprocess.run([*command, str(listed)], cwd=tmp_path, env={**child_env(), **(env or {})},
                          capture_output=True, text=True, timeout=PLAY_TIMEOUT_SECONDS, check=False)
    lines = done.stdout.splitlines()
    closing = CLOSING.match(lines[-1]) if lines else None
    assert closing is not None, f"no closing line (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
    assert (int(closing[1]), int(closing[2])) == (len(configs), 0), f"{lines[-1]}\n{done.stderr}"
    assert done.returncode == 0, done.stderr
    reports = [json.loads(line) for line in lines[:-1]]
    assert len(reports) == len(configs), done.stdout
    return reports


def check_reports(reports: list[dict[str, object]], configs: list[PlayConfig], protocol: str) -> None:
    """Each game finished with its checks passed, and both refusals carried their reasons."""
    for report, config in zip(reports, configs, strict=True):
        label = f"{config.label()} over {protocol}"
        assert report["protocol"] == protocol, label
        assert (report["game"], report["players"], report["options"]) == (
            config.game_id, config.num_players, config.options), label
        steps = report["steps"]
        assert isinstance(steps, int) and steps > 0, label
        winners = report["winners"]
        assert isinstance(winners, list) and winners, label
        assert all(isinstance(w, int) and 0 <= w < config.num_players for w in winners), label
        assert report["replay_digest_ok"] is True, label
        assert report["view_step_ok"] is True, label
        refusals = report["refusals"]
        assert isinstance(refusals, dict), label
        got = {k: (canonical_code(v["code"]), v["reason"]) for k, v in refusals.items()}
        assert got == EXPECTED_REASONS, label


def doc_snippet(language: str, marker: str) -> str:
    """The first ```<language> block after `marker` in docs/clients.md."""
    doc = (ROOT / "docs" / "clients.md").read_text()
    start = doc.index(marker)
    match = re.compile(rf"```{language}\n(.*?)```", re.DOTALL).search(doc, start)
    assert match is not None, f"no {language} block after {marker!r} in docs/clients.md"
    return match.group(1)


def tool_version(*args: str) -> str:
    """A tool's version line, part of a build's cache key."""
    exe = shutil.which(args[0])
    if exe is None:
        return "absent"
    done = subprocess.run([exe, *args[1:]], capture_output=True, text=True, timeout=60, check=False)
    return (done.stdout + done.stderr).strip()



def check_text(reports: list[dict[str, object]], configs: list[PlayConfig], protocol: str) -> None:
    """Each game showed an action's label, an event, the outcome and the stale step's refusal
    in TEXT_LOCALE: the server's text of each Message, not the English."""
    for report, config in zip(reports, configs, strict=True):
        label = f"{config.label()} over {protocol}"
        text = report.get("text")
        assert isinstance(text, dict), f"{label}: no text in {report}"
        assert text["locale"] == TEXT_LOCALE, label
        steps = report["steps"]
        assert isinstance(steps, int) and text["checked"] > steps, label  # every Message had text
        names = SEAT_NAMES[:config.num_players]
        for shown in ("action", "event", "outcome", "refusal"):
            check_said(text[shown], TEXT_LOCALE, names, f"{label}: {shown}")
        assert text["refusal"]["message"]["id"] == "refusal-stale-step", label
