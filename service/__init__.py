"""The marketplay service: one protocol-neutral core (core.py) under the gRPC and
HTTP transports, with sealing, errors, bots, metrics and the process around them."""
