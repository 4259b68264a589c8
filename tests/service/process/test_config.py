"""Flags, environment variables and the documented table agree."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from service import config as config_module
from service.config import (
    Config,
    cgroup_cpu_limit,
    load_config,
    markdown_table,
    shown_defaults,
    usable_cores,
)

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "configuration.md"
README = ROOT / "README.md"


def test_documented_table_matches_the_code() -> None:
    assert markdown_table() in DOC.read_text()


def test_readme_table_defaults_are_the_flags() -> None:
    """The README's short table (the first flags a newcomer reads) names real flags with
    their environment twins, and each default cell starts with the flag's default as
    `--help` and docs/configuration.md show it (`auto`, `(empty)`), words after it aside."""
    section = README.read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `--([a-z-]+)` \| `(MARKETPLAY_[A-Z_]+)` \| ([^|]+) \|",
                      section, re.MULTILINE)
    assert len(rows) >= 5, section
    shown = shown_defaults()
    for flag, env, default in rows:
        name = flag.replace("-", "_")
        assert name in shown, f"README names --{flag}, which is no flag"
        assert env == Config.env_name(name), flag
        cell = re.match(r"`([^`]*)`", default.strip())
        assert cell is not None, f"--{flag}: default cell {default!r} has no `value`"
        assert cell.group(1) == shown[name], f"README says --{flag} defaults to {default!r}"


def test_flag_beats_environment_beats_default() -> None:
    env = {"MARKETPLAY_PORT": "6000", "MARKETPLAY_REQUIRE_SEAT_TOKENS": "true"}
    assert load_config([], env).port == 6000
    assert load_config(["--port", "7000"], env).port == 7000
    assert load_config([], env).require_seat_tokens is True
    assert load_config(["--no-require-seat-tokens"], env).require_seat_tokens is False
    # --workers auto (the default) is resolved once, at startup, to a number.
    assert load_config([], {}) == replace(Config(), workers=usable_cores())


def test_workers_auto_is_one_per_usable_core() -> None:
    assert Config().workers == 0 and Config().worker_count == usable_cores()
    assert load_config(["--workers", "auto"], {}).workers == usable_cores()
    assert load_config([], {"MARKETPLAY_WORKERS": "AUTO"}).workers == usable_cores()
    assert load_config(["--workers", "3"], {}).workers == 3


@pytest.mark.parametrize(("files", "limit"), [
    ({"cpu.max": "max 100000\n"}, None),
    ({"cpu.max": "250000 100000\n"}, 2.5),
    ({"kube/pod/cpu.max": "200000 100000\n"}, 2.0),  # the process's own cgroup (v2)
    ({"cpu/cpu.cfs_quota_us": "150000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 1.5),  # v1
    ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
    ({}, None),
])
def test_cgroup_cpu_limit_reads_the_quota(tmp_path: Path, files: dict[str, str],
                                          limit: float | None) -> None:
    root = tmp_path / "cgroup"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    own = tmp_path / "self-cgroup"
    own.write_text("0::/kube/pod\n" if "kube/pod/cpu.max" in files else "0::/\n")
    assert cgroup_cpu_limit(root, own) == limit


@pytest.mark.parametrize(("mask", "limit", "cores"), [
    ({0, 1, 2, 3}, None, 4), ({0, 1, 2, 3}, 2.5, 2), ({5}, None, 1), ({0, 1}, 0.5, 1),
])
def test_usable_cores_is_the_affinity_mask_capped_by_the_quota(
    monkeypatch: pytest.MonkeyPatch, mask: set[int], limit: float | None, cores: int
) -> None:
    monkeypatch.setattr(config_module.os, "sched_getaffinity", lambda pid: mask)
    monkeypatch.setattr(config_module, "cgroup_cpu_limit", lambda: limit)
    assert usable_cores() == cores


@pytest.mark.parametrize("env", [{"MARKETPLAY_PORT": "high"}, {"MARKETPLAY_WORKERS": "0"},
                                 {"MARKETPLAY_WORKERS": "many"},
                                 {"MARKETPLAY_REQUIRE_SEAT_TOKENS": "maybe"},
                                 {"MARKETPLAY_SEAT_TOKEN_TTL": "-1"}])
def test_bad_values_stop_the_server_with_a_message(env: dict[str, str]) -> None:
    with pytest.raises(SystemExit):
        load_config([], env)
