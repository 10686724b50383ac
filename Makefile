# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test faults lint typecheck bench golden fixtures preview clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,rl,cluster,train]'
	touch $(STAMP)

install: $(STAMP)

# The main job: the web server on http://127.0.0.1:8000 with SQLite under ./var (DATABASE_URL overrides).
run: $(STAMP)
	mkdir -p var
	$(BIN)/hellenika serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP)
	scripts/ensure-chromium.sh
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist loadgroup -m "not long_faults"

# The database outage tests alone: the quick ones (also in `make test`) and the long ones, two server
# processes through PostgreSQL frozen, stopped and killed under load (docs/WEB.md "Connections").
faults: $(STAMP)
	$(BIN)/python -m pytest -m "faults or long_faults" -p no:randomly

fixtures: $(STAMP)
	$(BIN)/python -m hellenika.web.fixtures

preview: fixtures
	@echo "Board preview: http://127.0.0.1:8001/preview.html"
	$(BIN)/python -m http.server 8001 --bind 127.0.0.1 --directory src/hellenika/web/static

golden: $(STAMP)
	$(BIN)/python tests/test_golden.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
