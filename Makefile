# Every target sets itself up: a .venv is created and filled on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: certify test lint format clean bench native pure typecheck

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## certify: the main job on its embedded default — certify RLCard's UNO through its adapter.
## RLCard lives in a virtual environment of its own (examples/rlcard/.venv). Exit 1 (not
## conformant) is the expected verdict for RLCard and not an error of this target.
RLCARD := examples/rlcard
certify: $(STAMP)
	bash $(RLCARD)/setup.sh
	$(BIN)/unospec certify --profile official --games 20 --report reports/rlcard -- $(RLCARD)/.venv/bin/python $(RLCARD)/adapter.py; \
	rc=$$?; [ $$rc -le 1 ] || exit $$rc

## native: the compiled build of the reference engine (the same modules compiled with mypyc)
## into reference/_native, when a C compiler is present; without one the pure build stays in
## use. unospec.reference uses it only while it matches the sources (UNOSPEC_PURE=1: never).
NATIVE_SOURCES := $(wildcard reference/*.py)
NATIVE_STAMP   := reference/_native/manifest.json
native: $(NATIVE_STAMP)
$(NATIVE_STAMP): $(NATIVE_SOURCES) spec/arithmetic.py native_build.py | $(STAMP)
	$(BIN)/python native_build.py build

## pure: remove the compiled build (the pure one runs everywhere)
pure:
	$(PYTHON) native_build.py clean

## typecheck: mypy --strict on the reference engine and spec/ (the prover excepted), over
## the staged unospec/ tree that native_build.py links (tests/test_typing.py runs it too)
typecheck: $(STAMP)
	$(BIN)/python native_build.py stage >/dev/null
	cd build/native/typed && ../../../$(BIN)/mypy --strict unospec/reference $(patsubst %,unospec/%,$(wildcard spec/*.py))

## test: every test, lint included (the compiled build is made first where it can be, and
## the test suite checks it plays exactly like the pure one)
test: $(STAMP) native
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/python -m pytest -q -n auto --dist loadscope

## bench: measured speed (RLCard is installed into its own venv for the comparison)
bench: $(STAMP) native
	bash $(RLCARD)/setup.sh
	$(BIN)/unospec bench --out reports/bench.json --readme README.md

lint: $(STAMP)
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/ruff format --check spec reference conformance tests

format: $(STAMP)
	$(BIN)/ruff format spec reference conformance tests

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache reference/_native

.PHONY: docs docs-serve

## docs: the HTML documentation in docs/_build/html, generated from the catalogue, the
## features and the schemas (docs/_ext/unodocs); any warning, e.g. a broken link, fails it.
docs: $(STAMP)
	$(BIN)/sphinx-build -W --keep-going -b html docs docs/_build/html

## docs-serve: build the documentation, then serve it at http://127.0.0.1:8000 (PORT=…)
PORT ?= 8000
docs-serve: $(STAMP) docs
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory docs/_build/html $(PORT)

.PHONY: mutants

## mutants: the mutation score. Every mutant of tests/mutants (the reference with one rule
## broken) is certified at default settings and must be judged not conformant with its
## broken rule named; exit 1 if one survives. About 10 minutes on 2 cores; `make test`
## certifies a representative subset (tests/mutants/test_mutation_score.py, FAST).
mutants: $(STAMP)
	$(BIN)/unospec mutants --jobs 2
