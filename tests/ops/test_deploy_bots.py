"""deploy/k8s/components/bots: the optional Deployment for bot traffic renders
into every overlay, validates strictly, and is wired to its own pods, HPA,
Services and configuration while sharing the overlay's keys and settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from service.config import load_config
from tests.ops.test_deploy import (
    CRD_SCHEMAS,
    K8S_VERSIONS,
    OVERLAYS,
    assert_valid_strictly,
    matches,
    one,
    render,
)


@pytest.fixture(scope="module", params=OVERLAYS)
def with_bots(request: pytest.FixtureRequest,
              tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict[str, Any]]]:
    overlay = request.param
    return overlay, render(overlay, tmp_path_factory.mktemp(f"{overlay}-bots"), monitoring=True,
                           components=("bots",))


def _pods(objects: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return one(objects, "Deployment", name)["spec"]["template"]  # type: ignore[no-any-return]


def _selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_overlay_with_bots_validates_strictly(with_bots: tuple[str, list[dict[str, Any]]],
                                              version: str, tmp_path: Path) -> None:
    assert_valid_strictly(with_bots[1], version, tmp_path)


def test_bots_have_their_own_pods_hpa_and_services(
        with_bots: tuple[str, list[dict[str, Any]]]) -> None:
    """Each Service, PDB, NetworkPolicy and ServiceMonitor selects exactly one
    Deployment's pods: the game traffic never lands on a bot pod, nor the reverse."""
    _, objects = with_bots
    main = _pods(objects, "marketplay")["metadata"]["labels"]
    bots = _pods(objects, "marketplay-bots")["metadata"]["labels"]
    deployment = one(objects, "Deployment", "marketplay-bots")
    assert _selects(deployment["spec"]["selector"]["matchLabels"], bots)
    assert not _selects(deployment["spec"]["selector"]["matchLabels"], main)
    for kind, name, path in (("Service", "marketplay-bots", ("selector",)),
                             ("Service", "marketplay-bots-headless", ("selector",)),
                             ("PodDisruptionBudget", "marketplay-bots", ("selector", "matchLabels")),
                             ("NetworkPolicy", "marketplay-bots", ("podSelector", "matchLabels"))):
        selector = one(objects, kind, name)["spec"]
        for key in path:
            selector = selector[key]
        assert _selects(selector, bots) and not _selects(selector, main), (kind, name)
    for name in ("marketplay", "marketplay-headless"):
        selector = one(objects, "Service", name)["spec"]["selector"]
        assert _selects(selector, main) and not _selects(selector, bots), name
    assert one(objects, "Service", "marketplay-bots-headless")["spec"]["clusterIP"] == "None"
    hpa = one(objects, "HorizontalPodAutoscaler", "marketplay-bots")["spec"]
    assert hpa["scaleTargetRef"]["name"] == "marketplay-bots"
    assert "replicas" not in deployment["spec"]


def test_the_monitoring_component_scrapes_the_bot_pods_too(
        with_bots: tuple[str, list[dict[str, Any]]]) -> None:
    """One ServiceMonitor, one job: the game and bot Services (not the headless ones)."""
    _, objects = with_bots
    monitor = one(objects, "ServiceMonitor")["spec"]
    jsonschema.Draft202012Validator(json.loads(CRD_SCHEMAS["ServiceMonitor"].read_text())
                                    ).validate(one(objects, "ServiceMonitor"))
    scraped = [o["metadata"]["name"] for o in objects
               if o["kind"] == "Service" and matches(monitor["selector"], o["metadata"]["labels"])]
    assert scraped == ["marketplay", "marketplay-bots"]
    bots = _pods(objects, "marketplay-bots")["metadata"]["labels"]
    assert bots[monitor["jobLabel"]] == "marketplay"  # the job="marketplay" of the alerts


def test_bots_share_keys_and_settings_and_add_their_own(
        with_bots: tuple[str, list[dict[str, Any]]]) -> None:
    """Same image, Secret and ConfigMap as the main pods (states open on
    either), then the bot settings on top; one worker per requested core."""
    _, objects = with_bots
    main = _pods(objects, "marketplay")["spec"]
    bots = _pods(objects, "marketplay-bots")["spec"]
    assert bots["containers"][0]["image"] == main["containers"][0]["image"]
    assert bots["volumes"] == main["volumes"]  # the hashed Secret name included
    refs = [e["configMapRef"]["name"] for e in bots["containers"][0]["envFrom"]]
    assert refs[0] == main["containers"][0]["envFrom"][0]["configMapRef"]["name"]
    maps = {o["metadata"]["name"]: o["data"] for o in objects if o["kind"] == "ConfigMap"}
    assert refs[1].startswith("marketplay-bots-config-")
    env: dict[str, str] = {}
    for ref in refs:  # later envFrom entries win, as in the kubelet
        env.update(maps[ref])
    config = load_config([], env=env)
    resources = bots["containers"][0]["resources"]
    assert config.workers == int(resources["requests"]["cpu"]) == 1
    assert resources["requests"] == resources["limits"]
    assert config.bot_max_concurrent == 1
    assert config.threads >= config.bot_max_concurrent
