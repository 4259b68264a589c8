"""Builds the C# client (clients/csharp) with Mono's mcs into Marketplay.Client.dll and its player, cached.

The library is the Unity package's Runtime/ folder, as Mono compiles it (no
UNITY_* symbols, so no UnityWebRequestTransport): the client and the
generated messages (Runtime/Generated, `make proto`), against System.Net.Http
and Debian's Newtonsoft.Json; the player (Tools~/Play, which Unity ignores) is
compiled against the DLL.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.interop.native_clients import ROOT, cached_build, files, run, source_key, tool_version

CS_ROOT = ROOT / "clients" / "csharp"
NEWTONSOFT = Path("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")   # libnewtonsoft-json-cil-dev
REFERENCES = ["-r:System.Net.Http", "-r:System.Runtime.Serialization", f"-r:{NEWTONSOFT}"]
DLL = "Marketplay.Client.dll"
RUNTIME = CS_ROOT / "Runtime"
PLAYER = CS_ROOT / "Tools~" / "Play"


def built() -> Path:
    """build/clients/csharp-<key>/: the DLL, Newtonsoft.Json.dll beside it, and play.exe."""
    assert NEWTONSOFT.is_file(), (
        "Newtonsoft.Json is missing: `make system-tools` installs libnewtonsoft-json-cil-dev")
    library = files(RUNTIME, ".cs")
    player = files(PLAYER, ".cs")
    key = source_key([*library, *player], tool_version("mcs", "--version"))

    def build(out: Path) -> None:
        run(["mcs", "-warnaserror+", "-target:library", f"-out:{out / DLL}", *REFERENCES,
             *map(str, library)], cwd=CS_ROOT)
        run(["mcs", "-warnaserror+", "-target:exe", f"-out:{out / 'play.exe'}", f"-r:{out / DLL}",
             *REFERENCES, *map(str, player)], cwd=CS_ROOT)
        # Beside the exe, as a Unity project's Assets/Plugins holds it.
        shutil.copy2(NEWTONSOFT, out / NEWTONSOFT.name)

    return cached_build("csharp", key, build)
