"""Run the built image the way the Kubernetes manifests do and play games through it.

    python deploy/image_test.py IMAGE [--pure]   (`make image-test` builds IMAGE first)

Read-only root filesystem, the image's non-root user, no capabilities, tmpfs for
/tmp and the metrics directory, two workers; waits for the image's HEALTHCHECK
to report healthy, plays every game through it with clients/python/demo.py,
checks one scrape of the summed metrics, then stops it with SIGTERM and expects
a clean exit. The engines must be the compiled build's extension modules, or
Python sources with `--pure` (an image built with `--build-arg COMPILED=0`).
Host networking on loopback ports, so nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import base64
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "clients" / "python" / "demo.py"
METRICS_DIR = "/run/marketplay/metrics"  # PROMETHEUS_MULTIPROC_DIR, as in deploy/k8s/base
UID = 10001  # the Dockerfile's USER


def docker(*args: str, timeout: float = 60) -> str:
    out = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout,
                         check=False)
    if out.returncode != 0:
        raise SystemExit(f"docker {args[0]} failed: {out.stderr.strip()}")
    return out.stdout.strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(container: str, limit: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < limit:
        state = docker("inspect", "-f", "{{.State.Status}} "
                       "{{if .State.Health}}{{.State.Health.Status}}{{else}}no-healthcheck{{end}}",
                       container)
        if state == "running healthy":
            return time.monotonic() - started
        if not state.startswith("running") or state.endswith(("unhealthy", "no-healthcheck")):
            raise AssertionError(f"container is {state}")
        time.sleep(0.5)
    raise AssertionError(f"not healthy after {limit:.0f}s")


def check(image: str, pure: bool) -> None:
    port, metrics_port = free_port(), free_port()
    keys = f"imagetest:{base64.b64encode(secrets.token_bytes(32)).decode()}"
    container = docker(
        "run", "--detach", "--network", "host", "--read-only",
        "--tmpfs", "/tmp:rw,nosuid,nodev,size=16m",
        "--tmpfs", f"{METRICS_DIR}:rw,nosuid,nodev,size=16m,uid={UID},gid={UID},mode=0700",
        "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
        "--health-interval", "1s",  # the image's probe command, checked more often
        "-e", "MARKETPLAY_HOST=127.0.0.1", "-e", f"MARKETPLAY_PORT={port}",
        "-e", f"MARKETPLAY_METRICS_PORT={metrics_port}", "-e", "MARKETPLAY_WORKERS=2",
        "-e", f"PROMETHEUS_MULTIPROC_DIR={METRICS_DIR}", "-e", f"MARKETPLAY_STATE_KEYS={keys}",
        image,
    )
    try:
        print(f"image-test: healthy after {wait_healthy(container, 60):.1f}s")
        uid = docker("exec", container, "python", "-c", "import os; print(os.getuid())")
        assert uid == str(UID), f"runs as uid {uid}"
        protobuf = docker("exec", container, "python", "-c", "from google.protobuf.internal "
                          "import api_implementation as a; print(a.Type())")
        assert protobuf == "upb", f"protobuf runs its {protobuf} implementation, not upb"
        engine = docker("exec", container, "python", "-c",
                        "import engines.core.game as g; print(g.__file__)")
        assert engine.endswith(".py") == pure, f"the engines run from {engine}"
        writable = docker("exec", container, "python", "-c",
                          "import os; print(os.access('/opt/marketplay', os.W_OK))")
        assert writable == "False", "the root filesystem is writable"
        play = subprocess.run([sys.executable, str(DEMO), "--address", f"127.0.0.1:{port}"],
                              capture_output=True, text=True, timeout=300, check=False)
        assert play.returncode == 0, play.stdout[-2000:] + play.stderr
        games = play.stdout.count("\n== ")
        assert games and "winner" in play.stdout, play.stdout[-2000:]
        with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as r:
            scrape = r.read().decode()
        assert 'grpc_method="ApplyAction"' in scrape and "marketplay_games_finished_total" in scrape
        print(f"image-test: played {games} games through the container; metrics scrape ok")
        stopping = time.monotonic()
        docker("stop", "--time", "20", container, timeout=60)
        code = docker("inspect", "-f", "{{.State.ExitCode}}", container)
        assert code == "0", f"exit code {code} on SIGTERM"
        print(f"image-test: stopped cleanly in {time.monotonic() - stopping:.1f}s")
    except BaseException:
        logs = subprocess.run(["docker", "logs", "--tail", "50", container], capture_output=True,
                              text=True, check=False)
        print(logs.stdout + logs.stderr, file=sys.stderr)
        raise
    finally:
        subprocess.run(["docker", "rm", "--force", container], capture_output=True, check=False)


def main() -> None:
    if len(sys.argv) not in (2, 3) or sys.argv[2:] not in ([], ["--pure"]):
        raise SystemExit(__doc__)
    if subprocess.run(["docker", "info"], capture_output=True, check=False).returncode != 0:
        raise SystemExit("image-test: no Docker daemon answers (start dockerd, or see "
                         "docs/deploy.md \"Test the image\")")
    os.chdir(ROOT)
    check(sys.argv[1], pure=sys.argv[2:] == ["--pure"])


if __name__ == "__main__":
    main()
