"""The TypeScript client renders the service's Messages with the catalogs it carries
(clients/ts/catalogs, clients/ts/src/text.ts) exactly as the server does.

play.js --locale L asks every call for text in L with display names and holds
every Message of a whole game (each decision's prompt, each legal action's
label, each event copy, the outcome, the stale refusal's detail) to its local
rendering of the same id and arguments (playthrough.ts, TextCheck): one game
of each title, in English and German over Connect JSON, and in the
pseudo-locale over gRPC-Web. Each report shows an event's and a legal
action's text, which this test reads.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.interop.ts_client import (
    TS_CONFIGS,
    ServedBoth,
    check_reports,
    one_per_game,
    play,
)

CONFIGS = one_per_game(TS_CONFIGS)
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli"]
ISOLATED = re.compile("\u2068(Ann|Bo|Cy|Dee|Eli)\u2069")


def _text(report: dict[str, object]) -> dict[str, Any]:
    text = report["text"]
    assert isinstance(text, dict), report
    return text


def _played(served: ServedBoth, tmp_path: Path, flags: list[str], locale: str,
            protocol: str) -> list[dict[str, object]]:
    out = tmp_path / locale
    out.mkdir()
    reports = play(served.http_url, [*flags, "--locale", locale, "--seat-names", ",".join(NAMES)],
                   CONFIGS, out)
    check_reports(reports, CONFIGS, protocol)
    for report in reports:
        text = _text(report)
        assert text["locale"] == locale, report
        steps = report["steps"]
        assert isinstance(steps, int)
        compared = text["compared"]
        # A prompt and a label per deciding seat at every step, and the events.
        assert isinstance(compared, int) and compared > 2 * steps, report
        assert text["refusal"]["id"] == "refusal-stale-step", report
        assert text["outcome"]["id"] == "outcome", report
        for shown in ("event", "action", "outcome", "refusal"):
            said = text[shown]["text"]
            assert said and not re.search(r"[{}$]", said), (shown, said)
        assert ISOLATED.search(text["event"]["text"]), text["event"]  # a seat by its name
    return reports


def test_english_and_german_render_locally_as_the_server_does(served_both: ServedBoth,
                                                              tmp_path: Path) -> None:
    flags = ["--protocol", "connect", "--json"]
    english = _played(served_both, tmp_path, flags, "en", "connect+json")
    german = _played(served_both, tmp_path, flags, "de", "connect+json")
    for en, de in zip(english, german, strict=True):
        # The same seeded game: the same Messages, in other words.
        en_text, de_text = _text(en), _text(de)
        for shown in ("event", "action", "outcome", "refusal"):
            assert en_text[shown]["id"] == de_text[shown]["id"], shown
            assert en_text[shown]["text"] != de_text[shown]["text"], (shown, de_text[shown])
        assert "won" in en_text["outcome"]["text"] or "share" in en_text["outcome"]["text"]
        assert "gewinn" in de_text["outcome"]["text"] or "teilen" in de_text["outcome"]["text"]


def test_the_pseudo_locale_over_grpc_web(served_both: ServedBoth, tmp_path: Path) -> None:
    reports = _played(served_both, tmp_path, ["--protocol", "grpc-web"], "en-XA", "grpc-web+binary")
    for report in reports:
        for shown, said in _text(report).items():
            if isinstance(said, dict):
                text = ISOLATED.sub("", said["text"])
                assert text.startswith("[") and text.endswith("]"), (shown, text)
                assert not re.search(r"[A-Za-z]", text), (shown, text)
