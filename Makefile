# marketplay: every developer command in one place.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PROTO_SRC := $(wildcard proto/marketplay/v1/*.proto)
GEN_DIR := clients/python

BUF := proto/node_modules/.bin/buf

.PHONY: run test install proto proto-lint proto-breaking proto-baseline lint typecheck demo bench golden clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $@

$(BUF): proto/package.json proto/package-lock.json
	cd proto && npm ci --no-audit --no-fund
	touch $@

install: $(VENV)/.installed $(BUF)
	@# The Node.js client (clients/node) and its interop test, when node is installed.
	@if command -v node >/dev/null 2>&1 && [ ! -d clients/node/node_modules ]; then \
	  cd clients/node && npm ci --no-audit --no-fund; \
	fi

## run: install into .venv and serve on localhost (gRPC 50051, metrics 9464)
run: install
	$(PY) -m service.main --host 127.0.0.1

## test: lint, types, generated-code check and the whole test suite
test: install
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(MAKE) --no-print-directory proto-lint proto-breaking
	$(PY) -m pytest -n 2 --dist loadfile

## proto: regenerate Python messages, stubs and type stubs from proto/
proto: install
	PATH=$(VENV)/bin:$$PATH $(PY) -m grpc_tools.protoc -I proto \
	  --python_out=$(GEN_DIR) --grpc_python_out=$(GEN_DIR) \
	  --mypy_out=$(GEN_DIR) --mypy_grpc_out=$(GEN_DIR) \
	  $(PROTO_SRC)

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

## demo: play random games through a running server (make run in another shell);
##       seat bots with e.g. make demo ARGS="--game central-market --players 3 --bots 1,2 --policy ismcts"
demo: install
	$(PY) clients/python/demo.py $(ARGS)

bench: install
	$(PY) -m bench.apply_vs_echo

## golden: re-record the golden playthroughs after an intended rule change
golden: install
	$(PY) -m tests.golden.record

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
