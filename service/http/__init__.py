"""The HTTP port: Connect (JSON and binary) and gRPC-Web over GameCore, on embedded Granian.

app.py is the ASGI shell (routes and pages: CORS, health, playground); checks.py checks an RPC
request before connectrpc (body limit, admission, envelopes); watching.py reads back the code a
client saw; answers.py writes what the port answers itself; connect.py adapts connectrpc's
generated service to GameCore; server.py runs Granian on our socket; compression, CORS policy,
gRPC-Web text mode and the OpenAPI document have a module each (the JSON codec is the
protojson library, protojson/).
"""
