"""The JVM client (clients/jvm, a Maven artifact over Debian's protobuf-java, grpc-java, OkHttp) plays it all.

The jar is Maven's (tests/interop/jvm_build.py: `mvn package` with Debian's
Maven and repository, its unit tests included). Its player plays one
configuration per game over each transport: native gRPC on the gRPC port
(grpc-netty), Connect binary and Connect JSON on the HTTP port
(java.net.http, HTTP/1.1), and Connect JSON over OkHttp (Android's HTTP
client), against a server requiring seat tokens, asking for German text:
each game shows a legal action's label, an event, the outcome and a refusal
in German (check_text). The jar is what a user installs: docs/clients.md's
Java snippet is compiled against it and the pom's runtime dependencies and
plays a game.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2

from tests.interop.jvm_build import built, classpath, jar_name
from tests.interop.native_clients import (
    NATIVE_CONFIGS,
    ROOT,
    SEAT_NAMES,
    TEXT_LOCALE,
    check_reports,
    check_text,
    doc_snippet,
    play,
    release,
    run,
)
from tests.interop.ts_client import ServedBoth

#: The contract's descriptors, as `make proto` writes them beside the Python package.
DESCRIPTORS = ROOT / "clients" / "python" / "marketplay" / "v1" / "descriptors.binpb"


@pytest.fixture(scope="module")
def build_dir() -> Path:
    return built()


@pytest.mark.parametrize("protocol", ["grpc", "connect-binary", "connect-json", "okhttp-json"])
def test_every_game_over(protocol: str, served_both: ServedBoth, build_dir: Path, tmp_path: Path) -> None:
    target = served_both.grpc_url.removeprefix("http://") if protocol == "grpc" else served_both.http_url
    command = ["java", "-cp", classpath(build_dir, build_dir / "play", build_dir / jar_name()),
               "dev.marketplay.client.play.Play", "--locale", TEXT_LOCALE,
               "--seat-names", ",".join(SEAT_NAMES), protocol, target]
    reports = play(command, NATIVE_CONFIGS, tmp_path)
    check_reports(reports, NATIVE_CONFIGS, protocol)
    check_text(reports, NATIVE_CONFIGS, protocol)


def test_the_jar_is_a_licensed_release_with_its_pom(build_dir: Path) -> None:
    with zipfile.ZipFile(build_dir / jar_name()) as jar:
        manifest = jar.read("META-INF/MANIFEST.MF").decode()
        assert f"Implementation-Version: {release()}" in manifest
        assert "Bundle-License: Apache-2.0" in manifest
        assert jar.read("META-INF/LICENSE") == (ROOT / "LICENSE").read_bytes()
        pom = jar.read("META-INF/maven/dev.marketplay/marketplay-client/pom.properties").decode()
        names = set(jar.namelist())
    assert f"version={release()}" in pom.splitlines()
    assert {"dev/marketplay/client/ConnectClient.class", "dev/marketplay/client/OkHttpConnectClient.class",
            "dev/marketplay/v1/GameServiceGrpc.class"} <= names
    # google.rpc's classes come from proto-google-common-protos, never a copy of ours.
    assert not any(n.startswith("com/google/") for n in names), sorted(n for n in names if "google" in n)
    assert not any(n.startswith("dev/marketplay/client/play/") for n in names), "the player is not shipped"


def contract_classes() -> set[str]:
    """The top-level classes protoc and grpc-java write for proto/marketplay/v1 (java_multiple_files):
    each message and its OrBuilder, each enum, each service's <Name>Grpc, and each file's outer
    class, named after the file (+ "OuterClass" when a type of that file has the name)."""
    files = descriptor_pb2.FileDescriptorSet.FromString(DESCRIPTORS.read_bytes()).file
    expected: set[str] = set()
    for proto in (f for f in files if f.package == "marketplay.v1"):
        names = {m.name for m in proto.message_type} | {e.name for e in proto.enum_type} | {
            s.name for s in proto.service}
        expected |= {m.name for m in proto.message_type} | {f"{m.name}OrBuilder" for m in proto.message_type}
        expected |= {e.name for e in proto.enum_type} | {f"{s.name}Grpc" for s in proto.service}
        outer = "".join(part.title() for part in Path(proto.name).stem.split("_"))
        expected.add(f"{outer}OuterClass" if outer in names else outer)
    return expected


def test_the_jar_holds_exactly_the_contracts_classes(build_dir: Path) -> None:
    """The build generated dev.marketplay.v1 from this checkout's proto/ (nothing generated is
    committed): a class for every message, enum and service, and none a removed one left."""
    with zipfile.ZipFile(build_dir / jar_name()) as jar:
        made = {name.removeprefix("dev/marketplay/v1/").removesuffix(".class") for name in jar.namelist()
                if name.startswith("dev/marketplay/v1/") and name.endswith(".class") and "$" not in name}
    expected = contract_classes()
    assert made == expected, f"missing {sorted(expected - made)}, extra {sorted(made - expected)}"


def test_the_unit_tests_ran_in_the_build(build_dir: Path) -> None:
    report = (build_dir / "target" / "surefire-reports" / "dev.marketplay.client.RefusalTest.txt").read_text()
    assert re.search(r"Tests run: [1-9]\d*, Failures: 0, Errors: 0, Skipped: 0", report), report


def test_the_doc_snippet_plays_with_only_the_jar(served_both: ServedBoth, build_dir: Path,
                                                 tmp_path: Path) -> None:
    source = tmp_path / "MyGame.java"
    source.write_text(doc_snippet("java", "## Java and Kotlin"))
    jar = tmp_path / jar_name()                   # the user's copy of the released jar
    jar.write_bytes((build_dir / jar_name()).read_bytes())
    run(["javac", "-d", str(tmp_path), "-cp", classpath(build_dir, jar), str(source)], cwd=tmp_path)
    out = run(["java", "-cp", classpath(build_dir, tmp_path, jar), "MyGame", served_both.http_url],
              cwd=tmp_path, timeout=120)
    lines = out.splitlines()
    assert lines[0] == "refused: ABORTED STALE_STEP", out
    assert lines[1] == "said: Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut.", out
    assert lines[2].startswith("action: Verdeckt anmelden: "), out      # the label, in German
    assert re.match("event: \u2068(Ann|Bo)\u2069 hat ", lines[3]), out  # a seat by its name
    assert re.match("outcome: \u2068(Ann|Bo)\u2069( und \u2068(Ann|Bo)\u2069)? gewinn", lines[4]), out
    assert lines[5].startswith("winners: ["), out
    assert lines[6] == "renewed: true", out
