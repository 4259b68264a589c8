"""Mutation score per engine package, from the last `make mutation` run.

    .venv/bin/python -m tests.mutation_scores [--survivors]
    .venv/bin/python -m tests.mutation_scores --pending PACKAGE

Reads mutmut's results (mutants/**/*.meta). Score = killed (including
timeouts) / mutants with a verdict; "no tests" mutants count as survivors,
since no test reaches them. Not-yet-checked mutants (a run cut short by its
time bound) are listed apart and left out of the score.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from mutmut.stats import status_by_exit_code

MUTANTS = Path("mutants")
PACKAGES = ("core", "central_market", "market_fresh", "spice_merchant")


def package_of(path: Path) -> str:
    parts = path.relative_to(MUTANTS / "engines").parts
    return parts[0] if len(parts) > 1 else "(top level)"


def load() -> dict[str, dict[str, str]]:
    """package -> mutant name -> status."""
    verdicts: dict[str, dict[str, str]] = defaultdict(dict)
    for meta in sorted((MUTANTS / "engines").rglob("*.py.meta")):
        codes = json.loads(meta.read_text()).get("exit_code_by_key", {})
        for name, code in codes.items():
            verdicts[package_of(meta)][name] = status_by_exit_code[code]
    return verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--survivors", action="store_true", help="list surviving mutants")
    parser.add_argument("--pending", metavar="PACKAGE",
                        help="print what `mutmut run` should (re)judge in PACKAGE: its unchecked "
                        "and surviving mutants, or all of it before the first run")
    args = parser.parse_args()
    verdicts = load()
    if args.pending:
        # mutmut reruns every mutant a pattern names, so a bounded run resumes by name.
        known = verdicts.get(args.pending, {})
        pending = [n for n, status in sorted(known.items()) if status not in ("killed", "timeout")]
        print(" ".join(pending) if known else f"engines.{args.pending}.*")
        return
    print(f"{'package':16} {'killed':>7} {'survived':>9} {'no tests':>9} {'unchecked':>10} {'score':>7}")
    for package in sorted(verdicts, key=lambda p: (p not in PACKAGES, p)):
        counts = Counter(verdicts[package].values())
        killed = counts["killed"] + counts["timeout"]
        survived = counts["survived"] + counts["suspicious"]
        unchecked = counts["not checked"]
        judged = killed + survived + counts["no tests"]
        score = f"{100 * killed / judged:6.1f}%" if judged else "    -"
        print(f"engines/{package:8} {killed:>7} {survived:>9} {counts['no tests']:>9} "
              f"{unchecked:>10} {score:>7}")
    if args.survivors:
        for _, names in sorted(verdicts.items()):
            for name, status in sorted(names.items()):
                if status in ("survived", "suspicious", "no tests"):
                    print(f"{status:9} {name}")


if __name__ == "__main__":
    main()
