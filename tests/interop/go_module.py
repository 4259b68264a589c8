"""The Go module (clients/go) built as a module, offline, from Debian's Go sources.

There is no module proxy here, so a test copies the module (or a user's
module that requires it) and writes a vendor directory into the copy from
Debian's sources under /usr/share/gocode: the packages the module's build and
tests import, found by `go list -deps -test` in GOPATH mode, grouped by the
module each belongs to (its nearest go.mod), with vendor/modules.txt marking
the go.mod's requirements explicit at their go.mod versions. `go vet`,
`go test` and `go build` then run with `-mod=vendor`, GOPROXY=off: the
go.mod, its module path and its imports are checked by the go command itself.
The vendor directory exists only in the test's copy; nothing is committed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.interop.native_clients import ROOT, run

GO_ROOT = ROOT / "clients" / "go"
DEBIAN_GOPATH = Path("/usr/share/gocode")
#: Go's placeholder version for a module whose version nothing names.
NO_VERSION = "v0.0.0-00010101000000-000000000000"


@dataclass(frozen=True)
class GoMod:
    """What vendoring needs of a go.mod: its module path, requirements and directory replacements."""

    module: str
    require: dict[str, str]
    replace: dict[str, str]

    @classmethod
    def read(cls, path: Path) -> GoMod:
        text = path.read_text()
        module = re.search(r"^module\s+(\S+)", text, re.MULTILINE)
        assert module is not None, f"{path}: no module line"
        require: dict[str, str] = {}
        for block in re.findall(r"^require\s*\((.*?)^\)", text, re.MULTILINE | re.DOTALL):
            require.update(re.findall(r"^\s*(\S+)\s+(v\S+)", block, re.MULTILINE))
        require.update(re.findall(r"^require\s+([^\s(]+)\s+(v\S+)", text, re.MULTILINE))
        replace = dict(re.findall(r"^replace\s+(\S+)\s+=>\s+(\.{1,2}/\S*|/\S+)\s*$", text, re.MULTILINE))
        return cls(module[1], require, replace)


def go_env(gopath: Path, *, modules: bool) -> dict[str, str]:
    """No proxy, no network; module mode reads only the vendor directory."""
    env = {"GOPATH": str(gopath), "GOCACHE": str(ROOT / "build" / "gocache"), "GOPROXY": "off",
           "GOFLAGS": "-mod=vendor" if modules else "", "CGO_ENABLED": "0", "GOWORK": "off"}
    if modules:
        env["GO111MODULE"] = "on"
    else:
        env |= {"GO111MODULE": "off", "GOPATH": f"{gopath}:{DEBIAN_GOPATH}"}
    return env


def _module_root(directory: Path) -> Path:
    for parent in (directory, *directory.parents):
        if (parent / "go.mod").is_file():
            return parent
        if parent == DEBIAN_GOPATH:
            break
    raise AssertionError(f"{directory}: no go.mod above it in {DEBIAN_GOPATH}")


def debian_version(directory: Path) -> str:
    """The semantic version of the Debian package holding a directory ("1:0.7.0+dfsg-1" -> v0.7.0)."""
    done = subprocess.run(["dpkg-query", "-S", str(directory)], capture_output=True, text=True, check=False)
    package = done.stdout.split(":")[0].split(",")[0].strip()
    if done.returncode != 0 or not package:
        return NO_VERSION
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True,
                             text=True, check=False).stdout
    match = re.fullmatch(r"(?:\d+:)?(\d+\.\d+\.\d+)(?:[+~][^-]*)?-[^-]+", version)
    return f"v{match[1]}" if match else NO_VERSION


def vendor(module_dir: Path, scratch: Path) -> None:
    """Writes module_dir/vendor from Debian's sources (module_dir is a copy, never clients/go)."""
    mod = GoMod.read(module_dir / "go.mod")
    gopath = scratch / "gopath"
    links = {mod.module: module_dir} | {
        path: (module_dir / target).resolve() for path, target in mod.replace.items()}
    for path, target in links.items():
        link = gopath / "src" / path
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target, target_is_directory=True)
    listed = run(["go", "list", "-deps", "-test", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{.Standard}}", "./..."],
                 cwd=gopath / "src" / mod.module,   # PWD: go takes the linked path, not the copy's
                 env=go_env(gopath, modules=False) | {"PWD": str(gopath / "src" / mod.module)})
    packages: dict[str, dict[str, Path]] = {}
    languages: dict[str, str] = {}
    for line in listed.splitlines():
        import_path, directory, standard = line.split("\t")
        if standard == "true" or " " in import_path or import_path.endswith(".test"):
            continue
        if import_path == mod.module or import_path.startswith(mod.module + "/"):
            continue
        owner = next((p for p in links if import_path == p or import_path.startswith(p + "/")), None)
        root = links[owner] if owner is not None else _module_root(Path(directory))
        found = re.search(r"^module\s+(\S+)", (root / "go.mod").read_text(), re.MULTILINE)
        assert found is not None, root
        owner = found[1]
        language = re.search(r"^go\s+(\S+)", (root / "go.mod").read_text(), re.MULTILINE)
        if language is not None:   # the Go version its code is compiled as (modules.txt says it)
            languages[owner] = language[1]
        packages.setdefault(owner, {})[import_path] = Path(directory)
    lines: list[str] = []
    for module in sorted(packages):
        version = mod.require.get(module) or debian_version(next(iter(packages[module].values())))
        replaced = f" => {mod.replace[module]}" if module in mod.replace else ""
        lines.append(f"# {module} {version}{replaced}")
        notes = ["explicit"] if module in mod.require else []
        notes += [f"go {languages[module]}"] if module in languages else []
        if notes:
            lines.append("## " + "; ".join(notes))
        for import_path, directory in sorted(packages[module].items()):
            lines.append(import_path)
            target = module_dir / "vendor" / import_path
            target.mkdir(parents=True, exist_ok=True)
            for source in directory.iterdir():
                if source.is_file() and not source.name.endswith("_test.go"):
                    shutil.copy2(source, target / source.name)
    # A replacement of every version of a module is recorded on a line of its own.
    lines += [f"# {module} => {target}" for module, target in sorted(mod.replace.items())]
    missing = set(mod.require) - set(packages)
    assert not missing, f"go.mod requires {sorted(missing)}, which no package imports"
    (module_dir / "vendor" / "modules.txt").write_text("\n".join(lines) + "\n")
