"""`make load`: one bounded, headless Locust run, its reports under out/load/.

    python clients/loadtest/run.py                          # 60 s, 20 users, a local 2-worker server
    python clients/loadtest/run.py --address 10.0.0.7:50051 --seconds 300 --users 100
    python clients/loadtest/run.py --traffic open --arrival-rate 5 -- --processes 2
    python clients/loadtest/run.py --protocols grpc=1,http=1    # half the users over HTTP/JSON

Without --address (or MARKETPLAY_ADDRESS) it starts `python -m service.main`
on 127.0.0.1 (gRPC and HTTP ports) with --server-workers workers for the run, as a separate process
(the load generator never imports the server), and the summary reports that
server's CPU. Anything after `--` goes to Locust unchanged. Writes
report.html (Locust's charts), locust_*.csv (stats, per-second history,
failures) and summary.md / summary.json (the one page) to --out, and exits
with Locust's code: 0 only when no request failed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import grpc

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LOCUSTFILE = HERE / "locustfile.py"
REPORTS = ("report.html", "summary.md", "summary.json", "locust_stats.csv",
           "locust_stats_history.csv", "locust_failures.csv", "locust_exceptions.csv")
GRACE_SECONDS = 90  # past --seconds, before a stuck run is stopped


def parse(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    own, extra = list(argv), []
    if "--" in own:
        cut = own.index("--")
        own, extra = own[:cut], own[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", default=os.environ.get("MARKETPLAY_ADDRESS", ""),
                        help="host:port of the server under test (default: start one on loopback)")
    parser.add_argument("--http-address", default=os.environ.get("MARKETPLAY_HTTP_ADDRESS", ""),
                        help="URL of the server's HTTP port for http users (default: --address's "
                             "host, port 8080; the HTTP port of the server started here)")
    parser.add_argument("--protocols", default="",
                        help="user shares per protocol, overriding the mix's: grpc, http, grpc=3,http=1")
    parser.add_argument("--seconds", type=int, default=60, help="run time (bounded; default 60)")
    parser.add_argument("--users", type=int, default=20, help="simulated backends (steady, ramp)")
    parser.add_argument("--spawn-rate", type=float, default=10.0, help="users started per second")
    parser.add_argument("--traffic", default="steady", choices=("steady", "ramp", "open"))
    parser.add_argument("--arrival-rate", type=float, default=2.0, help="open traffic: games/s")
    parser.add_argument("--mix", default=str(HERE / "mix.toml"), help="the game mix (TOML)")
    parser.add_argument("--out", default=str(ROOT / "out" / "load"), help="report directory")
    parser.add_argument("--server-workers", type=int, default=2,
                        help="worker processes of the server started here")
    args = parser.parse_args(own)
    if args.seconds < 1:
        parser.error("--seconds must be at least 1")
    return args, extra


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_server(address: str, proc: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """Until ListGames answers (the server is up and serving the game service)."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        while True:
            if proc is not None and proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}; see its log")
            try:
                stub.ListGames(pb.ListGamesRequest(), timeout=2)
                return
            except grpc.RpcError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"no marketplay server answers at {address}") from None
                time.sleep(0.2)


def wait_for_http(url: str, proc: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """Until the HTTP port answers /readyz with 200."""
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}; see its log")
        try:
            with urllib.request.urlopen(f"{url.rstrip('/')}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"no marketplay HTTP port answers at {url}")
        time.sleep(0.2)


@contextlib.contextmanager
def local_server(workers: int, log_path: Path) -> Iterator[tuple[str, str, int]]:
    """A server on free loopback ports for the duration of the run: (address, HTTP URL, pid)."""
    port, http_port = free_port(), free_port()
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.main", "--host", "127.0.0.1", "--port", str(port),
             "--http-port", str(http_port), "--metrics-port", "0", "--workers", str(workers)],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )
        address, http_url = f"127.0.0.1:{port}", f"http://127.0.0.1:{http_port}"
        try:
            wait_for_server(address, proc, timeout=60)
            wait_for_http(http_url, proc, timeout=30)
            print(f"started a server at {address} and {http_url} ({workers} workers; "
                  f"log {log_path})", flush=True)
            yield address, http_url, proc.pid
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def locust_command(args: argparse.Namespace, address: str, http_url: str, out: Path,
                   server_pid: int, extra: Sequence[str]) -> list[str]:
    return [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "-H", address, *(["--http-host", http_url] if http_url else []),
        *(["--protocols", args.protocols] if args.protocols else []),
        "-u", str(args.users), "-r", str(args.spawn_rate), "-t", f"{args.seconds}s",
        "--traffic", args.traffic, "--arrival-rate", str(args.arrival_rate), "--mix", args.mix,
        "--csv", str(out / "locust"), "--csv-full-history", "--html", str(out / "report.html"),
        "--summary", str(out / "summary"), "--server-pid", str(server_pid), *extra,
    ]


def run_locust(command: list[str], seconds: int) -> int:
    proc = subprocess.Popen(command, cwd=ROOT)
    try:
        return proc.wait(timeout=seconds + GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        print(f"locust still running {GRACE_SECONDS}s past its run time: stopping it", flush=True)
        proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)
        return proc.wait(timeout=30)


def main(argv: Sequence[str] | None = None) -> int:
    args, extra = parse(sys.argv[1:] if argv is None else argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in REPORTS:  # never leave a report of an earlier run next to this one's
        (out / name).unlink(missing_ok=True)
    with contextlib.ExitStack() as stack:
        if args.address:
            wait_for_server(args.address, None, timeout=30)
            address, http_url, server_pid = args.address, args.http_address, 0
        else:
            address, http_url, server_pid = stack.enter_context(
                local_server(args.server_workers, out / "server.log"))
        command = locust_command(args, address, http_url, out, server_pid, extra)
        code = run_locust(command, args.seconds)
    summary = out / "summary.md"
    if summary.exists():
        print("\n" + summary.read_text())
    print(f"reports in {out}: report.html, locust_stats.csv, locust_stats_history.csv, "
          f"locust_failures.csv, summary.md, summary.json (locust exit code {code})")
    return code


if __name__ == "__main__":
    sys.exit(main())
