"""clients/python/demo.py plays through the server it is pointed at, and never
swaps in a server of its own when an address was given. Loopback only."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.loopback import free_port
from tests.service.process.test_processes import start_server, stop

DEMO = Path(__file__).resolve().parents[3] / "clients" / "python" / "demo.py"


def run_demo(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(DEMO), *args], capture_output=True, text=True,
                          timeout=120, check=False, env={**os.environ, **(env or {})})


def test_a_given_address_with_no_server_is_an_error_not_a_server_of_its_own() -> None:
    address = f"127.0.0.1:{free_port()}"
    for out in (run_demo("--address", address), run_demo(env={"MARKETPLAY_ADDRESS": address})):
        assert out.returncode != 0
        assert f"no marketplay server answers at {address}" in out.stderr
        assert "started one" not in out.stdout


def test_plays_whole_games_through_the_server_at_marketplay_address() -> None:
    port = free_port()
    server = start_server(port)
    try:
        out = run_demo("--game", "spice-merchant", "--players", "2",
                       env={"MARKETPLAY_ADDRESS": f"127.0.0.1:{port}"})
    finally:
        stop(server)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"using the server at 127.0.0.1:{port}\n")
    assert "winner" in out.stdout and "started one" not in out.stdout
