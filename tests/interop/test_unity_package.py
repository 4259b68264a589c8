"""clients/csharp is a Unity package: manifest, assembly definition, IL2CPP preservation, WebGL build, sample.

No Unity runs here. What is proven: the manifest and the assembly definition
say what Unity's Package Manager reads; every generated type and member
carries [Preserve]; Runtime/ and Samples~ compile with Mono's mcs as a WebGL
player would compile them (UNITY_2021_3_OR_NEWER, UNITY_WEBGL: the
UnityWebRequest transport in, and picked by default) against compile-only
stubs of the UnityEngine types they use (tests/interop/csharp/unity_stubs,
never shipped); the sample's game plays to the end on Mono against a live
server over HttpClientTransport. Not proven: anything Unity itself does (the
import, IL2CPP, UnityWebRequest in a browser); docs/clients.md says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.interop.csharp_build import CS_ROOT, DLL, NEWTONSOFT, REFERENCES, RUNTIME, built
from tests.interop.native_clients import ROOT, cached_build, files, release, run, source_key, tool_version
from tests.interop.ts_client import ServedBoth

HERE = Path(__file__).resolve().parent
STUBS = HERE / "csharp" / "unity_stubs"
SAMPLE = CS_ROOT / "Samples~" / "PlayAGame"
# What Unity 2021.3 defines when it compiles a WebGL player's scripts (a subset).
WEBGL = ["-define:UNITY_2021_3_OR_NEWER", "-define:UNITY_2020_2_OR_NEWER", "-define:UNITY_WEBGL"]


def manifest() -> dict[str, object]:
    loaded = json.loads((CS_ROOT / "package.json").read_text())
    assert isinstance(loaded, dict)
    return loaded


def test_the_manifest_is_the_releases_upm_package() -> None:
    package = manifest()
    assert re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+){2,}", str(package["name"])), package["name"]
    assert package["version"] == release()
    assert package["unity"] == "2021.3" and package["license"] == "Apache-2.0"
    assert package["dependencies"] == {"com.unity.nuget.newtonsoft-json": "3.2.1"}
    samples = package["samples"]
    assert isinstance(samples, list) and samples
    for sample in samples:
        path = CS_ROOT / sample["path"]
        assert sample["path"].startswith("Samples~/") and files(path, ".cs"), sample
    assert (CS_ROOT / "LICENSE.md").read_text() == (ROOT / "LICENSE").read_text()
    assert files(CS_ROOT / "Documentation~", ".md")


def test_unity_compiles_only_the_runtime_assembly() -> None:
    asmdef = json.loads((RUNTIME / "Marketplay.Client.asmdef").read_text())
    assert asmdef["name"] == "Marketplay.Client" and asmdef["autoReferenced"] is True
    assert asmdef["overrideReferences"] is True and asmdef["precompiledReferences"] == [NEWTONSOFT.name]
    assert asmdef["includePlatforms"] == [] and asmdef["excludePlatforms"] == []    # WebGL included
    # Folders ending in ~ are invisible to Unity; every other script is in the runtime assembly.
    scripts = [p.relative_to(CS_ROOT) for p in files(CS_ROOT, ".cs")]
    visible = [p for p in scripts if not any(part.endswith("~") for part in p.parts)]
    assert visible and all(p.parts[0] == "Runtime" for p in visible), visible


def test_every_generated_type_and_member_is_preserved_for_il2cpp() -> None:
    declaration = re.compile(r"^\s+public (sealed partial class|enum|\S+ \w+ \{ get; set; \})")
    for path in files(RUNTIME / "Generated", ".cs"):
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines):
            if declaration.match(line) and "PreserveAttribute" not in line:
                assert "[Preserve" in lines[number - 1], f"{path.name}:{number + 1}: {line}"
            if line.strip().startswith("public ") and line.strip().endswith("() { }"):
                assert line.strip().startswith("[Preserve]") or "[Preserve]" in line, line


def test_the_package_compiles_as_a_webgl_player_would(tmp_path: Path) -> None:
    sources = [*files(RUNTIME, ".cs"), *files(SAMPLE, ".cs"), *files(STUBS, ".cs")]
    key = source_key(sources, tool_version("mcs", "--version"))

    def build(out: Path) -> None:
        engine = out / "UnityEngine.dll"
        run(["mcs", "-target:library", f"-out:{engine}", *map(str, files(STUBS, ".cs"))], cwd=out)
        runtime = out / DLL
        run(["mcs", "-warnaserror+", "-target:library", *WEBGL, f"-out:{runtime}", f"-r:{engine}",
             *REFERENCES, *map(str, files(RUNTIME, ".cs"))], cwd=out)
        run(["mcs", "-warnaserror+", "-target:library", *WEBGL, f"-out:{out / 'Samples.dll'}",
             f"-r:{runtime}", f"-r:{engine}", *REFERENCES, *map(str, files(SAMPLE, ".cs"))], cwd=out)

    out = cached_build("unity-webgl", key, build)
    assert (out / "Samples.dll").is_file()
    # The WebGL player's default transport is UnityWebRequest's (the Mono build's is HttpClient).
    transport = (RUNTIME / "MarketplayClient.cs").read_text()
    assert re.search(r"#if UNITY_WEBGL && !UNITY_EDITOR && UNITY_2020_2_OR_NEWER\s+"
                     r"return new UnityWebRequestTransport\(\);", transport)


def test_the_sample_game_plays_on_mono(served_both: ServedBoth, tmp_path: Path) -> None:
    dll_dir = built()
    for name in (DLL, NEWTONSOFT.name):
        (tmp_path / name).write_bytes((dll_dir / name).read_bytes())
    # The sample's game, without its MonoBehaviour (which needs Unity).
    sources = [str(p) for p in files(SAMPLE, ".cs") if p.name != "PlayAGame.cs"]
    run(["mcs", "-warnaserror+", "-target:exe", "-out:runsample.exe", f"-r:{DLL}", *REFERENCES,
         str(HERE / "csharp" / "RunSample.cs"), *sources], cwd=tmp_path)
    lines = run(["mono", "runsample.exe", served_both.http_url], cwd=tmp_path, timeout=120).splitlines()
    assert lines[0].startswith("table: spice-merchant ("), lines
    assert lines[1] == ("refused: STALE_STEP: Das Spiel ging weiter, bevor dein Zug ankam: "
                        "Sieh nach und wähle erneut."), lines[1]
    assert lines[2].startswith("button: Verdeckt anmelden: "), lines[2]
    assert any(line.startswith("log: \u2068Ann\u2069 hat ") for line in lines), lines
    assert re.match("outcome: \u2068(Ann|Bo)\u2069( und \u2068(Ann|Bo)\u2069)? gewinn", lines[-1]), lines[-1]
