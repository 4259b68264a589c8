"""The HTTP port: Connect (JSON and binary) and gRPC-Web over GameCore, on embedded Granian.

app.py is the ASGI shell (routes, CORS, body limit, health, playground); connect.py adapts
connectrpc's generated service to GameCore; server.py runs Granian on our socket; the codec,
compression, CORS policy, gRPC-Web text mode and the OpenAPI document have a module each.
"""
