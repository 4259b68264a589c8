"""docs/http.md says what the server does: its curl session runs as written, and its
status table is connectrpc's."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from connectrpc._protocol import _error_to_http_status  # the table the library answers with

from service.errors import Code
from tests.service.conftest import ServedHttp

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "http.md").read_text()


def _block_after(marker: str) -> str:
    start = DOC.index(marker)
    match = re.compile(r"```sh\n(.*?)```", re.DOTALL).search(DOC, start)
    assert match is not None, f"no sh block after {marker!r}"
    return match.group(1)


def test_the_curl_session_plays_a_game(http_served: ServedHttp, tmp_path: Path) -> None:
    """Exactly the doc's commands, with plain curl and jq, against a loopback server."""
    for tool in ("curl", "jq"):
        assert shutil.which(tool), f"{tool} is needed: apt-get install {tool} (.ci/run does)"
    script = _block_after("<!-- curl session:")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True,
        text=True, timeout=240, env={**os.environ, "MARKETPLAY_HTTP": http_served.base},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "spice-merchant: 2-4 players" in lines
    assert sum('"kind":"register-secret"' in line for line in lines) == 2
    assert any(line.startswith('{"winners":[') for line in lines), done.stdout
    assert lines[-1] == '{"code":"aborted","reason":"STALE_STEP"}'


def test_the_curl_session_comes_before_the_servers_internals() -> None:
    """A newcomer reads the game first (issue 41: it was after the Granian internals)."""
    assert DOC.index("## A game with curl and jq") < DOC.index("## Layers")


def test_the_status_table_is_connects() -> None:
    rows = re.findall(r"^\| ([A-Z_]+) \| `([a-z_]+)` \| (\d+) \|", DOC, re.MULTILINE)
    assert {grpc for grpc, _, _ in rows} == {c.name for c in Code if c is not Code.OK}
    served = {code.value: status.code for code, status in _error_to_http_status.items()}
    assert {connect: int(status) for _, connect, status in rows} == served


def test_the_readme_curl_new_game_lists_legal_actions(http_served: ServedHttp) -> None:
    """The README's first curl call, run as written against a loopback server, answers
    with something to act on: every deciding seat's legal actions (issue 22: the call
    asked for no views, so its decisions listed none)."""
    readme = (ROOT / "README.md").read_text()
    start = readme.index("<!-- README curl:")
    match = re.compile(r"```sh\n(.*?)```", re.DOTALL).search(readme, start)
    assert match is not None
    script = match.group(1).replace("http://127.0.0.1:8080", http_served.base)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    decisions = json.loads(done.stdout)["update"]["decisions"]
    assert decisions and all(d.get("legalActions") for d in decisions), decisions
