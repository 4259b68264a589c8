"""Flags, environment variables and the documented table agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.config import Config, load_config, markdown_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def test_documented_table_matches_the_code() -> None:
    assert markdown_table() in DOC.read_text()


def test_flag_beats_environment_beats_default() -> None:
    env = {"MARKETPLAY_PORT": "6000", "MARKETPLAY_REQUIRE_SEAT_TOKENS": "true"}
    assert load_config([], env).port == 6000
    assert load_config(["--port", "7000"], env).port == 7000
    assert load_config([], env).require_seat_tokens is True
    assert load_config(["--no-require-seat-tokens"], env).require_seat_tokens is False
    assert load_config([], {}) == Config()


@pytest.mark.parametrize("env", [{"MARKETPLAY_PORT": "high"}, {"MARKETPLAY_WORKERS": "0"},
                                 {"MARKETPLAY_REQUIRE_SEAT_TOKENS": "maybe"},
                                 {"MARKETPLAY_SEAT_TOKEN_TTL": "-1"}])
def test_bad_values_stop_the_server_with_a_message(env: dict[str, str]) -> None:
    with pytest.raises(SystemExit):
        load_config([], env)
