"""docs/openapi.json: a valid OpenAPI 3.1 document that describes what the server sends.

Staleness (docs/openapi.json == the generator's output) is checked with the
rest of the generated code in test_generated_code.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from google.protobuf import json_format
from openapi_spec_validator import validate

from engines import registry
from marketplay.v1 import game_service_pb2 as pb
from service.http.openapi import build, load_descriptors
from service.text import shipped_catalogs
from tests.service.conftest import ServedHttp, first_legal
from tests.service.http_client import SERVICE, http_client, post_json

ROOT = Path(__file__).resolve().parents[3]
DOC: dict[str, Any] = json.loads((ROOT / "docs" / "openapi.json").read_text())
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]


def _properties(name: str) -> dict[str, Any]:
    return dict(SCHEMAS[f"marketplay.v1.{name}"]["properties"])


def test_the_document_is_valid_openapi_3_1() -> None:
    assert DOC["openapi"].startswith("3.1")
    validate(DOC)


def test_the_served_document_is_the_generated_one() -> None:
    assert build(load_descriptors()) == DOC


def test_every_rpc_is_a_json_post() -> None:
    methods = {m.name for m in pb.DESCRIPTOR.services_by_name["GameService"].methods}
    assert set(DOC["paths"]) == {f"/{SERVICE}/{m}" for m in methods} | {
        "/healthz", "/readyz", "/catalogs/{locale}.ftl"}
    for method in methods:
        operation = DOC["paths"][f"/{SERVICE}/{method}"]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/marketplay.v1.{method}Request"}
        ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": f"#/components/schemas/marketplay.v1.{method}Response"}
        error = operation["responses"]["413"]["content"]["application/json"]["schema"]
        assert error == {"$ref": "#/components/schemas/connect.Error"}
        assert operation["summary"]  # from the proto comment


def test_proto3_json_mapping() -> None:
    apply = _properties("ApplyActionRequest")
    # lowerCamelCase names; an optional int64 is a decimal string and no oneOf
    assert apply["expectedStep"]["type"] == "string"
    assert apply["expectedStep"]["format"] == "int64"
    assert "The step the action was chosen at" in apply["expectedStep"]["description"]
    assert "proto3 `optional`" in apply["expectedStep"]["description"]
    assert "optional" not in apply["seat"].get("description", "")
    assert "oneOf" not in SCHEMAS["marketplay.v1.ApplyActionRequest"]
    # bytes: base64; maps: objects, integer keys as decimal strings
    assert apply["state"]["contentEncoding"] == "base64"
    assert apply["viewTokens"]["type"] == "object"
    assert apply["viewTokens"]["propertyNames"] == {"pattern": "^-?[0-9]+$"}
    assert apply["viewTokens"]["additionalProperties"] == {"type": "string"}
    assert _properties("NewGameRequest")["options"]["additionalProperties"] == {"type": "string"}
    # int32 bounded; enums by name; Timestamp as RFC 3339
    assert _properties("NewGameRequest")["numPlayers"]["maximum"] == 2**31 - 1
    assert SCHEMAS["marketplay.v1.OptionType"]["enum"][0] == "OPTION_TYPE_UNSPECIFIED"
    assert _properties("OptionInfo")["type"] == {"$ref": "#/components/schemas/marketplay.v1.OptionType"}
    expires = _properties("NewGameResponse")["seatTokensExpireAt"]
    assert (expires["type"], expires["format"]) == ("string", "date-time")
    # double: a number, or NaN/Infinity as strings
    mean = _properties("CandidateStats")["meanValue"]
    assert {"type": "number", "format": "double"} in mean["oneOf"]
    # repeated: arrays of references
    assert _properties("GameUpdate")["views"]["items"] == {
        "$ref": "#/components/schemas/marketplay.v1.GameView"}


def test_a_oneof_allows_one_member_or_none() -> None:
    schema = {**SCHEMAS["marketplay.v1.GameAction"], "components": DOC["components"]}
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({})
    assert validator.is_valid({"spiceMerchant": {}})
    assert not validator.is_valid({"spiceMerchant": {}, "centralMarket": {}})
    assert not validator.is_valid({"spiceMerchant": {"registerSecret": [], "openTrade": {}}})
    assert not validator.is_valid({"spiceMerchant": {"registerSecret": []}})  # not an object
    # GameView: plain fields beside the oneof, whose members stay checked
    view = _validator("marketplay.v1.GameView")
    assert view.is_valid({"seat": 1, "marketFresh": {}})
    assert not view.is_valid({"seat": 1, "marketFresh": {}, "spiceMerchant": {}})
    assert not view.is_valid({"marketFresh": []})


def test_every_required_name_is_a_property_of_its_own_schema() -> None:
    """What Redocly's no-required-schema-properties-undefined asks (issue 22: 71 oneOf
    branches such as {"required": ["spiceMerchant"]} named only the parent's properties,
    so openapi-typescript typed every envelope as `{...} & (unknown | unknown | ...)`)."""
    def walk(node: Any) -> Iterator[dict[str, Any]]:
        if isinstance(node, dict):
            yield node
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    undefined = [(schema["required"], sorted(schema.get("properties", {})))
                 for schema in walk(DOC) if isinstance(schema.get("required"), list)
                 and not set(schema["required"]) <= set(schema.get("properties", {}))]
    assert not undefined


def test_info_names_the_release_licence_and_contact() -> None:
    """info.version is the release (pyproject.toml), not the proto package's "v1"."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert DOC["info"]["version"] == project["version"]
    assert DOC["info"]["license"] == {"name": "Apache-2.0", "identifier": "Apache-2.0"}
    assert DOC["info"]["contact"]["name"]
    assert DOC["security"] == []  # seat tokens travel in the body (seatToken), not a header
    tags = {tag["name"] for tag in DOC["tags"]}
    used = {tag for ops in DOC["paths"].values() for op in ops.values() for tag in op["tags"]}
    assert used == tags == {"GameService", "Health", "Catalogs"}


def test_health_pages_are_documented_as_served(http_served: ServedHttp,
                                               client: httpx.Client) -> None:
    for path, statuses in (("/healthz", {"200"}), ("/readyz", {"200", "503"})):
        operation = DOC["paths"][path]["get"]
        assert set(operation["responses"]) == statuses
        answer = client.get(http_served.base + path)
        assert str(answer.status_code) in statuses
        documented = operation["responses"][str(answer.status_code)]["content"]
        assert answer.headers["content-type"] in documented
        example = documented[answer.headers["content-type"]]["schema"]["examples"][0]
        assert answer.text == example


def test_catalogs_are_documented_as_served(http_served: ServedHttp, client: httpx.Client) -> None:
    """Every shipped locale's catalog answers 200 in the documented type; another 404."""
    operation = DOC["paths"]["/catalogs/{locale}.ftl"]["get"]
    locales = operation["parameters"][0]["schema"]["enum"]
    assert locales == list(shipped_catalogs().locales)
    for locale in locales:
        answer = client.get(f"{http_served.base}/catalogs/{locale}.ftl")
        assert answer.status_code == 200, locale
        assert answer.headers["content-type"] in operation["responses"]["200"]["content"]
    missing = client.get(f"{http_served.base}/catalogs/fr.ftl")
    assert missing.status_code == 404
    assert missing.headers["content-type"] in operation["responses"]["404"]["content"]
    _validator("connect.Error").validate(missing.json())


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOC["components"]}
    return jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with http_client("http1") as c:
        yield c


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_real_responses_match_their_schemas(http_served: ServedHttp, client: httpx.Client,
                                            game_id: str) -> None:
    """Every game's updates, views, events and errors as the server writes them."""
    engine = registry.ENGINES[game_id]
    players = engine.spec.max_players
    views = {"allSeats": True, "spectator": True}
    new = post_json(client, http_served.base, "NewGame",
                    {"gameId": game_id, "numPlayers": players, "views": views})
    assert new.status_code == 200, new.text
    _validator("marketplay.v1.NewGameResponse").validate(new.json())
    update = new.json()["update"]
    for _ in range(6):
        proto_update = json_format.ParseDict(update, pb.GameUpdate())
        seat, action = first_legal(proto_update)
        body = {"state": update["state"], "seat": seat,
                "action": json_format.MessageToDict(action), "views": views}
        applied = post_json(client, http_served.base, "ApplyAction", body)
        assert applied.status_code == 200, applied.text
        _validator("marketplay.v1.ApplyActionResponse").validate(applied.json())
        update = applied.json()["update"]
    listed = post_json(client, http_served.base, "ListGames", {})
    _validator("marketplay.v1.ListGamesResponse").validate(listed.json())
    refused = post_json(client, http_served.base, "ApplyAction", {"state": update["state"]})
    assert refused.status_code == 400
    _validator("connect.Error").validate(refused.json())
