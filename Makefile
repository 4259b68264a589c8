# marketplay: every developer command in one place.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PROTO_SRC := $(wildcard proto/marketplay/v1/*.proto)
# Where `make proto` writes; the staleness test points them at a temp dir.
PY_OUT ?= clients/python
OPENAPI_OUT ?= docs/openapi.json

BUF := proto/node_modules/.bin/buf

.PHONY: run test install proto proto-lint proto-breaking proto-baseline lint typecheck demo bench golden clean load
.PHONY: constraints system-tools image image-test

# The runtime dependencies at the versions the image installs (deploy/constraints.txt,
# less its hashes: pip refuses an editable install in hash-checking mode).
CONSTRAINTS := deploy/constraints.txt
UV_VERSION := 0.13.9

# (runtime venv: what `make run` and `make demo` need, nothing more)
$(VENV)/.runtime: pyproject.toml $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	sed -e '/^ *--hash=/d' -e 's/ *\\$$//' $(CONSTRAINTS) > $(VENV)/constraints.txt
	$(PY) -m pip install -q -c $(VENV)/constraints.txt -e .
	touch $@

# (dev venv: the runtime one plus linters, type checker, test and ops tools)
$(VENV)/.installed: $(VENV)/.runtime
	$(PY) -m pip install -q -c $(VENV)/constraints.txt -e ".[dev,load]"
	touch $@

$(BUF): proto/package.json proto/package-lock.json
	cd proto && npm ci --no-audit --no-fund
	touch $@

install: $(VENV)/.installed $(BUF)
	@# The Node.js client (clients/node) and its interop test, when node is installed.
	@if command -v node >/dev/null 2>&1 && [ ! -d clients/node/node_modules ]; then \
	  cd clients/node && npm ci --no-audit --no-fund; \
	fi

## run: install the runtime dependencies into .venv and serve on localhost (gRPC 50051, HTTP 8080, metrics 9464)
run: $(VENV)/.runtime
	$(PY) -m service.main --host 127.0.0.1

## test: lint, types, generated-code check and the whole test suite
test: install system-tools
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(MAKE) --no-print-directory proto-lint proto-breaking
	$(PY) -m pytest -n 2 --dist loadfile

## proto: regenerate Python messages, gRPC and Connect stubs, type stubs, the
## descriptor set and docs/openapi.json from proto/
proto: install
	PATH=$(VENV)/bin:$$PATH $(PY) -m grpc_tools.protoc -I proto \
	  --python_out=$(PY_OUT) --grpc_python_out=$(PY_OUT) \
	  --mypy_out=$(PY_OUT) --mypy_grpc_out=$(PY_OUT) \
	  --connectrpc_out=$(PY_OUT) --connectrpc_opt=protobuf=google \
	  --include_imports --include_source_info \
	  --descriptor_set_out=$(PY_OUT)/marketplay/v1/descriptors.binpb \
	  $(PROTO_SRC)
	$(PY) -m service.openapi --descriptors $(PY_OUT)/marketplay/v1/descriptors.binpb \
	  --out $(OPENAPI_OUT)

## proto-lint: buf lint with proto/buf.yaml (exceptions listed and justified there)
proto-lint: $(BUF)
	$(BUF) lint proto

## proto-breaking: the contract against the committed baseline (proto/baseline.binpb)
proto-breaking: $(BUF)
	$(BUF) breaking proto --against proto/baseline.binpb

## proto-baseline: accept the current contract as the baseline (only for an intended break)
proto-baseline: $(BUF)
	$(BUF) build proto -o proto/baseline.binpb

lint: install
	$(PY) -m ruff check .

typecheck: install
	$(PY) -m mypy

## demo: play random games through a running server (make run in another shell, or ADDRESS=host:port);
##       seat bots with e.g. make demo ARGS="--game central-market --players 3 --bots 1,2 --policy ismcts"
demo: $(VENV)/.runtime
	$(PY) clients/python/demo.py $(if $(ADDRESS),--address $(ADDRESS)) $(ARGS)

bench: install
	$(PY) -m bench.apply_vs_echo

## golden: re-record the golden playthroughs after an intended rule change
golden: install
	$(PY) -m tests.golden.record

## system-tools: Debian tools the tests run (deploy/ci-packages.txt): promtool (package
## prometheus) checks metrics and alert rules; curl and jq run docs/http.md's curl session.
## Installed when missing if run as root with apt; otherwise one line says what to install.
SYSTEM_TOOLS := promtool:prometheus curl:curl jq:jq
system-tools:
	@missing=""; for pair in $(SYSTEM_TOOLS); do \
	  command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "make test needs Debian packages:$$missing (sudo apt-get install$$missing; on macOS: brew install$$missing)" >&2; \
	    exit 1; \
	  fi; fi

## constraints: re-lock the image's runtime dependencies (with hashes) after editing pyproject.toml
constraints:
	rm -rf build/uv && $(PYTHON) -m venv build/uv
	build/uv/bin/python -m pip install -q uv==$(UV_VERSION)
	printf 'setuptools>=68\n' | build/uv/bin/uv pip compile -q pyproject.toml - --universal \
	  --python-version 3.11 --generate-hashes \
	  --custom-compile-command "make constraints" -o $(CONSTRAINTS)

# The image's base: PYTHON_IMAGE= (empty) builds on the Dockerfile's pinned
# python:3.11-slim (needs a registry); the default is a local Debian base made by
# deploy/base/make-base.sh (debootstrap, needs root), for machines with no registry.
IMAGE ?= marketplay:test
# The wheel tags a bookworm (glibc 2.36) image takes, old aliases included (protobuf's
# compiled wheel is tagged only manylinux2014): pip download does not expand them itself.
MANYLINUX = $(foreach p,$(foreach v,$(shell seq 36 -1 5),manylinux_2_$(v)) \
  manylinux2014 manylinux2010 manylinux1,--platform $(p)_$(shell uname -m))
PYTHON_IMAGE ?= marketplay-base:bookworm

## image: build deploy/Dockerfile into $(IMAGE) on $(PYTHON_IMAGE)
image:
	@if [ "$(PYTHON_IMAGE)" = marketplay-base:bookworm ]; then deploy/base/make-base.sh $(PYTHON_IMAGE); fi
	rm -rf build/wheels && $(PYTHON) -m pip download -q --disable-pip-version-check \
	  --require-hashes --no-deps --only-binary=:all: --implementation cp --python-version 3.11 \
	  $(MANYLINUX) -r $(CONSTRAINTS) -d build/wheels
	docker build --network host -f deploy/Dockerfile -t $(IMAGE) \
	  $(if $(PYTHON_IMAGE),--build-arg PYTHON_IMAGE=$(PYTHON_IMAGE)) .

## image-test: build the image, run it read-only as non-root, play games against it, stop it
image-test: $(VENV)/.runtime image
	$(PY) deploy/image_test.py $(IMAGE)

clean:
	rm -rf $(VENV) build/uv .mypy_cache .pytest_cache .ruff_cache .hypothesis

## load: headless Locust load test (docs/load-testing.md): reports in out/load/
LOAD_SECONDS ?= 60
LOAD_USERS ?= 20
LOAD_TRAFFIC ?= steady
MARKETPLAY_ADDRESS ?=
LOAD_ARGS ?=
load: install
	$(PY) clients/loadtest/run.py --seconds "$(LOAD_SECONDS)" --users "$(LOAD_USERS)" \
	  --traffic "$(LOAD_TRAFFIC)" --address "$(MARKETPLAY_ADDRESS)" $(LOAD_ARGS)
