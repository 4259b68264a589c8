"""Every package is Apache-2.0 at the release's version, and each packs into something a user installs.

`npm pack` of clients/ts installs into a fresh npm project, lists the games
of a loopback server and runs docs/clients.md's Node snippet (compiled by
tsc against the installed package); the wheel `pip wheel` builds of
clients/python installs into a fresh directory, lists the games over gRPC
and runs the doc's two Python snippets. (The Go module,
the JVM jar and the C# DLL are installed and used by their own tests:
test_go_client.py, test_jvm_client.py, test_kotlin_client.py, test_csharp_client.py,
test_unity_package.py.)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import grpc

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.interop.jvm_build import pom_version
from tests.interop.native_clients import ROOT, doc_snippet, release, run
from tests.interop.ts_client import ServedBoth, built_play_js

RELEASE = release()
LICENSE = "Apache-2.0"
TS_DIR = ROOT / "clients" / "ts"
PY_DIR = ROOT / "clients" / "python"


def test_the_repository_is_apache_2_and_each_package_carries_the_licence() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    for copy in (PY_DIR / "LICENSE", TS_DIR / "LICENSE", ROOT / "clients" / "go" / "LICENSE",
                 ROOT / "clients" / "csharp" / "LICENSE.md"):
        assert copy.read_text() == text, f"{copy} differs from LICENSE"


def test_every_package_has_the_release_version_and_licence() -> None:
    for pyproject in (ROOT / "pyproject.toml", PY_DIR / "pyproject.toml"):
        project = tomllib.loads(pyproject.read_text())["project"]
        assert (project["version"], project["license"]) == (RELEASE, LICENSE), pyproject
    package = json.loads((TS_DIR / "package.json").read_text())
    assert (package["version"], package["license"]) == (RELEASE, LICENSE)
    assert "private" not in package
    lock = json.loads((TS_DIR / "package-lock.json").read_text())
    assert (lock["version"], lock["packages"][""]["license"]) == (RELEASE, LICENSE)
    go = (ROOT / "clients" / "go" / "client" / "client.go").read_text()
    assert f'const Version = "{RELEASE}"' in go
    java = (ROOT / "clients" / "jvm" / "src" / "main" / "java" / "dev" / "marketplay" / "client"
            / "Marketplay.java").read_text()
    assert f'String VERSION = "{RELEASE}";' in java and pom_version() == RELEASE
    csharp = (ROOT / "clients" / "csharp" / "Runtime" / "AssemblyInfo.cs").read_text()
    assert f'AssemblyInformationalVersion("{RELEASE}")' in csharp
    client = (ROOT / "clients" / "csharp" / "Runtime" / "MarketplayClient.cs").read_text()
    assert f'public const string Version = "{RELEASE}";' in client
    unity = json.loads((ROOT / "clients" / "csharp" / "package.json").read_text())
    assert (unity["version"], unity["license"]) == (RELEASE, LICENSE)
    assert f'AssemblyMetadata("License", "{LICENSE}")' in csharp


def test_npm_pack_installs_and_plays(served_both: ServedBoth, tmp_path: Path) -> None:
    built_play_js()                # node_modules and a dist/ fresh from the sources: no prepack tsc
    packed = run(["npm", "pack", "--silent", "--ignore-scripts", "--pack-destination", str(tmp_path)],
                 cwd=TS_DIR).split()[-1]
    tarball = tmp_path / packed
    assert tarball.name == f"marketplay-client-{RELEASE}.tgz", packed
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text(json.dumps({"name": "app", "version": "1.0.0", "type": "module"}))
    run(["npm", "install", "--no-audit", "--no-fund", "--prefer-offline", str(tarball)], cwd=app)
    installed = json.loads((app / "node_modules" / "@marketplay" / "client" / "package.json").read_text())
    assert (installed["version"], installed["license"]) == (RELEASE, LICENSE)
    assert (app / "node_modules" / "@marketplay" / "client" / "LICENSE").is_file()
    script = (
        'import { createMarketplayClient } from "@marketplay/client";\n'
        'import { createNodeTransport } from "@marketplay/client/node";\n'
        "const transport = createNodeTransport({ baseUrl: process.argv[2], protocol: \"connect\" });\n"
        "const client = createMarketplayClient(transport);\n"
        "const { games } = await client.listGames({});\n"
        "console.log(games.map((g) => g.gameId).sort().join(\",\"));\n"
    )
    (app / "main.mjs").write_text(script)
    out = run(["node", "main.mjs", served_both.http_url], cwd=app, timeout=120)
    assert out.strip() == "central-market,market-fresh,spice-merchant"

    # docs/clients.md's Node snippet, type-checked and compiled against the installed package.
    snippet = doc_snippet("ts", "In Node (a backend")
    assert '"http://127.0.0.1:50051"' in snippet
    served = snippet.replace('"http://127.0.0.1:50051"', json.dumps(served_both.grpc_url))
    (app / "game.ts").write_text(served)
    run([str(TS_DIR / "node_modules" / ".bin" / "tsc"), "--strict", "--skipLibCheck", "--target", "es2022",
         "--module", "nodenext", "--moduleResolution", "nodenext", "--lib", "es2022,dom", "game.ts"], cwd=app)
    out = run(["node", "game.js"], cwd=app, timeout=120)
    lines = out.splitlines()
    assert lines[0].startswith("Verdeckt anmelden: "), out            # a label, in German
    assert re.match("\u2068(Ann|Bo|Cy)\u2069 hat ", lines[1]), out    # a log line, a seat by name
    assert re.match("\u2068(Ann|Bo|Cy)\u2069.* gewinn", lines[2]), out
    assert lines[3] == "true", out                      # rendered from the package's catalogs
    assert lines[4].startswith("[ "), out               # the winners, then the scores
    assert {"de.ftl", "en.ftl", "en-XA.ftl"} <= {
        p.name for p in (app / "node_modules" / "@marketplay" / "client" / "catalogs").iterdir()}


def test_the_wheel_installs_and_plays(served_both: ServedBoth, tmp_path: Path) -> None:
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-w", str(tmp_path), str(PY_DIR)], cwd=tmp_path)
    wheel = next(tmp_path.glob("marketplay_client-*.whl"))
    assert wheel.name.startswith(f"marketplay_client-{RELEASE}-py3-none-any"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"marketplay_client-{RELEASE}.dist-info/METADATA").decode()
        names = archive.namelist()
    assert f"License-Expression: {LICENSE}" in metadata
    assert f"marketplay_client-{RELEASE}.dist-info/licenses/LICENSE" in names
    site = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
         "--target", str(site), str(wheel)], cwd=tmp_path)
    program = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import grpc\n"
        "from marketplay.v1 import game_service_pb2 as pb, game_service_pb2_grpc as pb_grpc\n"
        "stub = pb_grpc.GameServiceStub(grpc.insecure_channel(sys.argv[2]))\n"
        "print(pb.__file__)\n"
        "print(','.join(sorted(g.game_id for g in stub.ListGames(pb.ListGamesRequest()).games)))\n"
    )
    done = subprocess.run([sys.executable, "-I", "-c", program, str(site),
                           served_both.grpc_url.removeprefix("http://")],
                          capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    where, games = done.stdout.splitlines()
    assert Path(where).is_relative_to(site), where
    assert games == "central-market,market-fresh,spice-merchant"
    assert re.search(r"^Version: 0\.2\.0$", metadata, re.MULTILINE)

    # docs/clients.md's two Python snippets, with the installed package first on the path.
    grpc_address, http_url = served_both.grpc_url.removeprefix("http://"), served_both.http_url
    for marker, address, printed in [
        ("Over gRPC (see also", ("127.0.0.1:50051", grpc_address),
         "StatusCode.INVALID_ARGUMENT MALFORMED_STATE"),
        ("Over Connect, with the generated", ("http://127.0.0.1:8080", http_url),
         "Code.INVALID_ARGUMENT MALFORMED_STATE"),
    ]:
        snippet = doc_snippet("python", marker)
        assert f'"{address[0]}"' in snippet, marker
        script = f"import sys; sys.path.insert(0, {str(site)!r})\n" + snippet.replace(address[0], address[1])
        done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                              timeout=120, check=False, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines() == [printed], done.stdout

    # The text snippet: the same game's German prompt, label and refusal as the server gives them.
    snippet = doc_snippet("python", "Text for players, in German")
    script = f"import sys; sys.path.insert(0, {str(site)!r})\n" + snippet.replace(
        "127.0.0.1:50051", grpc_address)
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          timeout=120, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    views = pb.ViewSelection(all_seats=True, locale="de", seat_names=["Ann", "Bo"])
    with grpc.insecure_channel(grpc_address) as channel:
        update = pb_grpc.GameServiceStub(channel).NewGame(pb.NewGameRequest(
            game_id="spice-merchant", num_players=2, seed=b"docs", views=views)).update
    decision = update.decisions[0]
    assert done.stdout.splitlines() == [
        decision.prompt.text, decision.legal_actions[0].label.text,
        "Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut."], done.stdout
    assert decision.prompt.text.startswith("Wähle ") and decision.prompt.id.endswith("register-secret")
