"""The Go client (clients/go, GOPATH mode over Debian's grpc-go) plays every game over gRPC.

marketplay-play (clients/go/src/marketplay/cmd/marketplay-play) plays one
configuration per game against a server requiring seat tokens, on its gRPC
port, asking for German text: each game shows a legal action's label, an
event, the outcome and a refusal in German (check_text); docs/clients.md's
Go snippet builds in a fresh GOPATH holding only a copy of the package (as a
user installs it) and plays a game there, printing the German text of an
action and an event.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.interop.native_clients import (
    NATIVE_CONFIGS,
    ROOT,
    SEAT_NAMES,
    TEXT_LOCALE,
    cached_build,
    check_reports,
    check_text,
    doc_snippet,
    files,
    play,
    run,
    source_key,
    tool_version,
)
from tests.interop.ts_client import ServedBoth

GO_ROOT = ROOT / "clients" / "go"
DEBIAN_GOPATH = "/usr/share/gocode"


def go_env(gopath: Path) -> dict[str, str]:
    """GOPATH mode over Debian's packages: no module proxy, no network."""
    return {"GO111MODULE": "off", "GOPATH": f"{gopath}:{DEBIAN_GOPATH}", "GOFLAGS": "",
            "GOCACHE": str(ROOT / "build" / "gocache"), "GOPROXY": "off", "CGO_ENABLED": "0"}


@pytest.fixture(scope="module")
def player() -> Path:
    key = source_key(files(GO_ROOT, ".go"), tool_version("go", "version"))

    def build(out: Path) -> None:
        unformatted = run(["gofmt", "-l", "src"], cwd=GO_ROOT)
        assert not unformatted, f"not gofmt-formatted:\n{unformatted}"
        run(["go", "vet", "marketplay/..."], cwd=GO_ROOT, env=go_env(GO_ROOT))
        run(["go", "build", "-o", str(out / "marketplay-play"), "marketplay/cmd/marketplay-play"],
            cwd=GO_ROOT, env=go_env(GO_ROOT))

    return cached_build("go", key, build) / "marketplay-play"


def test_every_game_over_grpc(served_both: ServedBoth, player: Path, tmp_path: Path) -> None:
    target = served_both.grpc_url.removeprefix("http://")
    reports = play([str(player), "-target", target, "-locale", TEXT_LOCALE,
                    "-seat-names", ",".join(SEAT_NAMES), "-configs"], NATIVE_CONFIGS, tmp_path)
    check_reports(reports, NATIVE_CONFIGS, "grpc")
    check_text(reports, NATIVE_CONFIGS, "grpc")


def test_the_doc_snippet_builds_against_an_installed_copy(served_both: ServedBoth, tmp_path: Path) -> None:
    """A user's GOPATH: the package copied into src/marketplay, their program beside it."""
    gopath = tmp_path / "gopath"
    shutil.copytree(GO_ROOT / "src" / "marketplay", gopath / "src" / "marketplay",
                    ignore=shutil.ignore_patterns("cmd"))
    program = gopath / "src" / "example.com" / "mygame"
    program.mkdir(parents=True)
    (program / "main.go").write_text(doc_snippet("go", "## Go"))
    run(["go", "build", "-o", str(tmp_path / "mygame"), "example.com/mygame"], cwd=program,
        env=go_env(gopath))
    out = run([str(tmp_path / "mygame")], cwd=tmp_path,
              env={"MARKETPLAY_ADDRESS": served_both.grpc_url.removeprefix("http://")}, timeout=120)
    lines = out.splitlines()
    assert lines[0] == "refused: Aborted STALE_STEP", out
    assert lines[1] == "said: Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut.", out
    assert lines[2].startswith("action: Verdeckt anmelden: "), out      # the label, in German
    assert re.match("event: \u2068(Ann|Bo)\u2069 hat ", lines[3]), out  # a seat by its name
    assert re.match("outcome: \u2068(Ann|Bo)\u2069( und \u2068(Ann|Bo)\u2069)? gewinn", lines[4]), out
    assert lines[5].startswith("winners: ["), out
    assert lines[6] == "renewed: true", out
