"""A Kotlin program (Kotlin 1.3 from Debian) over the JVM client plays a game over Connect binary and gRPC.

The program is docs/clients.md's Kotlin snippet, compiled with kotlinc against
the client's jar and run on the same JVM, against a server requiring seat tokens.
"""

from __future__ import annotations

from pathlib import Path

from tests.interop.jvm_build import JAR_NAME, built, classpath
from tests.interop.native_clients import doc_snippet, run
from tests.interop.ts_client import ServedBoth


def test_the_kotlin_snippet_plays_over_connect_and_grpc(served_both: ServedBoth, tmp_path: Path) -> None:
    jar = built() / JAR_NAME
    source = tmp_path / "MyGame.kt"
    source.write_text(doc_snippet("kotlin", "### Kotlin"))
    program = tmp_path / "mygame.jar"
    run(["kotlinc", str(source), "-cp", classpath(jar), "-include-runtime", "-d", str(program)], cwd=tmp_path)
    out = run(["java", "-cp", classpath(program, jar), "MyGameKt", served_both.http_url,
               served_both.grpc_url.removeprefix("http://")], cwd=tmp_path, timeout=120)
    lines = out.splitlines()
    assert len(lines) == 2, out
    for line, protocol in zip(lines, ["connect", "grpc"], strict=True):
        assert line.startswith(f"{protocol}: STALE_STEP winners=["), out
        assert line.endswith(" renewed=true"), out
