# Every target sets itself up: a .venv is created and filled on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: certify test lint format clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## certify: the main job on its embedded default
certify: $(STAMP)
	$(BIN)/unospec certify

## test: every test, lint included
test: $(STAMP)
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check spec reference conformance tests
	$(BIN)/ruff format --check spec reference conformance tests

format: $(STAMP)
	$(BIN)/ruff format spec reference conformance tests

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
