# The README's two commands: `make serve` (set up, then the main job: the web platform on an embedded
# SQLite database; `make serve PORT=8080 HOST=0.0.0.0` to listen elsewhere) and `make test` (set up, then
# every test). Both work on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# set on the command line (`make serve PORT=8080`); not read from the environment, where some shells keep
# the machine's name in HOST
HOST := 127.0.0.1
PORT := 8000

.PHONY: setup serve demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

serve: setup
	$(BIN)/rankedmafia serve --host $(HOST) --port $(PORT)

demo: setup
	$(BIN)/rankedmafia demo

test: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest

bench: setup
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/simulate.py --seconds 5 --jobs 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
