"""The C# client (clients/csharp/Marketplay.Client: Mono's mcs, HttpClient, Newtonsoft.Json) plays every game.

A Mono class library over Connect JSON on HTTP/1.1, not UnityWebRequest or
IL2CPP, and no Google.Protobuf (none is reachable here). Its player plays one
configuration per game against a server requiring seat tokens, asking for
German text: each game shows a legal action's label, an event, the outcome
and a refusal in German (check_text); docs/clients.md's C# snippet is
compiled against the built DLL and plays a game, printing an action's and an
event's German text.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.interop.csharp_build import DLL, NEWTONSOFT, built
from tests.interop.native_clients import (
    NATIVE_CONFIGS,
    SEAT_NAMES,
    TEXT_LOCALE,
    check_reports,
    check_text,
    doc_snippet,
    play,
    run,
)
from tests.interop.ts_client import ServedBoth


@pytest.fixture(scope="module")
def build_dir() -> Path:
    return built()


def test_every_game_over_connect_json(served_both: ServedBoth, build_dir: Path, tmp_path: Path) -> None:
    command = ["mono", str(build_dir / "play.exe"), "--locale", TEXT_LOCALE,
               "--seat-names", ",".join(SEAT_NAMES), served_both.http_url]
    reports = play(command, NATIVE_CONFIGS, tmp_path)
    check_reports(reports, NATIVE_CONFIGS, "connect+json")
    check_text(reports, NATIVE_CONFIGS, "connect+json")


def test_the_doc_snippet_plays_against_the_built_dll(served_both: ServedBoth, build_dir: Path,
                                                      tmp_path: Path) -> None:
    for name in (DLL, NEWTONSOFT.name):                   # the user's copies of the two DLLs
        shutil.copy2(build_dir / name, tmp_path / name)
    (tmp_path / "MyGame.cs").write_text(doc_snippet("csharp", "## C# and Unity"))
    run(["mcs", "-target:exe", "-out:MyGame.exe", f"-r:{DLL}", "-r:System.Net.Http", f"-r:{NEWTONSOFT.name}",
         "MyGame.cs"], cwd=tmp_path)
    out = run(["mono", "MyGame.exe", served_both.http_url], cwd=tmp_path, timeout=120)
    lines = out.splitlines()
    assert lines[0] == "refused: ABORTED STALE_STEP", out
    assert lines[1] == "said: Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut.", out
    assert lines[2].startswith("action: Verdeckt anmelden: "), out      # the label, in German
    assert re.match("event: \u2068(Ann|Bo)\u2069 hat ", lines[3]), out  # a seat by its name
    assert re.match("outcome: \u2068(Ann|Bo)\u2069( und \u2068(Ann|Bo)\u2069)? gewinn", lines[4]), out
    assert lines[5].startswith("winners: "), out
    assert lines[6] == "renewed: True", out
    assert lines[7] == "Marketplay.Client 0.2.0 Apache-2.0", out
