"""Seat order at the table: every rulebook here plays clockwise, which the
engines number as increasing seat numbers (wrapping to seat 0)."""

from __future__ import annotations


def clockwise(num_players: int, first: int) -> list[int]:
    """Every seat once, clockwise from `first` (itself included)."""
    return [(first + i) % num_players for i in range(num_players)]


def after(num_players: int, seat: int) -> list[int]:
    """Every other seat once, clockwise from `seat`'s left, then `seat` last."""
    return [(seat + i) % num_players for i in range(1, num_players + 1)]
