"""What the servicer reports about games, independent of any metrics backend.

The servicer calls these hooks; `service.metrics` implements them for
Prometheus. `NullObserver` keeps tests and embedded uses free of globals.
"""

from __future__ import annotations

from typing import Protocol


class GameObserver(Protocol):
    """`rules_version` is the version the game is played under: operators
    retire a version once no game uses it any more (docs/rules/versions.md)."""

    def game_started(self, game_id: str, rules_version: str, variant: str) -> None: ...

    def game_finished(self, game_id: str, rules_version: str, variant: str) -> None: ...

    def action_applied(self, game_id: str, rules_version: str) -> None: ...

    def action_refused(self, game_id: str, reason: str) -> None: ...

    def state_sealed(self, game_id: str, size_bytes: int) -> None: ...

    def engine_time(self, game_id: str, rpc: str, seconds: float) -> None: ...

    def state_cache(self, hit: bool) -> None: ...

    def bot_searched(self, game_id: str, policy: str, iterations: int, seconds: float) -> None:
        """A SuggestAction answered by `policy` after `iterations` (0: no search needed)."""

    def bot_busy(self, game_id: str, policy: str) -> None:
        """A SuggestAction refused with BOTS_BUSY: --bot-max-concurrent searches were running."""


class NullObserver:
    """Reports nothing; the default when metrics are off."""

    def game_started(self, game_id: str, rules_version: str, variant: str) -> None:
        pass

    def game_finished(self, game_id: str, rules_version: str, variant: str) -> None:
        pass

    def action_applied(self, game_id: str, rules_version: str) -> None:
        pass

    def action_refused(self, game_id: str, reason: str) -> None:
        pass

    def state_sealed(self, game_id: str, size_bytes: int) -> None:
        pass

    def engine_time(self, game_id: str, rpc: str, seconds: float) -> None:
        pass

    def state_cache(self, hit: bool) -> None:
        pass

    def bot_searched(self, game_id: str, policy: str, iterations: int, seconds: float) -> None:
        pass

    def bot_busy(self, game_id: str, policy: str) -> None:
        pass
