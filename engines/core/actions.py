"""Moves to action messages and back, through cached bytes.

Each engine works on its own small, hashable moves and shows them to
callers as protobuf actions. A game has at most a few thousand distinct
actions, so each is built once: parsing cached bytes costs a fraction of
building a message field by field, and an incoming action is read once per
distinct encoding (is_legal and apply both ask).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Generic, TypeVar

from google.protobuf.message import Message

from engines.core.errors import IllegalAction
from engines.core.pieces import serialize

Move = TypeVar("Move", bound=Hashable)
A = TypeVar("A", bound=Message)


class ActionCodec(Generic[Move, A]):
    """`build` turns a move into its action; `read` an action into its move
    (None if it names none). Both must be pure."""

    def __init__(
        self,
        action_type: type[A],
        build: Callable[[Move], A],
        read: Callable[[A], Move | None],
        max_action_bytes: int,
        cache_size: int = 4096,
    ) -> None:
        self._parse = action_type.FromString
        self._max_bytes = max_action_bytes

        @lru_cache(maxsize=cache_size)
        def action_bytes(move: Move) -> bytes:
            return serialize(build(move))

        @lru_cache(maxsize=cache_size)
        def read_bytes(data: bytes) -> Move | None:
            return read(self._parse(data))

        #: move -> its action's bytes, cached.
        self.action_bytes = action_bytes
        #: an action's bytes -> its move (or None), cached.
        self.read_bytes = read_bytes

    def action(self, move: Move) -> A:
        """A fresh action message for `move` (the caller may change it)."""
        return self._parse(self.action_bytes(move))

    def actions(self, moves: Sequence[Move]) -> list[A]:
        parse, cached = self._parse, self.action_bytes
        return [parse(cached(move)) for move in moves]

    def move_of(self, action: A) -> Move | None:
        """The move an action names, or None. Actions larger than any legal
        one are never read, so callers cannot fill the cache with big keys."""
        if action.ByteSize() > self._max_bytes:
            return None
        return self.read_bytes(serialize(action))

    def legal_move_of(self, action: A) -> Move:
        """The move for `apply`, which the framework calls only with legal
        actions; anything else is refused like any illegal action."""
        move = self.move_of(action)
        if move is None:
            raise IllegalAction("that action names no move of this game; see legal_actions")
        return move
