# marketplay: every developer command in one place.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PROTO_SRC := $(wildcard proto/marketplay/v1/*.proto)
# Line+branch coverage `make test` requires (measured 97%; docs/testing.md).
COVERAGE_FLOOR ?= 94
# make mutation: which engine packages, and the time bound of each.
MUTATION_PACKAGES ?= core central_market market_fresh spice_merchant
MUTATION_SECONDS ?= 2400
GEN_DIR := clients/python

.PHONY: run test install proto check-proto lint typecheck demo bench golden mutation clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $@

install: $(VENV)/.installed
	@# The Node.js client (clients/node) and its interop test, when node is installed.
	@if command -v node >/dev/null 2>&1 && [ ! -d clients/node/node_modules ]; then \
	  cd clients/node && npm ci --no-audit --no-fund; \
	fi

## run: install into .venv and serve on localhost (gRPC 50051, metrics 9464)
run: install
	$(PY) -m service.main --host 127.0.0.1

## test: lint, types, generated-code check, the whole test suite, coverage floor
test: install
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -n 2 --dist loadfile --cov --cov-report=term --cov-fail-under=$(COVERAGE_FLOOR)

## proto: regenerate Python messages, stubs and type stubs from proto/
proto: install
	PATH=$(VENV)/bin:$$PATH $(PY) -m grpc_tools.protoc -I proto \
	  --python_out=$(GEN_DIR) --grpc_python_out=$(GEN_DIR) \
	  --mypy_out=$(GEN_DIR) --mypy_grpc_out=$(GEN_DIR) \
	  $(PROTO_SRC)

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

## mutation: mutmut over engines/, one package at a time (niced, each bounded by
## MUTATION_SECONDS), then the scores; a rerun judges only the unchecked and
## surviving mutants (rm -rf mutants to start afresh)
mutation: install
	@for pkg in $(MUTATION_PACKAGES); do \
	  echo "== engines/$$pkg"; \
	  pending=$$($(PY) -m tests.mutation_scores --pending $$pkg); \
	  [ -z "$$pending" ] || timeout $(MUTATION_SECONDS) nice -n 10 \
	    $(VENV)/bin/mutmut run --max-children 2 $$pending \
	    > mutants-$$pkg.log 2>&1 || [ $$? -eq 124 ] || { tail -20 mutants-$$pkg.log; exit 1; }; \
	done
	$(PY) -m tests.mutation_scores

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis .coverage mutants mutants-*.log
