"""A raw HTTP/2 client for attacks: frames written by hand, no flow of its own.

Built on hyperframe and hpack (the frame and header codecs of python-hyper, which
httpx's HTTP/2 support already brings), so a test can do what a polite client
library refuses to: open streams past the server's limit, send HEADERS and never
a body, reset streams as fast as it opens them, flood SETTINGS. Loopback only.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterable

from hpack import Decoder, Encoder
from hyperframe.frame import (
    DataFrame,
    Frame,
    HeadersFrame,
    PingFrame,
    RstStreamFrame,
    SettingsFrame,
)

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
#: HTTP/2 error code CANCEL, as a client resetting a stream sends it.
CANCEL = 0x8


class RawH2:
    """One HTTP/2 connection to 127.0.0.1:`port` that answers the server's SETTINGS and
    PINGs (so the server keeps it open) and otherwise sends only what it is told."""

    def __init__(self, port: int, authority: str = "127.0.0.1") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._authority = authority
        self._encoder = Encoder()
        self._lock = threading.Lock()
        self._next_stream = 1
        self.closed = threading.Event()
        #: Streams the server reset (REFUSED_STREAM and others), and GOAWAYs received.
        self.resets = 0
        self.goaways = 0
        #: Stream id -> the headers of the server's first HEADERS frame on it (its answer).
        self.answers: dict[int, dict[str, str]] = {}
        self._decoder = Decoder()
        self.send(PREFACE + SettingsFrame(0).serialize())
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def send(self, data: bytes) -> None:
        with self._lock:
            self.sock.sendall(data)

    def headers(self, path: str, content_type: str = "application/grpc",
                end_stream: bool = False, extra: Iterable[tuple[str, str]] = ()) -> int:
        """Open a stream with a POST's HEADERS only; its stream id."""
        with self._lock:
            stream = self._next_stream
            self._next_stream += 2
            block = self._encoder.encode([
                (":method", "POST"), (":scheme", "http"), (":path", path),
                (":authority", self._authority), ("content-type", content_type),
                ("te", "trailers"), *extra])
        flags = {"END_HEADERS", *({"END_STREAM"} if end_stream else set())}
        self.send(HeadersFrame(stream, data=block, flags=flags).serialize())
        return stream

    def data(self, stream: int, payload: bytes, end_stream: bool = True) -> None:
        flags = {"END_STREAM"} if end_stream else set()
        self.send(DataFrame(stream, data=payload, flags=flags).serialize())

    def reset(self, stream: int) -> None:
        self.send(RstStreamFrame(stream, error_code=CANCEL).serialize())

    def settings(self) -> None:
        self.send(SettingsFrame(0, settings={SettingsFrame.INITIAL_WINDOW_SIZE: 65535})
                  .serialize())

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.closed.set()

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                buffer += chunk
                while len(buffer) >= 9:
                    frame, length = Frame.parse_frame_header(memoryview(buffer[:9]))
                    if len(buffer) < 9 + length:
                        break
                    frame.parse_body(memoryview(buffer[9:9 + length]))
                    buffer = buffer[9 + length:]
                    self._answer(frame)
        except (OSError, ValueError):
            pass
        finally:
            self.closed.set()

    def _answer(self, frame: Frame) -> None:
        if isinstance(frame, SettingsFrame) and "ACK" not in frame.flags:
            self.send(SettingsFrame(0, flags={"ACK"}).serialize())
        elif isinstance(frame, PingFrame) and "ACK" not in frame.flags:
            self.send(PingFrame(0, opaque_data=frame.opaque_data, flags={"ACK"}).serialize())
        elif isinstance(frame, RstStreamFrame):
            self.resets += 1
        elif isinstance(frame, HeadersFrame):
            decoded = dict(self._decoder.decode(frame.data, raw=False))
            self.answers.setdefault(frame.stream_id, decoded)
        elif frame.type == 0x7:  # GOAWAY
            self.goaways += 1
