# marketplay: every developer command in one place.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PROTO_SRC := $(wildcard proto/marketplay/v1/*.proto)
# Where `make proto` writes each output (tests/service/contract/test_generated_code.py
# points them at a temporary directory and compares the result).
PY_OUT ?= clients/python
TS_OUT ?= clients/ts/src/gen
CS_OUT ?= clients/csharp/Runtime/Generated
GO_OUT ?= clients/go
# The Go module's path (clients/go/go.mod): the generated package is $(GO_MODULE)/marketplay/v1.
# The .proto files' go_package ("marketplay/v1") stays as released (buf breaking's
# FILE_SAME_GO_PACKAGE); protoc's M options map each file to the module's import path.
GO_MODULE := github.com/example/marketplay/clients/go
GO_IMPORTS := $(foreach f,$(PROTO_SRC:proto/%=%),M$(f)=$(GO_MODULE)/marketplay/v1;marketplayv1)
# Go comes from Debian's protoc 3.21 and plugins (deploy/ci-packages.txt). Java is not
# generated here: the JVM build makes it from proto/ (clients/jvm/pom.xml, docs/clients.md).
PROTOC := protoc
OPENAPI_OUT ?= docs/openapi.json
# Where `make catalogs` writes each shipped locale's catalog (the TypeScript package's copy;
# tests/service/contract/test_catalog_files.py points it at a temporary directory and compares).
CATALOGS_OUT ?= clients/ts/catalogs
TS_DIR := clients/ts
TSC := $(TS_DIR)/node_modules/.bin/tsc
# The browser playground (served at / on the HTTP port): sources, bundler, committed bundle.
PG_DIR := $(TS_DIR)/playground
ESBUILD := $(PG_DIR)/node_modules/.bin/esbuild
PLAYGROUND_OUT ?= service/playground/static

BUF := proto/node_modules/.bin/buf
# The OpenAPI document's checkers (Spectral, Redocly, openapi-typescript; docs/lint/README.md).
LINT_DIR := docs/lint
SPECTRAL := $(LINT_DIR)/node_modules/.bin/spectral
# Line+branch coverage `make test` requires (measured 97%; docs/testing.md).
COVERAGE_FLOOR ?= 94
# make mutation: which engine packages, and the time bound of each.
MUTATION_PACKAGES ?= core central_market market_fresh spice_merchant
MUTATION_SECONDS ?= 2400

.PHONY: run test install openapi-lint proto proto-lint proto-breaking proto-baseline lint typecheck demo bench golden golden-sealed mutation clean load
.PHONY: compiled test-compiled dataclass-methods constraints system-tools proto-tools image image-test playground catalogs

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

# The TypeScript client's toolchain and runtime (clients/ts), from its lockfile.
$(TSC): $(TS_DIR)/package.json $(TS_DIR)/package-lock.json
	cd $(TS_DIR) && npm ci --no-audit --no-fund
	touch $@

# The playground's bundler (esbuild, pinned in its lockfile); its runtime packages are the client's.
$(ESBUILD): $(PG_DIR)/package.json $(PG_DIR)/package-lock.json
	cd $(PG_DIR) && npm ci --no-audit --no-fund
	touch $@

$(SPECTRAL): $(LINT_DIR)/package.json $(LINT_DIR)/package-lock.json
	cd $(LINT_DIR) && npm ci --no-audit --no-fund
	touch $@

install: $(VENV)/.installed $(BUF) $(TSC) $(ESBUILD) $(SPECTRAL)

## openapi-lint: Spectral (spectral:oas) and Redocly (recommended) on docs/openapi.json;
## make test runs the same checks in tests/service/http/test_openapi_lint.py
openapi-lint: $(SPECTRAL)
	$(SPECTRAL) lint --ruleset $(LINT_DIR)/.spectral.yaml --fail-severity=hint $(OPENAPI_OUT)
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
	  $(LINT_DIR)/node_modules/.bin/redocly lint --config $(LINT_DIR)/redocly.yaml $(OPENAPI_OUT)

## run: install the runtime dependencies into .venv and serve on localhost (gRPC 50051, HTTP 8080, metrics 9464; one worker per core, --workers auto); needs no Node.js
run: $(VENV)/.runtime
	$(PY) -m service.main --host 127.0.0.1

## test: lint, types, contract and generated-code checks, the whole test suite, coverage floor,
## then the engines and conformance suites again on the compiled build (`make compiled`)
test: install system-tools compiled
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(MAKE) --no-print-directory proto-lint proto-breaking
	cd $(TS_DIR) && npm run --silent typecheck
	cd $(PG_DIR) && npm run --silent typecheck
	$(PY) -m pytest -n 2 --dist loadfile --cov --cov-report=term --cov-fail-under=$(COVERAGE_FLOOR)
	$(MAKE) --no-print-directory test-compiled

## test-compiled: the engines and conformance suites on the compiled build (tests/conftest.py),
## with the check that its extension modules are the ones imported, and the image's compile
## step run on a plain install (tests/ops/test_compiled.py); the conformance configurations
## sampled and less the take-back replays, for CI's time (docs/testing.md, "The compiled
## build"); MARKETPLAY_FULL=1 plays every configuration
test-compiled: compiled
	MARKETPLAY_COMPILED=$(COMPILED) MARKETPLAY_CONFIGS=sampled \
	  $(PY) -m pytest -n 2 --dist loadfile -p no:cacheprovider \
	  tests/engines tests/conformance --ignore=tests/conformance/test_takebacks.py \
	  tests/ops/test_compiled.py::test_the_compiled_run_imports_every_compiled_module_from_the_build \
	  tests/ops/test_compiled.py::test_the_image_step_on_a_plain_install_gives_compiled_engines_that_play_as_pure \
	  tests/ops/test_compiled.py::test_the_image_step_refuses_a_venv_without_the_checkout_engines

## compiled: the engines compiled by mypyc into build/compiled (deploy/compiled.py; docs/deploy.md,
## "Compiled or pure"); nothing uses it unless asked (PYTHONPATH, MARKETPLAY_COMPILED, the image)
COMPILED := build/compiled
ENGINE_SOURCES := $(shell find engines -name '*.py')
compiled: $(COMPILED)/.built
$(COMPILED)/.built: $(VENV)/.installed deploy/compiled.py $(ENGINE_SOURCES)
	nice -n 10 $(PY) deploy/compiled.py $(COMPILED)
	touch $@

## dataclass-methods: write the `__init__` (and a State's `clone`) of each marked engine
## dataclass out from its fields (engines/core/dataclass_methods.py), so the compiled build
## compiles them; run it after changing such fields and commit the result
## (tests/engines/core/test_dataclass_methods.py fails while one is stale)
dataclass-methods: $(VENV)/.runtime
	$(PY) -m engines.core.dataclass_methods

## proto: regenerate the committed generated code and docs/openapi.json from proto/: Python
## (messages, gRPC and Connect stubs, type stubs, descriptor set), TypeScript (protoc-gen-es,
## proto/buf.gen.yaml), C# messages (clients/codegen/csharp_json.py) and Go (protoc-gen-go,
## protoc-gen-go-grpc); commit the result (tests/service/contract/test_generated_code.py).
## Java's messages and stubs are not committed: `mvn package` in clients/jvm generates them
proto: $(VENV)/.installed $(BUF) proto-tools
	rm -f $(PY_OUT)/marketplay/v1/*_pb2*.py $(PY_OUT)/marketplay/v1/*_pb2*.pyi $(PY_OUT)/marketplay/v1/*_connect.py
	PATH=$(VENV)/bin:$$PATH $(PY) -m grpc_tools.protoc -I proto \
	  --python_out=$(PY_OUT) --grpc_python_out=$(PY_OUT) \
	  --mypy_out=$(PY_OUT) --mypy_grpc_out=$(PY_OUT) \
	  --connectrpc_out=$(PY_OUT) --connectrpc_opt=protobuf=google \
	  --include_imports --include_source_info \
	  --descriptor_set_out=$(PY_OUT)/marketplay/v1/descriptors.binpb \
	  $(PROTO_SRC)
	$(PY) -m service.http.openapi --descriptors $(PY_OUT)/marketplay/v1/descriptors.binpb \
	  --out $(OPENAPI_OUT)
	rm -rf $(TS_OUT)
	$(BUF) generate --template proto/buf.gen.yaml -o $(TS_OUT)
	@# C#: classes for the proto3 JSON mapping over Newtonsoft.Json (why not protoc's: the module's docstring)
	rm -rf $(CS_OUT) && mkdir -p $(CS_OUT)
	$(PY) -m clients.codegen.csharp_json --descriptors $(PY_OUT)/marketplay/v1/descriptors.binpb \
	  --out $(CS_OUT)
	rm -rf $(GO_OUT)/marketplay/v1 && mkdir -p $(GO_OUT)
	$(PROTOC) -I proto --go_out=$(GO_OUT) --go-grpc_out=$(GO_OUT) \
	  --go_opt=module=$(GO_MODULE) --go-grpc_opt=module=$(GO_MODULE) \
	  $(foreach m,$(GO_IMPORTS),'--go_opt=$(m)' '--go-grpc_opt=$(m)') $(PROTO_SRC)

## catalogs: write each shipped locale's catalog of player-facing text (engines/*/locales,
## plus the generated pseudo-locale) into $(CATALOGS_OUT) as <locale>.ftl, exactly as the HTTP
## port serves GET /catalogs/<locale>.ftl; run it after editing a .ftl file, beside `make proto`
## after a contract change, and commit the result (a test fails when it is stale)
catalogs: $(VENV)/.runtime
	$(PY) -m service.http.catalogs --out $(CATALOGS_OUT)

## playground: rebuild the browser playground (clients/ts/playground) into $(PLAYGROUND_OUT);
## commit the result (tests/service/http/test_playground_bundle.py fails when it is stale)
playground: $(TSC) $(ESBUILD)
	cd $(PG_DIR) && node build.mjs $(abspath $(PLAYGROUND_OUT))

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
##       seat bots with e.g. make demo ARGS="--bots 1,2 --policy ismcts" (one game per title; --all for every one)
demo: $(VENV)/.runtime
	$(PY) clients/python/demo.py $(if $(ADDRESS),--address $(ADDRESS)) $(ARGS)

bench: install
	$(PY) -m bench.apply_vs_echo

## golden: check every golden playthrough under its rules version; record new versions' files
golden: install
	$(PY) -m tests.golden.record

## golden-sealed: a release step (RELEASE=x.y.z): seal this build's states under the test
## key, for every rules version it plays, with their continuations (never overwrites);
## `make test` replays every release's set (docs/rules/versions.md)
golden-sealed: install
	@test -n "$(RELEASE)" || { echo "usage: make golden-sealed RELEASE=x.y.z" >&2; exit 2; }
	$(PY) -m tests.golden.sealed_record $(RELEASE)

## system-tools: Debian tools the tests run (deploy/ci-packages.txt): promtool (package
## prometheus) checks metrics and alert rules; curl and jq run docs/http.md's curl session;
## chromium runs the TypeScript client in a browser (tests/interop/test_ts_browser.py);
## Go, Java, Kotlin and Mono build and run the native clients (clients/go, clients/jvm,
## clients/csharp; tests/interop/test_{go,jvm,kotlin,csharp}_client.py), gcc builds the
## compiled engines (`make compiled`), `make proto`'s
## Go generators and the JVM build's Java ones (protoc, grpc_java_plugin). Commands are
## looked up on PATH, libraries (SYSTEM_LIBS) with dpkg-query. Installed when missing if run
## as root with apt; otherwise one line says what to install.
# PROTO_TOOLS first: `:=` expands SYSTEM_TOOLS where it stands.
PROTO_TOOLS := protoc:protobuf-compiler protoc-gen-go:protoc-gen-go protoc-gen-go-grpc:protoc-gen-go-grpc
SYSTEM_TOOLS := promtool:prometheus curl:curl jq:jq chromium:chromium $(PROTO_TOOLS) \
  go:golang-go javac:default-jdk-headless mvn:maven grpc_java_plugin:protobuf-compiler-grpc-java-plugin \
  kotlinc:kotlin mcs:mono-mcs gcc:gcc
# golang-github-golang-protobuf-1-5-dev by name: otherwise apt picks golang/protobuf 1.3,
# which builds with grpc-go 1.33 and then panics at run time.
SYSTEM_LIBS := golang-google-grpc-dev golang-github-golang-protobuf-1-5-dev golang-google-protobuf-dev \
  libprotobuf-java libprotobuf-dev libgrpc-java libnetty-java libperfmark-java libgoogle-gson-java \
  libanimal-sniffer-java libgeronimo-annotation-1.3-spec-java libgoogle-common-protos-java \
  libokhttp-java junit4 libmaven-antrun-plugin-java libbuild-helper-maven-plugin-java \
  libmaven-compiler-plugin-java libsurefire-java libmaven-jar-plugin-java \
  libmaven-dependency-plugin-java libmaven-resources-plugin-java \
  libmono-system-net-http4.0-cil libmono-system-runtime-serialization4.0-cil libnewtonsoft-json-cil-dev
# $(call need-debian,command:package pairs,packages): install what is missing, or stop saying how.
define need-debian
	@missing=""; for pair in $(1); do \
	  command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; done; \
	for pkg in $(2); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "make $@ needs Debian packages:$$missing (sudo apt-get install$$missing; Debian 12's versions: deploy/ci-packages.txt)" >&2; \
	    exit 1; \
	  fi; fi
endef
system-tools:
	$(call need-debian,$(SYSTEM_TOOLS),$(SYSTEM_LIBS))

## proto-tools: the generators `make proto` runs from Debian (protoc 3.21, the Go plugins)
proto-tools:
	$(call need-debian,$(PROTO_TOOLS),)

## constraints: re-lock the image's runtime dependencies (with hashes) after editing pyproject.toml,
## and the tools its build stage compiles the engines with ($(BUILD_CONSTRAINTS): mypy and
## types-protobuf at the dev extra's pins, what the engines import at the runtime lock's versions)
BUILD_CONSTRAINTS := deploy/build-constraints.txt
COMPILE_TOOLS = $(shell grep -oE '"(mypy|types-protobuf)==[^"]+"' pyproject.toml | tr -d '"') orjson protobuf setuptools
constraints:
	rm -rf build/uv && $(PYTHON) -m venv build/uv
	build/uv/bin/python -m pip install -q uv==$(UV_VERSION)
	printf 'setuptools>=68\n' | build/uv/bin/uv pip compile -q pyproject.toml - --universal \
	  --python-version 3.11 --generate-hashes \
	  --custom-compile-command "make constraints" -o $(CONSTRAINTS)
	printf '%s\n' $(COMPILE_TOOLS) | build/uv/bin/uv pip compile -q - -c $(CONSTRAINTS) --universal \
	  --python-version 3.11 --generate-hashes \
	  --custom-compile-command "make constraints" -o $(BUILD_CONSTRAINTS)

# The image's base: PYTHON_IMAGE= (empty) builds on the Dockerfile's pinned
# python:3.11-slim (needs a registry); the default is a local Debian base made by
# deploy/base/make-base.sh (debootstrap, needs root), for machines with no registry.
IMAGE ?= marketplay:test
# The wheel tags a bookworm (glibc 2.36) image takes, old aliases included (protobuf's
# compiled wheel is tagged only manylinux2014): pip download does not expand them itself.
MANYLINUX = $(foreach p,$(foreach v,$(shell seq 36 -1 5),manylinux_2_$(v)) \
  manylinux2014 manylinux2010 manylinux1,--platform $(p)_$(shell uname -m))
PYTHON_IMAGE ?= marketplay-base:bookworm

## image: build deploy/Dockerfile into $(IMAGE) on $(PYTHON_IMAGE), its engines compiled
## (COMPILED_IMAGE=0: pure Python; docs/deploy.md, "Compiled or pure")
COMPILED_IMAGE ?= 1
image:
	@if [ "$(PYTHON_IMAGE)" = marketplay-base:bookworm ]; then deploy/base/make-base.sh $(PYTHON_IMAGE); fi
	rm -rf build/wheels && for lock in $(CONSTRAINTS) $(BUILD_CONSTRAINTS); do \
	  $(PYTHON) -m pip download -q --disable-pip-version-check \
	  --require-hashes --no-deps --only-binary=:all: --implementation cp --python-version 3.11 \
	  $(MANYLINUX) -r $$lock -d build/wheels || exit 1; done
	docker build --network host -f deploy/Dockerfile -t $(IMAGE) \
	  $(if $(PYTHON_IMAGE),--build-arg PYTHON_IMAGE=$(PYTHON_IMAGE)) --build-arg COMPILED=$(COMPILED_IMAGE) .

## image-test: build the image, run it read-only as non-root, play games against it, stop it
image-test: $(VENV)/.runtime image
	$(PY) deploy/image_test.py $(IMAGE) $(if $(filter 0,$(COMPILED_IMAGE)),--pure)

clean:
	rm -rf $(VENV) build/uv $(COMPILED) .mypy_cache .pytest_cache .ruff_cache .hypothesis .coverage mutants mutants-*.log

## load: headless Locust load test (docs/load-testing.md): reports in out/load/
LOAD_SECONDS ?= 60
LOAD_USERS ?= 20
LOAD_TRAFFIC ?= steady
MARKETPLAY_ADDRESS ?=
LOAD_ARGS ?=
load: install
	$(PY) clients/loadtest/run.py --seconds "$(LOAD_SECONDS)" --users "$(LOAD_USERS)" \
	  --traffic "$(LOAD_TRAFFIC)" --address "$(MARKETPLAY_ADDRESS)" $(LOAD_ARGS)

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
