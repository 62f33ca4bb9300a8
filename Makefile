# Every target sets itself up: a .venv is created and filled on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: certify test lint format clean bench

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

## test: every test, lint included
test: $(STAMP)
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/python -m pytest -q

## bench: measured speed (RLCard is installed into its own venv for the comparison)
bench: $(STAMP)
	bash $(RLCARD)/setup.sh
	$(BIN)/unospec bench --out reports/bench.json

lint: $(STAMP)
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/ruff format --check spec reference conformance tests

format: $(STAMP)
	$(BIN)/ruff format spec reference conformance tests

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
