"""marketplay's load generator: Locust users that play whole games (docs/load-testing.md).

Built on the generated client (`marketplay.v1`) only: nothing here imports the
server's code. Modules: mix (the traffic file), transport (timed, checked,
reported calls), play (one game and its contract checks), choosers (how moves
are picked), tally (game counts across Locust workers), shapes (traffic over
time), summary (the one-page report).
"""
