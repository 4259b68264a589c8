"""HTTP/2 control-frame floods on the HTTP port: a connection that floods is closed.

Hypercorn handles HTTP/2 in Python, under the worker's GIL, and has no limit
on how fast a client may open and reset streams (CVE-2023-44487, "rapid
reset") or send SETTINGS and PINGs: four connections resetting streams made
every normal HTTP call of the worker time out (`bench/attacks.py`). HTTP/2
servers in C and Rust (nginx, Envoy, hyper) answer a connection that sends
more control frames than any client needs with GOAWAY ENHANCE_YOUR_CALM;
`GuardedH2Protocol` does the same for Hypercorn, before the frames of the
flooding batch create any stream. `install()` puts it where Hypercorn looks
for its HTTP/2 protocol class.

A real client resets a stream it gave up on, or changes SETTINGS a few times
per connection; the limits leave ample room for that.
"""

from __future__ import annotations

import time
from typing import Any

import h2.events
import hypercorn.protocol
from h2.errors import ErrorCodes
from hypercorn.events import Closed
from hypercorn.protocol.h2 import H2Protocol

__all__ = ["MAX_CONTROL_FRAMES", "WINDOW_SECONDS", "GuardedH2Protocol", "install"]

#: Stream resets, SETTINGS and PINGs one connection may send per window.
MAX_CONTROL_FRAMES = 200
WINDOW_SECONDS = 10.0
_CONTROL = (h2.events.StreamReset, h2.events.RemoteSettingsChanged, h2.events.PingReceived)


class GuardedH2Protocol(H2Protocol):
    """Hypercorn's HTTP/2 protocol, closing a connection that floods control frames."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._window_start = time.monotonic()
        self._control_frames = 0

    async def _handle_events(self, events: list[h2.events.Event]) -> None:
        control = sum(isinstance(event, _CONTROL) for event in events)
        if control:
            now = time.monotonic()
            if now - self._window_start > WINDOW_SECONDS:
                self._window_start, self._control_frames = now, 0
            self._control_frames += control
            if self._control_frames > MAX_CONTROL_FRAMES:
                self.connection.close_connection(error_code=ErrorCodes.ENHANCE_YOUR_CALM)
                await self._flush()
                await self.send(Closed())
                return
        await super()._handle_events(events)


def install() -> None:
    """Make Hypercorn build GuardedH2Protocol for every HTTP/2 connection (h2c included)."""
    # ProtocolWrapper looks the class up in its module at each connection
    hypercorn.protocol.H2Protocol = GuardedH2Protocol  # type: ignore[attr-defined]
