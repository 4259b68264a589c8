"""The data files: defaults are valid, broken files fail clearly at load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.market_fresh import data
from engines.market_fresh.data import CRATES, PICTURES, PRODUCE, DataError, load

PACKAGE = Path(data.__file__).parent


def _texts() -> dict[str, str]:
    return {f: (PACKAGE / f).read_text() for f in ("produce.json", "crates.json",
                                                   "shopfronts.json")}


def test_defaults_are_a_double_ten_set_over_eleven_produce() -> None:
    assert len(PRODUCE) == 11 and len(CRATES) == 66
    assert len({tuple(sorted(c)) for c in CRATES}) == 66
    assert [p.id for p in PRODUCE[:6]] == [
        "lemons", "pears", "carrots", "plums", "onions", "dragon-fruits"]
    assert len(PICTURES[5]) == 25 and len(PICTURES[4]) == 16


def test_load_reads_a_directory(tmp_path: Path) -> None:
    for name, text in _texts().items():
        (tmp_path / name).write_text(text)
    assert load(tmp_path).crates == CRATES


@pytest.mark.parametrize(
    ("file", "mutate", "message"),
    [
        ("crates.json", lambda d: d["crates"].pop(), "needs 66 crates"),
        ("crates.json", lambda d: d["crates"].__setitem__(0, ["lemons", "kiwis"]), "crate 0"),
        ("produce.json", lambda d: d["produce"].pop(), "needs 11 produce"),
        ("produce.json", lambda d: d["produce"][1].__setitem__("id", "lemons"), "unique"),
        ("shopfronts.json", lambda d: d["grids"]["5"].append({"row": 5, "col": 0,
                                                              "produce": "lemons"}), "outside"),
        ("shopfronts.json", lambda d: d["grids"]["4"].append({"row": 0, "col": 0,
                                                              "produce": "pears"}), "two pictures"),
        ("shopfronts.json", lambda d: d["grids"].pop("4"), "grids.4"),
    ],
)
def test_invalid_data_is_refused_with_a_clear_message(
    tmp_path: Path, file: str, mutate: object, message: str
) -> None:
    texts = _texts()
    doc = json.loads(texts[file])
    mutate(doc)  # type: ignore[operator]
    texts[file] = json.dumps(doc)
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(DataError, match=message) as info:
        load(tmp_path)
    assert file in str(info.value)


def test_unreadable_or_malformed_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot be read"):
        load(tmp_path)
    for name, text in _texts().items():
        (tmp_path / name).write_text(text)
    (tmp_path / "crates.json").write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load(tmp_path)
