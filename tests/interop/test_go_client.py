"""The Go module (clients/go, over Debian's grpc-go) passes go vet and go test and plays every game over gRPC.

The module is built as a module, offline: a copy of clients/go gets a vendor
directory of Debian's sources (tests/interop/go_module.py; the test's copy
only), and `go vet ./...`, `go test ./...` (the client package's unit tests)
and `go build` run with -mod=vendor and no proxy. marketplay-play
(clients/go/cmd/marketplay-play) plays one configuration per game against a
server requiring seat tokens, on its gRPC port, asking for German text: each
game shows a legal action's label, an event, the outcome and a refusal in
German (check_text). docs/clients.md's Go snippet is a user's module that
requires this one at the release's version (a replace directive points it
at a copy, where `go get` would fetch the tag), and plays a game.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.interop.go_module import GO_ROOT, GoMod, go_env, vendor
from tests.interop.native_clients import (
    NATIVE_CONFIGS,
    SEAT_NAMES,
    TEXT_LOCALE,
    cached_build,
    check_reports,
    check_text,
    doc_snippet,
    files,
    play,
    release,
    run,
    source_key,
    tool_version,
)
from tests.interop.ts_client import ServedBoth

MODULE = GoMod.read(GO_ROOT / "go.mod").module


@pytest.fixture(scope="module")
def built() -> Path:
    """build/clients/go-<key>/: the vendored copy (module/), its vet and test output, the player."""
    sources = [*files(GO_ROOT, ".go", ".mod")]
    key = source_key(sources, tool_version("go", "version") + tool_version("dpkg-query", "-W", "golang-*"))

    def build(out: Path) -> None:
        module = out / "module"
        shutil.copytree(GO_ROOT, module)
        unformatted = run(["gofmt", "-l", "."], cwd=module)
        assert not unformatted, f"not gofmt-formatted:\n{unformatted}"
        vendor(module, out)
        env = go_env(out / "gopath", modules=True)
        (out / "vet.txt").write_text(run(["go", "vet", "./..."], cwd=module, env=env))
        (out / "test.txt").write_text(run(["go", "test", "-count=1", "./..."], cwd=module, env=env))
        run(["go", "build", "-o", str(out / "marketplay-play"), "./cmd/marketplay-play"], cwd=module, env=env)

    return cached_build("go", key, build)


def test_the_module_is_at_its_documented_path_and_requires_debians_versions() -> None:
    mod = GoMod.read(GO_ROOT / "go.mod")
    assert mod.module == "github.com/example/marketplay/clients/go"
    assert mod.require == {"google.golang.org/genproto": "v0.0.0-20200526211855-cb27e3aa2013",
                           "google.golang.org/grpc": "v1.33.3", "google.golang.org/protobuf": "v1.28.1"}
    assert not mod.replace, "a replace directive in the shipped go.mod breaks `go get`"
    assert not (GO_ROOT / "vendor").exists(), "the vendor directory is the test's, never committed"
    client = (GO_ROOT / "client" / "client.go").read_text()
    assert f'const Version = "{release()}"' in client


def test_go_vet_and_go_test_pass_offline(built: Path) -> None:
    tested = (built / "test.txt").read_text()
    assert re.search(rf"^ok\s+{re.escape(MODULE)}/client\s", tested, re.MULTILINE), tested


def test_every_game_over_grpc(served_both: ServedBoth, built: Path, tmp_path: Path) -> None:
    target = served_both.grpc_url.removeprefix("http://")
    reports = play([str(built / "marketplay-play"), "-target", target, "-locale", TEXT_LOCALE,
                    "-seat-names", ",".join(SEAT_NAMES), "-configs"], NATIVE_CONFIGS, tmp_path)
    check_reports(reports, NATIVE_CONFIGS, "grpc")
    check_text(reports, NATIVE_CONFIGS, "grpc")


def test_the_doc_snippet_builds_in_a_module_that_requires_this_one(served_both: ServedBoth,
                                                                  tmp_path: Path) -> None:
    """A user's module: `require <module> v<release>`, as `go get <module>@v<release>` writes it."""
    shutil.copytree(GO_ROOT, tmp_path / "marketplay", ignore=shutil.ignore_patterns("vendor"))
    app = tmp_path / "mygame"
    app.mkdir()
    (app / "go.mod").write_text(
        f"module example.com/mygame\n\ngo 1.16\n\nrequire {MODULE} v{release()}\n\n"
        f"replace {MODULE} => ../marketplay\n")
    (app / "main.go").write_text(doc_snippet("go", "## Go"))
    vendor(app, tmp_path)
    run(["go", "build", "-o", str(tmp_path / "mygame.bin"), "."], cwd=app,
        env=go_env(tmp_path / "gopath", modules=True))
    out = run([str(tmp_path / "mygame.bin")], cwd=tmp_path,
              env={"MARKETPLAY_ADDRESS": served_both.grpc_url.removeprefix("http://")}, timeout=120)
    lines = out.splitlines()
    assert lines[0] == "refused: Aborted STALE_STEP", out
    assert lines[1] == "said: Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut.", out
    assert lines[2].startswith("action: Verdeckt anmelden: "), out      # the label, in German
    assert re.match("event: \u2068(Ann|Bo)\u2069 hat ", lines[3]), out  # a seat by its name
    assert re.match("outcome: \u2068(Ann|Bo)\u2069( und \u2068(Ann|Bo)\u2069)? gewinn", lines[4]), out
    assert lines[5].startswith("winners: ["), out
    assert lines[6] == "renewed: true", out
    assert lines[7] == f"client: {release()}", out
