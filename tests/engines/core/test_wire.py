"""Checked reading of engine state bytes: each refusal names the field."""

from __future__ import annotations

import pytest

from engines.core.wire import dumps, int_in, ints, load_list, rows


def test_load_list_takes_a_json_list_of_the_right_length() -> None:
    assert load_list(b"[1,[2],3]", "demo", 3) == [1, [2], 3]
    with pytest.raises(ValueError, match=r"^demo state is not valid JSON$"):
        load_list(b"[1,", "demo", 3)
    with pytest.raises(ValueError, match=r"^demo state is not valid JSON$"):
        load_list(b"\xff", "demo", 3)
    for wrong in (b"[1,2]", b'{"a":1}'):
        with pytest.raises(ValueError, match=r"^demo state must be a list of 3 fields$"):
            load_list(wrong, "demo", 3)


def test_int_in_takes_ints_in_range_but_not_flags() -> None:
    assert int_in(3, "x", 3, 5) == 3 and int_in(5, "x", 3, 5) == 5
    for bad in (2, 6, True, "4", 4.0, None):
        with pytest.raises(ValueError, match=r"^state field x is malformed$"):
            int_in(bad, "x", 3, 5)


def test_ints_checks_shape_then_values() -> None:
    assert ints([0, 9], "x", 0, 9) == [0, 9]
    assert ints([], "x", 0, 9, 0) == []
    for bad_shape, length in ((5, None), ("ab", None), ([1, 2], 3), ((1, 2), None)):
        with pytest.raises(ValueError, match=r"^state field x has the wrong shape$"):
            ints(bad_shape, "x", 0, 9, length)
    for bad_value in ([10], [-1], [True], ["1"]):
        with pytest.raises(ValueError, match=r"^state field x holds a value that is not an int in range$"):
            ints(bad_value, "x", 0, 9)


def test_rows_checks_the_count_and_every_row() -> None:
    assert rows([[1], [2, 3]], "x", 2, 0, 9) == [[1], [2, 3]]
    assert rows([[1, 2], [3, 4]], "x", 2, 0, 9, 2) == [[1, 2], [3, 4]]
    for bad in ([[1]], [[1], [2], [3]], "ab", None):
        with pytest.raises(ValueError, match=r"^state field x has the wrong shape$"):
            rows(bad, "x", 2, 0, 9)
    with pytest.raises(ValueError, match=r"^state field x has the wrong shape$"):
        rows([[1, 2], [3]], "x", 2, 0, 9, 2)  # a row of the wrong length
    with pytest.raises(ValueError, match=r"^state field x holds a value"):
        rows([[1], [10]], "x", 2, 0, 9)


def test_dumps_writes_a_named_tuple_as_a_list_and_refuses_other_objects() -> None:
    """A state holds ints, bools, strings, lists and tuples (named ones too: a
    Sale); anything else is a bug in the engine, refused, never written (orjson
    names the type in its own words)."""
    from typing import NamedTuple

    class Sale(NamedTuple):
        seller: int
        kg: int

    assert dumps([Sale(1, 6), (2, 3)]) == b"[[1,6],[2,3]]"
    with pytest.raises(TypeError, match=r"not JSON serializable: set$"):
        dumps([{1}])
    with pytest.raises(TypeError, match=r"not JSON serializable: object$"):
        dumps(object())
