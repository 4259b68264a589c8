"""docs/openapi.json passes linters nobody here wrote, and a generator keeps its unions.

Spectral (`spectral:oas`): no problem at any severity. Redocly (`recommended`): no
error. openapi-typescript: the TypeScript it writes from the document types a game
envelope as a real union, which tsc holds a value to (issue 22: every oneOf branch named
properties only its parent defined, and each envelope came out as
`{...} & (unknown | unknown | unknown | unknown)`). The tools are npm dev dependencies in
docs/lint (docs/lint/README.md), installed by `make install`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LINT = ROOT / "docs" / "lint"
BIN = LINT / "node_modules" / ".bin"
DOC = ROOT / "docs" / "openapi.json"
QUIET = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
         "NO_COLOR": "1"}

#: A value a oneof forbids (two members at once) must not type-check; narrowing on a
#: member must reach that member's own type.
UNION_CHECK = """
import type { components } from "./openapi.js";
type Schemas = components["schemas"];
type Action = Schemas["marketplay.v1.GameAction"];
type View = Schemas["marketplay.v1.GameView"];

export const one: Action = { marketFresh: {} };
export const none: Action = {};
// @ts-expect-error: a GameAction holds one game's action, not two
export const two: Action = { marketFresh: {}, spiceMerchant: {} };
// @ts-expect-error: the member's own type is kept (an object, not a string)
export const wrong: Action = { marketFresh: "crate" };
export const seated: View = { seat: 1, centralMarket: {} };

export function game(action: Action): string {
  if (action.spiceMerchant !== undefined) {
    const only: Schemas["marketplay.v1.SpiceMerchantAction"] = action.spiceMerchant;
    // @ts-expect-error: narrowed to the Spice Merchant branch, the others are absent
    const other: Schemas["marketplay.v1.CentralMarketAction"] = action.centralMarket;
    return JSON.stringify([only, other]);
  }
  return "other";
}
"""


def tool(name: str) -> Path:
    path = BIN / name
    assert path.exists(), f"{path} is missing: run `make install` (docs/lint's npm ci)"
    assert shutil.which("node"), "needs Node.js"
    return path


def run(*argv: str | Path, cwd: Path = LINT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True,
                          timeout=240, env=QUIET, check=False)


def test_spectral_oas_finds_no_problem() -> None:
    done = run(tool("spectral"), "lint", "--ruleset", ".spectral.yaml", "--format", "json",
               "--quiet", DOC)
    problems = json.loads(done.stdout or "[]")
    assert done.returncode == 0 and problems == [], [
        f"{p['code']}: {p['message']} at {'.'.join(map(str, p['path']))}" for p in problems]


def test_redocly_recommended_finds_no_error() -> None:
    done = run(tool("redocly"), "lint", "--config", "redocly.yaml", "--format", "json", DOC)
    report = json.loads(done.stdout[done.stdout.index("{"):])
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert done.returncode == 0 and not errors, [
        f"{p['ruleId']}: {p['message']}" for p in errors]
    # The two warnings redocly.yaml explains, and nothing else.
    warnings = sorted((p["ruleId"], p["location"][0]["pointer"]) for p in report["problems"])
    assert warnings == [("operation-4xx-response", "#/paths/~1healthz/get/responses"),
                        ("operation-4xx-response", "#/paths/~1readyz/get/responses")]


def test_openapi_typescript_keeps_the_envelopes_unions(tmp_path: Path) -> None:
    generated = tmp_path / "openapi.ts"
    done = run(tool("openapi-typescript"), DOC, "--output", generated)
    assert done.returncode == 0, done.stderr
    text = generated.read_text()
    assert "unknown | unknown" not in text
    (tmp_path / "check.ts").write_text(UNION_CHECK)
    checked = run(tool("tsc"), "--noEmit", "--strict", "--target", "es2022", "--module",
                  "nodenext", "--moduleResolution", "nodenext", "check.ts", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
