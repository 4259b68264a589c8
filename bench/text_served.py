"""What player-facing text costs a server: an ApplyAction's server CPU with and
without a locale, over gRPC and over Connect JSON, whole games.

    python -m bench.text_served [--turns 3] [--served 10] [--modes de de+names]
                                [--games ...] [--protocols gRPC "Connect JSON"]
                                [--compiled]

bench/text_cost.py measures the core alone, in process: parse the request,
ApplyAction, serialise the response. A replica spends more on a call than
that: the transport's framing, HTTP/2 or HTTP/1.1, the event loop, the
admission and the call's report; and its clients speak gRPC (backend
services) or Connect JSON (web, mobile and Unity frontends, which are those
that show text). This bench asks a real server (one worker, `--workers 1`,
metrics off, on 127.0.0.1) for what bench.text_cost's calls cost it: the CPU
of every thread of the server's processes (/proc schedstat) around each
call, a count of calls rather than a time.

For each title: the worker first serves `--served` seeded games in every
mode over every protocol (its text caches hold what recurs). Then come the
turns, each a seeded game new to the worker, played through the server with
no text (so its states are the server's, kept in its state cache, as on the
replica that sealed them: bench.text_cost's condition). A turn is one round
per mode; in a round every call is made in every (protocol, mode) back to
back, the modes' order rotated by one for each next call and each next
round, so every mode makes every call first once a turn. As in
bench.text_cost, a mode's cost of a call is the one it had first (a call
made just after its twin finds what the twin left, where a worker's real
call has no twin before it); `any position` is the mean over the turn's
rounds, first or not.

Printed: for each title and protocol, each mode's median server CPU per call
(range over the turns) and the median (range) of the turns' ratios to
`none`. Needs nothing beyond this checkout: the server is
`python -m service.main`, with pure Python engines, or with `--compiled`
the compiled ones the image runs (build/compiled, `make compiled`), which
make the core faster and the text's share larger. Timings here are never
test assertions.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from google.protobuf import json_format

from bench import text_cost
from bench.apply_vs_echo import ROOT, spawn, tree_cpu_seconds
from bench.loopback import free_port, spread, thread_cpu_seconds
from marketplay.v1 import game_service_pb2 as pb

METHOD = "/marketplay.v1.GameService/ApplyAction"
PROTOCOLS = ("gRPC", "Connect JSON")
#: Games each mode is served over each protocol before the turns.
SERVED = 10

Send = Callable[[bytes], bytes]


@dataclass
class Server:
    """One worker on loopback and a caller for each protocol (keep-alive)."""

    grpc_port: int = 0
    http_port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    channel: grpc.Channel | None = None
    http: http.client.HTTPConnection | None = None
    senders: dict[str, Send] = field(default_factory=dict)
    new_game: Send | None = None
    #: Where the compiled engines are, ahead of the checkout's (none: pure Python).
    compiled: Path | None = None

    def start(self) -> None:
        self.grpc_port, self.http_port = free_port(), free_port()
        main = ["-m", "service.main"]
        if self.compiled is not None:  # ahead of the checkout, which `-m` puts first
            main = ["-c", f"import runpy, sys; sys.path.insert(0, {str(self.compiled)!r}); "
                          "runpy.run_module('service.main', run_name='__main__', alter_sys=True)"]
        self.proc = spawn([*main, "--workers", "1", "--metrics-port", "0",
                           "--port", str(self.grpc_port), "--http-port", str(self.http_port)],
                          self.grpc_port)
        self.channel = grpc.insecure_channel(f"127.0.0.1:{self.grpc_port}")
        # bytes in, bytes out: the client does no protobuf work of its own
        self.senders["gRPC"] = self.channel.unary_unary(
            METHOD, request_serializer=None, response_deserializer=None)
        self.new_game = self.channel.unary_unary(
            "/marketplay.v1.GameService/NewGame", request_serializer=None,
            response_deserializer=None)
        self.http = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=60)
        self.senders["Connect JSON"] = self._connect_json

    def _connect_json(self, body: bytes) -> bytes:
        assert self.http is not None
        self.http.request("POST", METHOD, body, {"Content-Type": "application/json"})
        answer = self.http.getresponse()
        data = answer.read()
        if answer.status != 200:
            raise RuntimeError(f"Connect JSON answered {answer.status}: {data[:200]!r}")
        return data

    def cpu(self) -> float:
        """Seconds of CPU every thread of the server's processes has run."""
        assert self.proc is not None
        return tree_cpu_seconds(self.proc.pid, thread_cpu_seconds)

    def stop(self) -> None:
        if self.http is not None:
            self.http.close()
        if self.channel is not None:
            self.channel.close()
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait()


def compiled_build(root: Path = ROOT) -> Path:
    """The compiled engines' directory (deploy/compiled.py, `make compiled`),
    refused when it holds no compiled engine."""
    build = root / "build" / "compiled"
    if not any((build / "engines").rglob("*.so")):
        raise SystemExit(f"no compiled engines in {build}: run `make compiled` first")
    return build


def as_sent(payload: bytes, protocol: str) -> bytes:
    """An ApplyActionRequest's bytes as `protocol` carries them."""
    if protocol == "gRPC":
        return payload
    return json_format.MessageToJson(pb.ApplyActionRequest.FromString(payload),
                                     indent=None).encode()


def whole_game(server: Server, game_id: str, players: int,
               seed: bytes) -> list[pb.ApplyActionRequest]:
    """bench.text_cost's game played through the server, over gRPC: its
    states are the server's own (in its state cache)."""
    assert server.new_game is not None
    send = server.senders["gRPC"]
    first = server.new_game(text_cost.new_game_request(game_id, players, seed).SerializeToString())
    return text_cost.played(
        pb.NewGameResponse.FromString(first).update,
        lambda request: pb.ApplyActionResponse.FromString(send(request.SerializeToString())).update)


def loads(requests: list[pb.ApplyActionRequest], modes: Sequence[str], protocols: Sequence[str],
          players: int) -> dict[tuple[str, str], list[bytes]]:
    """Each (protocol, mode)'s requests, as sent."""
    return {(protocol, mode): [as_sent(p, protocol)
                               for p in text_cost._payloads(requests, mode, players)]
            for protocol in protocols for mode in modes}


def check(answer: bytes, protocol: str, mode: str) -> None:
    """The call answered a whole update, with text when it asked for a locale."""
    if protocol == "gRPC":
        update = pb.ApplyActionResponse.FromString(answer).update
    else:
        update = json_format.Parse(answer, pb.ApplyActionResponse()).update
    if not update.views:
        raise RuntimeError(f"{protocol} {mode}: no views in the answer")
    if mode not in ("none", "messages") and not any(e.message.text for e in update.events):
        raise RuntimeError(f"{protocol} {mode}: no event text in the answer")


def round_order(calls: int, modes: Sequence[str], round_index: int) -> list[list[str]]:
    """Each call's modes in order: rotated by one for each next call and round."""
    count = len(modes)
    return [[modes[(start + j) % count] for j in range(count)]
            for start in ((index + round_index) % count for index in range(calls))]


@dataclass
class Turn:
    """One game's calls in every (protocol, mode): each call's CPU made first,
    and every round's."""

    first: dict[tuple[str, str], list[float]]
    every: dict[tuple[str, str], list[float]]


def play_turn(server: Server, sent: dict[tuple[str, str], list[bytes]], modes: Sequence[str],
              protocols: Sequence[str], checked: set[tuple[str, str]]) -> Turn:
    calls = len(next(iter(sent.values())))
    first = {key: [0.0] * calls for key in sent}
    every = {key: [0.0] * calls for key in sent}
    cpu = server.cpu
    for round_index in range(len(modes)):
        for index, order in enumerate(round_order(calls, modes, round_index)):
            for protocol in protocols:
                send = server.senders[protocol]
                for position, mode in enumerate(order):
                    key = (protocol, mode)
                    payload = sent[key][index]
                    before = cpu()
                    answer = send(payload)
                    spent = cpu() - before
                    if key not in checked:
                        check(answer, protocol, mode)
                        checked.add(key)
                    every[key][index] += spent / len(modes)
                    if position == 0:
                        first[key][index] = spent
    return Turn(first, every)


def report(game_id: str, players: int, turns: list[Turn], modes: Sequence[str],
           protocols: Sequence[str]) -> None:
    for protocol in protocols:
        per_call = {mode: [sum(t.first[protocol, mode]) / len(t.first[protocol, mode]) * 1e6
                           for t in turns] for mode in modes}
        anywhere = {mode: [sum(t.every[protocol, mode]) / sum(t.every[protocol, "none"])
                           for t in turns] for mode in modes}
        cells = []
        for mode in modes:
            ratios = [cost / none for cost, none in zip(per_call[mode], per_call["none"],
                                                        strict=True)]
            cells.append(f"{mode} {spread(per_call[mode], 0)} us, {spread(ratios, 3)}x,"
                         f" any position {statistics.median(anywhere[mode]):.3f}x")
        print(f"{game_id} {players}, {protocol}: " + "; ".join(cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=3, help="games measured per title")
    parser.add_argument("--served", type=int, default=SERVED,
                        help="games each mode is served over each protocol first")
    parser.add_argument("--modes", nargs="+", choices=text_cost.MODES, default=["de", "de+names"])
    parser.add_argument("--games", nargs="*", default=[g for g, _ in text_cost.GAMES])
    parser.add_argument("--protocols", nargs="+", choices=PROTOCOLS, default=list(PROTOCOLS))
    parser.add_argument("--compiled", action="store_true",
                        help="the server runs the compiled engines (`make compiled`), as the image does")
    args = parser.parse_args()
    modes = ["none", *(m for m in args.modes if m != "none")]
    server = Server(compiled=compiled_build() if args.compiled else None)
    server.start()
    try:
        for game_id, players in text_cost.GAMES:
            if game_id not in args.games:
                continue
            checked: set[tuple[str, str]] = set()
            for number in range(args.served):
                played = whole_game(server, game_id, players, b"served %d" % number)
                for (protocol, _), payloads in loads(played, modes, args.protocols,
                                                     players).items():
                    for payload in payloads:
                        server.senders[protocol](payload)
            turns = []
            for number in range(args.turns):
                played = whole_game(server, game_id, players, b"measured %d" % number)
                turns.append(play_turn(server, loads(played, modes, args.protocols, players),
                                       modes, args.protocols, checked))
            report(game_id, players, turns, modes, args.protocols)
    finally:
        server.stop()
    print("(server CPU per ApplyAction, every thread of its processes, all seats' views and"
          " the spectator's, as each mode made the call first: median (range) over the turns,"
          " each a whole game new to the worker; ratio to none: the median (range) of the"
          " turns' ratios; `any position`: each call's mean over the turn's rounds; one"
          f" worker, served {args.served} games per mode and protocol first)")


if __name__ == "__main__":
    main()
