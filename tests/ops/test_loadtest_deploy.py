"""deploy/loadtest/: the distributed Locust manifests render, validate strictly, wire the
workers to the master, and start Locust with arguments it accepts; the image lints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops.test_deploy import K8S_VERSIONS, _kustomize_command, one
from tests.ops.tools import tool

ROOT = Path(__file__).resolve().parents[2]
LOADTEST = ROOT / "deploy" / "loadtest"
DOCKERFILE = (LOADTEST / "Dockerfile").read_text()
IMAGE_LOCUSTFILE = "/opt/loadtest/locustfile.py"


@pytest.fixture(scope="module")
def objects() -> list[dict[str, Any]]:
    out = subprocess.run(_kustomize_command(LOADTEST), capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    return [doc for doc in yaml.safe_load_all(out.stdout) if doc]


def deployment(objects: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return one(objects, "Deployment", name)


def container(objects: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return deployment(objects, name)["spec"]["template"]["spec"]["containers"][0]  # type: ignore[no-any-return]


def flags(c: dict[str, Any]) -> dict[str, str]:
    return dict(a.removeprefix("--").partition("=")[::2] for a in c["args"])


def config(objects: list[dict[str, Any]], prefix: str) -> dict[str, Any]:
    found = [o for o in objects if o["kind"] == "ConfigMap" and o["metadata"]["name"].startswith(prefix)]
    assert len(found) == 1
    return found[0]


def test_renders_master_service_workers_and_config(objects: list[dict[str, Any]]) -> None:
    kinds = sorted((o["kind"], o["metadata"]["name"].rsplit("-", 1)[0]
                    if o["kind"] == "ConfigMap" else o["metadata"]["name"]) for o in objects)
    assert kinds == [("ConfigMap", "locust-config"), ("ConfigMap", "locust-mix"),
                     ("Deployment", "locust-master"), ("Deployment", "locust-worker"),
                     ("Namespace", "marketplay-load"), ("Service", "locust-master")]
    assert deployment(objects, "locust-master")["spec"]["replicas"] == 1
    assert deployment(objects, "locust-worker")["spec"]["replicas"] >= 1


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_validates_strictly(objects: list[dict[str, Any]], version: str, tmp_path: Path) -> None:
    path = tmp_path / "loadtest.yaml"
    path.write_text(yaml.safe_dump_all(objects))
    out = subprocess.run([tool("kubernetes-validate"), "--strict", "--quiet", "-k", version, str(path)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "WARN" not in out.stdout + out.stderr


def test_workers_reach_the_master_through_its_service(objects: list[dict[str, Any]]) -> None:
    master, worker = container(objects, "locust-master"), container(objects, "locust-worker")
    service = one(objects, "Service", "locust-master")
    pod_labels = deployment(objects, "locust-master")["spec"]["template"]["metadata"]["labels"]
    assert all(pod_labels.get(k) == v for k, v in service["spec"]["selector"].items())
    worker_labels = deployment(objects, "locust-worker")["spec"]["template"]["metadata"]["labels"]
    assert not all(worker_labels.get(k) == v for k, v in service["spec"]["selector"].items())
    ports = {p["name"]: p["containerPort"] for p in master["ports"]}
    assert {p["targetPort"]: p["port"] for p in service["spec"]["ports"]} == ports
    assert flags(worker)["master-host"] == service["metadata"]["name"]
    assert int(flags(worker)["master-port"]) == int(flags(master)["master-bind-port"]) == ports["workers"]
    assert int(flags(master)["web-port"]) == ports["web"]


def test_both_mount_the_mix_the_config_names(objects: list[dict[str, Any]]) -> None:
    env = config(objects, "locust-config")["data"]
    mix = config(objects, "locust-mix")
    env_ref = [{"configMapRef": {"name": config(objects, "locust-config")["metadata"]["name"]}}]
    assert tomllib.loads(mix["data"]["mix.toml"])["game"]
    for name in ("locust-master", "locust-worker"):
        pod = deployment(objects, name)["spec"]["template"]["spec"]
        c = pod["containers"][0]
        assert c["envFrom"] == env_ref
        volume = next(v for v in pod["volumes"] if "configMap" in v)
        assert volume["configMap"]["name"] == mix["metadata"]["name"]
        mount = next(m for m in c["volumeMounts"] if m["name"] == volume["name"])
        assert env["LOCUST_MIX"] == f"{mount['mountPath']}/mix.toml"
        assert flags(c)["locustfile"] == IMAGE_LOCUSTFILE


@pytest.mark.parametrize("name", ["locust-master", "locust-worker"])
def test_locust_accepts_the_arguments_and_config(objects: list[dict[str, Any]], name: str,
                                                 tmp_path: Path) -> None:
    """The container's arguments and environment, given to the real Locust with --list."""
    c = container(objects, name)
    env = dict(config(objects, "locust-config")["data"])
    env["LOCUST_MIX"] = str(ROOT / "deploy" / "loadtest" / "mix.toml")
    args = [a.replace(IMAGE_LOCUSTFILE, str(ROOT / "clients" / "loadtest" / "locustfile.py"))
            .replace("=/reports/", f"={tmp_path}/") for a in c["args"]]
    out = subprocess.run([sys.executable, "-m", "locust", *args, "--list"], cwd=tmp_path,
                         env={**os.environ, **env}, capture_output=True, text=True, timeout=120,
                         check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert all(user in out.stdout for user in ("GrpcPlayer", "HttpPlayer", "OpenArrivals"))


def test_pods_are_restricted(objects: list[dict[str, Any]]) -> None:
    user = re.search(r"^USER (\d+):", DOCKERFILE, re.M)
    assert user
    for name in ("locust-master", "locust-worker"):
        pod = deployment(objects, name)["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] == int(user.group(1))
        sc = pod["containers"][0]["securityContext"]
        assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
        assert sc["capabilities"] == {"drop": ["ALL"]}
        resources = pod["containers"][0]["resources"]
        assert set(resources) == {"requests", "limits"}
    worker = container(objects, "locust-worker")["resources"]
    assert worker["requests"]["cpu"] == worker["limits"]["cpu"] == "1"  # one Locust process, one core


def test_image_passes_hadolint_and_holds_what_locust_needs() -> None:
    out = subprocess.run([tool("hadolint"), "--no-color", str(LOADTEST / "Dockerfile")],
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    ignore = (LOADTEST / "Dockerfile.dockerignore").read_text()
    copied = [path for source in re.findall(r"^COPY (?!--from)(.+) \S+$", DOCKERFILE, re.M)
              for path in source.split()]
    for path in copied:
        assert (ROOT / path).exists(), path
        assert f"!{path}" in ignore or f"!{path}/" in ignore, path
        assert path.split("/")[0] not in ("service", "engines"), "a client image: no server code"
    assert f"COPY clients/loadtest/locustfile.py clients/loadtest/mix.toml {Path(IMAGE_LOCUSTFILE).parent}/" \
        in DOCKERFILE
    assert 'ENTRYPOINT ["locust"]' in DOCKERFILE


def test_image_pins_agree_with_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = set(pyproject["dependencies"]) | set(pyproject["optional-dependencies"]["load"])
    wanted = [line for line in (ROOT / "clients" / "loadtest" / "requirements.txt").read_text().splitlines()
              if line and not line.startswith("#")]
    assert set(wanted) <= pins, set(wanted) - pins
