"""tests/loopback.py: a server's ports never collide within one process."""

from __future__ import annotations

import socket

from tests.loopback import free_port


def test_no_port_is_handed_out_twice() -> None:
    ports = [free_port() for _ in range(300)]
    assert len(set(ports)) == len(ports)


def test_a_handed_out_port_is_free_to_bind() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", free_port()))
