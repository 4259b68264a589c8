"""A Kotlin program (Kotlin 1.3 from Debian) over the JVM client plays a game over Connect binary and gRPC.

The program is docs/clients.md's Kotlin snippet, compiled with kotlinc against
the client's jar and run on the same JVM, against a server requiring seat tokens;
it asks for German text and shows a refusal's, a legal action's and an event's.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.interop.jvm_build import built, classpath, jar_name
from tests.interop.native_clients import cached_build, doc_snippet, run, tool_version
from tests.interop.ts_client import ServedBoth


def test_the_kotlin_snippet_plays_over_connect_and_grpc(served_both: ServedBoth, tmp_path: Path) -> None:
    build_dir = built()
    jar = build_dir / jar_name()
    snippet = doc_snippet("kotlin", "### Kotlin")
    # kotlinc takes half a minute: its output is cached, keyed by the snippet and the jar.
    key = hashlib.sha256(snippet.encode() + jar.read_bytes() + tool_version("kotlinc", "-version").encode())

    def build(out: Path) -> None:
        (out / "MyGame.kt").write_text(snippet)
        run(["kotlinc", "MyGame.kt", "-cp", classpath(build_dir, jar), "-include-runtime",
             "-d", "mygame.jar"], cwd=out)

    program = cached_build("kotlin", key.hexdigest()[:16], build) / "mygame.jar"
    out = run(["java", "-cp", classpath(build_dir, program, jar), "MyGameKt", served_both.http_url,
               served_both.grpc_url.removeprefix("http://")], cwd=tmp_path, timeout=120)
    lines = out.splitlines()
    assert len(lines) == 2, out
    for line, protocol in zip(lines, ["connect", "grpc"], strict=True):
        # The refusal, a label and an event in German, seats by their names (docs/clients.md).
        assert line.startswith(f"{protocol}: STALE_STEP said=Das Spiel ging weiter, bevor dein Zug "
                               "ankam: Sieh nach und wähle erneut. action=Verdeckt anmelden: "), out
        assert re.search(" event=\u2068(Ann|Bo)\u2069 hat .* winners=\\[", line), out
        assert line.endswith(" renewed=true"), out
