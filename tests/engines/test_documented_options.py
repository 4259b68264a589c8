"""Each game's table of options in docs/rules/<game>.md is what its spec
functions declare: the same names, kinds, values and defaults, and "trusted
callers only" exactly where the option is. (Here rather than in
tests/test_docs.py so that mutation testing, which runs tests/engines, sees it.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines import registry
from engines.core.spec import OptionSpec

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(registry.VERSIONS)


def _option_rows(page: str) -> dict[str, tuple[str, str, str, bool]]:
    """The options table of a game's page: name -> (kind, values, default, trusted only)."""
    rows = re.findall(r"^\| `([a-z-]+)` \| (bool|int|enum) \| ([^|]+) \| `([^`]+)` \| ([^|]+) \|$",
                      page, re.MULTILINE)
    return {name: (kind, values.strip(), default, "trusted callers only" in meaning)
            for name, kind, values, default, meaning in rows if not meaning.startswith("table:")}


def _since(page: str) -> dict[str, int]:
    """name -> the first rules version that takes the option ("version 2: ..." in its meaning)."""
    rows = re.findall(r"^\| `([a-z-]+)` \|[^\n]*\| (?:version (\d+): )?(?!table:)[^|\n]*\|$",
                      page, re.MULTILINE)
    return {name: int(since or 1) for name, since in rows}


def _values(option: OptionSpec) -> str:
    if option.kind == "int":
        return f"{option.min_value}..{option.max_value}"
    allowed = ("true", "false") if option.kind == "bool" else option.allowed
    return ", ".join(f"`{value}`" for value in allowed)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_games_options_table_is_what_its_versions_take(game_id: str) -> None:
    """Read from the spec functions themselves, as ListGames builds them; every
    version's options, and an option only some versions take is listed once."""
    page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text()
    table, since = _option_rows(page), _since(page)
    taken = set()
    for engine in registry.VERSIONS[game_id]:
        number = int(engine.spec.rules_version.rpartition("/")[2].partition("+")[0])
        names = {option.name for option in engine.modules.options(engine.rules)}
        assert names == {name for name in table if since[name] <= number}, engine.spec.rules_version
        for option in engine.modules.options(engine.rules):
            default = str(option.default).lower() if option.kind == "bool" else str(option.default)
            assert option.description, option.name
            row = (option.kind, _values(option), default, option.trusted_only)
            assert row == table.get(option.name), (engine.spec.rules_version, option.name)
            taken.add(option.name)
    assert taken == set(table)


def _table_rows(page: str) -> dict[str, tuple[str, str, str]]:
    """The table options' rows of a game's page (their meaning starts "table:"):
    name -> (kind, values, default)."""
    rows = re.findall(r"^\| `([a-z_]+)` \| (bool|int|enum) \| ([^|]+) \| `([^`]+)` \| "
                      r"table: [^|]+ \|$", page, re.MULTILINE)
    return {name: (kind, values.strip(), default) for name, kind, values, default in rows}


@pytest.mark.parametrize("game_id", GAMES)
def test_each_games_options_table_lists_the_table_options_it_takes(game_id: str) -> None:
    """The table options (service/table.py) are the same in every game but for the
    timeout policies (`pass` only where a decision has one): each game's page lists
    them as ListGames does, under every rules version."""
    from service.table import options_of

    page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text()
    rows = _table_rows(page)
    for engine in registry.VERSIONS[game_id]:
        expected = {option.name: (option.kind, _values(option), str(option.default))
                    for option in options_of(engine)}
        assert rows == expected, engine.spec.rules_version
