"""OpenAPI 3.1 for the Connect JSON surface, generated from the proto descriptors.

No maintained Python library turns protobuf descriptors into OpenAPI for
Connect (grpc-gateway's generator targets its own REST mapping and Swagger 2;
protoc-gen-connect-openapi is a Go binary), so this module does it, small and
tested (tests/service/http/test_openapi.py). It reads the FileDescriptorSet that
`make proto` writes beside the generated code (with source info, so proto
comments become descriptions) and follows the proto3 JSON mapping:

* fields by their JSON name (lowerCamelCase); nothing is required, since
  default values are omitted on output and optional on input;
* 64-bit integers as decimal strings, bytes as base64 strings, enums by name,
  float/double as numbers or "NaN"/"Infinity"/"-Infinity", maps as objects,
  google.protobuf.Timestamp as an RFC 3339 date-time string;
* a oneof as a `oneOf` over "this member is set" alternatives plus "none is
  set", so at most one member may appear. Each alternative defines its member
  and forbids the others (`false`), and the parent lists only the fields
  outside the oneof: a generator reading the document keeps the union
  (openapi-typescript: `{ spiceMerchant: ...; centralMarket?: never } | ...`),
  and every `required` name is a property of its own schema (Redocly's
  recommended rules). proto3 `optional` fields are plain properties whose
  description says they have presence: their synthetic oneofs are not real
  choices;
* every RPC as `POST /<package>.<Service>/<Method>` with `application/json`
  bodies, and the Connect error body for error statuses; /healthz and /readyz
  as the plain-text GETs the HTTP port serves beside them, and
  /catalogs/{locale}.ftl, each shipped locale's catalog (service/http/catalogs.py);
* `security: []`: no operation takes a credential in a header, query or cookie.
  A seat token is a field of the request body (`seatToken`), checked by the
  core, which OpenAPI's security schemes cannot describe.

The document passes Spectral's `spectral:oas` and Redocly's recommended rules
with no problem (tests/service/http/test_openapi_lint.py).

`python -m service.http.openapi --out docs/openapi.json` writes the committed
document (`make proto` runs it); the server builds the same document at start
and serves it at /openapi.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2

from service.contract import SERVICE_NAME

__all__ = ["DESCRIPTORS_RESOURCE", "build", "load_descriptors", "openapi_json"]

FieldProto = descriptor_pb2.FieldDescriptorProto
Json = dict[str, Any]

#: Written by `make proto` (protoc --descriptor_set_out --include_source_info).
DESCRIPTORS_RESOURCE = ("marketplay.v1", "descriptors.binpb")
SERVICE = SERVICE_NAME
ERROR_SCHEMA = "connect.Error"
ERROR_DETAIL_SCHEMA = "connect.ErrorDetail"

_INT32 = {"type": "integer", "format": "int32", "minimum": -(2**31), "maximum": 2**31 - 1}
_UINT32 = {"type": "integer", "format": "int64", "minimum": 0, "maximum": 2**32 - 1}
_INT64 = {"type": "string", "format": "int64", "pattern": "^-?[0-9]+$"}
_UINT64 = {"type": "string", "format": "uint64", "pattern": "^[0-9]+$"}
# Standard or URL-safe alphabet, padding optional (what proto3 JSON parsers accept).
_BASE64 = "^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}(?:==)?|[A-Za-z0-9+/_-]{3}=?)?$"
_BYTES = {"type": "string", "contentEncoding": "base64", "pattern": _BASE64}
_NON_FINITE = {"type": "string", "enum": ["NaN", "Infinity", "-Infinity"]}
_SCALARS: dict[int, Json] = {
    FieldProto.TYPE_DOUBLE: {"oneOf": [{"type": "number", "format": "double"}, _NON_FINITE]},
    FieldProto.TYPE_FLOAT: {"oneOf": [{"type": "number", "format": "float"}, _NON_FINITE]},
    FieldProto.TYPE_INT32: _INT32,
    FieldProto.TYPE_SINT32: _INT32,
    FieldProto.TYPE_SFIXED32: _INT32,
    FieldProto.TYPE_UINT32: _UINT32,
    FieldProto.TYPE_FIXED32: _UINT32,
    FieldProto.TYPE_INT64: _INT64,
    FieldProto.TYPE_SINT64: _INT64,
    FieldProto.TYPE_SFIXED64: _INT64,
    FieldProto.TYPE_UINT64: _UINT64,
    FieldProto.TYPE_FIXED64: _UINT64,
    FieldProto.TYPE_BOOL: {"type": "boolean"},
    FieldProto.TYPE_STRING: {"type": "string"},
    FieldProto.TYPE_BYTES: _BYTES,
}
# Well-known types with a JSON form of their own (only those the contract uses).
_WELL_KNOWN: dict[str, Json] = {
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time"},
}
_MAP_KEY_PATTERNS = {
    FieldProto.TYPE_BOOL: "^(true|false)$",
    FieldProto.TYPE_UINT32: "^[0-9]+$", FieldProto.TYPE_FIXED32: "^[0-9]+$",
    FieldProto.TYPE_UINT64: "^[0-9]+$", FieldProto.TYPE_FIXED64: "^[0-9]+$",
}
_INT_KEY = "^-?[0-9]+$"
_PRESENCE = "(proto3 `optional`: written whenever set, even to its default; absent when unset.)"

# Connect's code -> HTTP status table (connectrpc.org/docs/protocol#error-codes), for
# the codes GameCore and the HTTP port answer a POST with (docs/http.md, "Errors").
ERROR_STATUSES: dict[str, str] = {
    "400": "invalid_argument (malformed request, bad state, bad option), failed_precondition "
           "(illegal action, game over) or out_of_range",
    "403": "permission_denied: not this seat's turn, or a seat token is missing or wrong",
    "404": "not_found: unknown game or rules version",
    "408": "deadline_exceeded (BODY_TIMEOUT): the body did not arrive within "
           "--http-body-timeout-ms",
    "409": "aborted: expected_step is stale (another action was applied first)",
    "413": "resource_exhausted: the body is over --max-request-bytes",
    "415": "unimplemented (UNSUPPORTED_CONTENT_TYPE): a Content-Type other than "
           "application/json, application/proto or gRPC-Web, the message naming them; "
           "GRPC_ON_GRPC_PORT: native gRPC over HTTP/1.1 (the gRPC port serves it)",
    "429": "resource_exhausted: the request asks for more than a limit allows "
           "(REPLAY_TOO_LONG), the worker has --max-concurrent-rpcs calls in flight "
           "(OVERLOADED), or its bots are all searching (BOTS_BUSY): retry with backoff",
    "500": "internal (INTERNAL_ERROR): a bug in the server, never the caller's input; "
           "logged with its traceback",
    "501": "unimplemented (UNSUPPORTED_ENCODING): a Content-Encoding other than gzip "
           "or identity",
    "503": "unavailable (DRAINING): the server is shutting down; retry, another "
           "replica answers",
    "504": "deadline_exceeded: the caller's Connect-Timeout-Ms ran out",
}
CONNECT_CODES = (
    "canceled", "unknown", "invalid_argument", "deadline_exceeded", "not_found",
    "already_exists", "permission_denied", "resource_exhausted", "failed_precondition",
    "aborted", "out_of_range", "unimplemented", "internal", "unavailable", "data_loss",
    "unauthenticated",
)


def load_descriptors(path: Path | None = None) -> descriptor_pb2.FileDescriptorSet:
    """The contract's descriptors: from `path`, else those shipped with the generated code."""
    if path is not None:
        data = path.read_bytes()
    else:
        package, name = DESCRIPTORS_RESOURCE
        data = resources.files(package).joinpath(name).read_bytes()
    return descriptor_pb2.FileDescriptorSet.FromString(data)


@dataclass(frozen=True)
class _Type:
    proto: descriptor_pb2.DescriptorProto | descriptor_pb2.EnumDescriptorProto
    comment: str
    field_comments: tuple[str, ...] = ()
    value_comments: tuple[str, ...] = ()


class _Contract:
    """Messages, enums and services by full name, with their comments."""

    def __init__(self, files: descriptor_pb2.FileDescriptorSet) -> None:
        self.types: dict[str, _Type] = {}
        self.services: dict[str, tuple[descriptor_pb2.ServiceDescriptorProto, str, list[str]]] = {}
        for file in files.file:
            comments = {tuple(loc.path): _comment(loc) for loc in file.source_code_info.location}
            prefix = f".{file.package}" if file.package else ""
            for i, message in enumerate(file.message_type):
                self._add_message(f"{prefix}.{message.name}", message, (4, i), comments)
            for i, enum in enumerate(file.enum_type):
                self._add_enum(f"{prefix}.{enum.name}", enum, (5, i), comments)
            for i, service in enumerate(file.service):
                methods = [comments.get((6, i, 2, m), "") for m in range(len(service.method))]
                self.services[f"{file.package}.{service.name}"] = (
                    service, comments.get((6, i), ""), methods,
                )

    def _add_message(self, name: str, message: descriptor_pb2.DescriptorProto,
                     path: tuple[int, ...], comments: dict[tuple[int, ...], str]) -> None:
        fields = tuple(comments.get((*path, 2, f), "") for f in range(len(message.field)))
        self.types[name] = _Type(message, comments.get(path, ""), fields)
        for i, nested in enumerate(message.nested_type):
            self._add_message(f"{name}.{nested.name}", nested, (*path, 3, i), comments)
        for i, enum in enumerate(message.enum_type):
            self._add_enum(f"{name}.{enum.name}", enum, (*path, 4, i), comments)

    def _add_enum(self, name: str, enum: descriptor_pb2.EnumDescriptorProto,
                  path: tuple[int, ...], comments: dict[tuple[int, ...], str]) -> None:
        values = tuple(comments.get((*path, 2, v), "") for v in range(len(enum.value)))
        self.types[name] = _Type(enum, comments.get(path, ""), value_comments=values)


def _comment(location: descriptor_pb2.SourceCodeInfo.Location) -> str:
    parts = [location.leading_comments, location.trailing_comments]
    lines = [line.strip() for part in parts for line in part.strip().splitlines()]
    return "\n".join(line for line in lines if line)


def _ref(full_name: str) -> Json:
    return {"$ref": f"#/components/schemas/{full_name.lstrip('.')}"}


def _described(schema: Json, comment: str) -> Json:
    return {**schema, "description": comment} if comment else schema


class _Builder:
    def __init__(self, contract: _Contract) -> None:
        self.contract = contract
        self.schemas: dict[str, Json] = {}

    def reach(self, full_name: str) -> None:
        """Emit the schema of a message or enum and of everything it refers to."""
        key = full_name.lstrip(".")
        if key in self.schemas or full_name in _WELL_KNOWN_DOTTED:
            return
        entry = self.contract.types[full_name]
        if isinstance(entry.proto, descriptor_pb2.EnumDescriptorProto):
            self.schemas[key] = self._enum(entry)
            return
        self.schemas[key] = {}  # placeholder against recursion; filled below
        self.schemas[key] = self._message(full_name, entry)

    def _enum(self, entry: _Type) -> Json:
        assert isinstance(entry.proto, descriptor_pb2.EnumDescriptorProto)
        notes = [f"{v.name}: {c}" for v, c in zip(entry.proto.value, entry.value_comments, strict=True)
                 if c]
        comment = "\n".join(filter(None, [entry.comment, *notes]))
        return _described({"type": "string", "enum": [v.name for v in entry.proto.value]}, comment)

    def _message(self, full_name: str, entry: _Type) -> Json:
        message = entry.proto
        assert isinstance(message, descriptor_pb2.DescriptorProto)
        properties: Json = {}
        choices: dict[int, Json] = {}
        for field, comment in zip(message.field, entry.field_comments, strict=True):
            if field.proto3_optional:
                comment = "\n".join(filter(None, [comment, _PRESENCE]))
            schema = _described(self._field(full_name, field), comment)
            if field.HasField("oneof_index") and not field.proto3_optional:
                choices.setdefault(field.oneof_index, {})[field.json_name] = schema
            else:
                properties[field.json_name] = schema
        schema = {"type": "object", "properties": properties}
        one_ofs = [_one_of(members) for _, members in sorted(choices.items())]
        if len(one_ofs) == 1:
            schema["oneOf"] = one_ofs[0]
        elif one_ofs:
            schema["allOf"] = [{"oneOf": alternatives} for alternatives in one_ofs]
        return _described(schema, entry.comment)

    def _field(self, parent: str, field: FieldProto) -> Json:
        entry = self.contract.types.get(field.type_name)
        if field.label == FieldProto.LABEL_REPEATED and entry is not None and \
                isinstance(entry.proto, descriptor_pb2.DescriptorProto) and \
                entry.proto.options.map_entry:
            key, value = entry.proto.field
            names: Json = {"pattern": _MAP_KEY_PATTERNS.get(key.type, _INT_KEY)} \
                if key.type != FieldProto.TYPE_STRING else {}
            schema: Json = {"type": "object", "additionalProperties": self._single(value)}
            if names:
                schema["propertyNames"] = names
            return schema
        single = self._single(field)
        if field.label == FieldProto.LABEL_REPEATED:
            return {"type": "array", "items": single}
        return single

    def _single(self, field: FieldProto) -> Json:
        if field.type in (FieldProto.TYPE_MESSAGE, FieldProto.TYPE_ENUM):
            known = _WELL_KNOWN_DOTTED.get(field.type_name)
            if known is not None:
                return dict(known)
            self.reach(field.type_name)
            return _ref(field.type_name)
        return dict(_SCALARS[field.type])


_WELL_KNOWN_DOTTED = {f".{name}": schema for name, schema in _WELL_KNOWN.items()}


def _one_of(members: Json) -> list[Json]:
    """Exactly one alternative holds: one member set (the others absent), or none of them.

    `members` maps each member's JSON name to its schema. A `false` property schema
    forbids that name, so the alternatives exclude each other by themselves."""
    alternatives: list[Json] = [
        {"type": "object",
         "properties": {other: (schema if other == name else False)
                        for other, schema in members.items()},
         "required": [name]}
        for name in members
    ]
    none = {"type": "object", "properties": dict.fromkeys(members, False)}
    return [*alternatives, none]


def _error_schemas() -> dict[str, Json]:
    return {
        ERROR_SCHEMA: {
            "type": "object",
            "description": "A Connect error (connectrpc.org/docs/protocol#error-end-stream).",
            "properties": {
                "code": {"type": "string", "enum": list(CONNECT_CODES)},
                "message": {"type": "string"},
                "details": {"type": "array", "items": {"$ref": f"#/components/schemas/"
                                                                f"{ERROR_DETAIL_SCHEMA}"}},
            },
            "required": ["code"],
        },
        ERROR_DETAIL_SCHEMA: {
            "type": "object",
            "description": "A google.protobuf.Any as Connect writes it: the type name, the "
                           "message in unpadded base64, and a readable copy in `debug` "
                           "(for google.rpc.ErrorInfo: reason, domain, metadata).",
            "properties": {
                "type": {"type": "string", "examples": ["google.rpc.ErrorInfo"]},
                "value": {"type": "string", "contentEncoding": "base64"},
                "debug": {"type": "object"},
            },
            "required": ["type", "value"],
        },
    }


def _operations(contract: _Contract, builder: _Builder) -> Iterator[tuple[str, Json]]:
    service, _, method_comments = contract.services[SERVICE]
    error = {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}}
    for method, comment in zip(service.method, method_comments, strict=True):
        builder.reach(method.input_type)
        builder.reach(method.output_type)
        responses: Json = {
            "200": {"description": "The response message.", "content": {
                "application/json": {"schema": _ref(method.output_type)}}},
        }
        for status, meaning in ERROR_STATUSES.items():
            responses[status] = {"description": meaning, "content": error}
        responses["default"] = {"description": "Any other Connect error.", "content": error}
        operation: Json = {
            "operationId": method.name,
            "tags": [service.name],
            "summary": comment.splitlines()[0] if comment else method.name,
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": _ref(method.input_type)}}},
            "responses": responses,
        }
        if comment:
            operation["description"] = comment
        yield f"/{SERVICE}/{method.name}", {"post": operation}


HEALTH_TAG = "Health"
_PLAIN = "text/plain; charset=utf-8"


def _text(description: str, example: str) -> Json:
    return {"description": description,
            "content": {_PLAIN: {"schema": {"type": "string", "examples": [example]}}}}


def _health_paths() -> dict[str, Json]:
    """/healthz and /readyz as service/http/app.py answers them (GET; HEAD too)."""
    return {
        "/healthz": {"get": {
            "operationId": "healthz", "tags": [HEALTH_TAG],
            "summary": "Liveness: 200 while the process serves.",
            "description": "For a liveness probe: answers while the process runs, draining "
                           "or not. HEAD answers the same without a body.",
            "responses": {"200": _text("The process serves.", "ok\n")},
        }},
        "/readyz": {"get": {
            "operationId": "readyz", "tags": [HEALTH_TAG],
            "summary": "Readiness: 200, or 503 once draining (SIGTERM).",
            "description": "For a readiness probe or a load balancer: 503 from SIGTERM on, "
                           "while calls in flight finish. HEAD answers the same without a body.",
            "responses": {
                "200": _text("Ready for calls.", "ready\n"),
                "503": _text("Draining: new calls are refused (UNAVAILABLE, DRAINING); "
                             "route them elsewhere.", "draining\n"),
            },
        }},
    }


CATALOGS_TAG = "Catalogs"


def _catalog_paths(locales: Sequence[str]) -> dict[str, Json]:
    """/catalogs/{locale}.ftl as service/http/catalogs.py answers it (GET; HEAD too)."""
    return {
        "/catalogs/{locale}.ftl": {"get": {
            "operationId": "catalog", "tags": [CATALOGS_TAG],
            "summary": "A shipped locale's whole catalog (Project Fluent), to render Messages locally.",
            "description": "The shared catalog and every game's, as the server renders with "
                           "them: for a frontend that asks for Messages without text "
                           "(ViewSelection.messages) and renders them itself. Revalidated on "
                           "every use (Cache-Control: no-cache, ETag; If-None-Match answers "
                           "304). HEAD answers the same without a body.",
            "parameters": [{
                "name": "locale", "in": "path", "required": True,
                "description": "A shipped locale, exactly (GameUpdate.locale names the one a "
                               "response was rendered in).",
                "schema": {"type": "string", "enum": list(locales)},
            }],
            "responses": {
                "200": _text("The catalog, UTF-8.", "seat-default-name = Player { $number }\n"),
                "404": {"description": "No catalog for that locale (UNKNOWN_PATH).",
                        "content": {"application/json": {
                            "schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}}},
            },
        }},
    }


def shipped_locales() -> tuple[str, ...]:
    """The locales this build's catalogs render (service/text.py)."""
    from service.text import shipped_catalogs

    return shipped_catalogs().locales


def release() -> str:
    """The installed marketplay's version (pyproject.toml's), the document's info.version."""
    return metadata.version("marketplay")


def build(files: descriptor_pb2.FileDescriptorSet, locales: Sequence[str] | None = None) -> Json:
    """The OpenAPI document (a JSON-ready dict) for the service in `files`, with
    the catalogs of `locales` (default: the shipped ones)."""
    contract = _Contract(files)
    builder = _Builder(contract)
    _, service_comment, _ = contract.services[SERVICE]
    paths = {**dict(_operations(contract, builder)), **_health_paths(),
             **_catalog_paths(shipped_locales() if locales is None else locales)}
    service_name = SERVICE.rsplit(".", 1)[-1]
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "marketplay GameService: Connect JSON",
            "version": release(),
            "description": "\n\n".join(filter(None, [service_comment, (
                "Every RPC is a POST of the request message as proto3 JSON "
                "(Content-Type: application/json) to /marketplay.v1.GameService/<Method>; "
                "the same calls are served over gRPC, Connect binary and gRPC-Web. "
                "See docs/http.md."
            )])),
            "contact": {"name": "marketplay maintainers (issues on the repository)"},
            "license": {"name": "Apache-2.0", "identifier": "Apache-2.0"},
        },
        "servers": [{"url": "/", "description": "the server that serves this document"}],
        "security": [],
        "tags": [
            {"name": service_name, "description": service_comment or "The game RPCs."},
            {"name": HEALTH_TAG, "description": "Liveness and readiness for load balancers "
                                                 "and orchestrators (docs/http.md)."},
            {"name": CATALOGS_TAG, "description": "The catalogs of player-facing text, for "
                                                   "frontends that render it themselves "
                                                   "(docs/http.md)."},
        ],
        "paths": paths,
        "components": {"schemas": {**dict(sorted(builder.schemas.items())), **_error_schemas()}},
    }


def render(document: Json) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def openapi_json() -> bytes:
    """The document the server serves at /openapi.json (same as docs/openapi.json)."""
    return render(build(load_descriptors())).encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the OpenAPI document of the JSON API.")
    parser.add_argument("--descriptors", type=Path, default=None,
                        help="FileDescriptorSet with source info (default: the generated one)")
    parser.add_argument("--out", type=Path, default=None, help="output file (default: stdout)")
    args = parser.parse_args(argv)
    text = render(build(load_descriptors(args.descriptors)))
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
