"""A move: the engine's own small form of an action, `(kind, a, b)` ints.

rules.py works on moves; view.py turns them into protobuf actions and back.
"""

from __future__ import annotations

TAKE_FACE_UP = 0  # a = crate
TAKE_FACE_DOWN = 1
CHOOSE_CRATE = 2  # a = crate
REMOVE_CRATE = 3  # a = crate
PLACE_CRATE = 4  # a = first square, b = second square (the crate's first half on a)
SCORE_CRATE = 5  # a = produce, b = BASIC or HEIGHT

Move = tuple[int, int, int]
