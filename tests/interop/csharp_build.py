"""Builds the C# client (clients/csharp) with Mono's mcs into Marketplay.Client.dll and its player, cached.

The library is the client (Marketplay.Client) and the generated messages
(Marketplay.V1, `make proto`), against System.Net.Http and Debian's
Newtonsoft.Json; the player (Play) is compiled against the DLL.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.interop.native_clients import ROOT, cached_build, files, run, source_key, tool_version

CS_ROOT = ROOT / "clients" / "csharp"
NEWTONSOFT = Path("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")   # libnewtonsoft-json-cil-dev
REFERENCES = ["-r:System.Net.Http", "-r:System.Runtime.Serialization", f"-r:{NEWTONSOFT}"]
DLL = "Marketplay.Client.dll"
LIBRARY_DIRS = (CS_ROOT / "Marketplay.Client", CS_ROOT / "Marketplay.V1")


def built() -> Path:
    """build/clients/csharp-<key>/: the DLL, Newtonsoft.Json.dll beside it, and play.exe."""
    assert NEWTONSOFT.is_file(), (
        "Newtonsoft.Json is missing: `make system-tools` installs libnewtonsoft-json-cil-dev")
    library = [p for d in LIBRARY_DIRS for p in files(d, ".cs")]
    player = files(CS_ROOT / "Play", ".cs")
    key = source_key([*library, *player], tool_version("mcs", "--version"))

    def build(out: Path) -> None:
        run(["mcs", "-warnaserror+", "-target:library", f"-out:{out / DLL}", *REFERENCES,
             *map(str, library)], cwd=CS_ROOT)
        run(["mcs", "-warnaserror+", "-target:exe", f"-out:{out / 'play.exe'}", f"-r:{out / DLL}",
             *REFERENCES, *map(str, player)], cwd=CS_ROOT)
        # Beside the exe, as a Unity project's Assets/Plugins holds it.
        shutil.copy2(NEWTONSOFT, out / NEWTONSOFT.name)

    return cached_build("csharp", key, build)
