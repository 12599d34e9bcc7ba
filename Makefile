# The two commands: `make run` (the application with demo data) and `make test` (the suite).
PYTHON ?= python3.11
VENV := .venv
VENV_PYTHON := $(VENV)/bin/python
# Reinstalled whenever a requirements file changes; otherwise re-runs are fast.
STAMP := $(VENV)/.requirements-installed

.PHONY: help venv run test lint format bench bench-engine bench-upload bench-pgn bench-arena clean

help:
	@echo "make run           start http://127.0.0.1:8000 with demo data (SQLite, eager tasks)"
	@echo "make test          run the whole test suite"
	@echo "make lint          ruff check + ruff format --check + mypy --strict regulations"
	@echo "make format        ruff format + ruff check --fix"
	@echo "make bench         compute and publish a FIDE-scale month on PostgreSQL (bench/periods.py)"
	@echo "make bench-engine  run the rating engine benchmark"
	@echo "make bench-upload  time the check of a very large tournament report"
	@echo "make bench-pgn     time the reading of a hybrid event's large games file (PGN)"
	@echo "make bench-arena   time the loading of a day of the online arena's games"

$(VENV_PYTHON):
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(VENV_PYTHON)
	$(VENV_PYTHON) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

venv: $(STAMP)

run: $(STAMP)
	env -u CELERY_BROKER_URL DEBUG=1 $(VENV_PYTHON) manage.py migrate --noinput
	env -u CELERY_BROKER_URL DEBUG=1 $(VENV_PYTHON) manage.py load_demo
	env -u CELERY_BROKER_URL DEBUG=1 $(VENV_PYTHON) manage.py runserver 127.0.0.1:8000

test: $(STAMP)
	$(VENV_PYTHON) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict regulations

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Needs a PostgreSQL server: BENCH_DATABASE_URL (default
# postgresql://postgres@127.0.0.1:5432/ratings_bench; the database is re-created).
# PARTS=N: the computation in N parts on a Celery worker (Redis: BENCH_BROKER_URL).
bench: $(STAMP)
	$(VENV_PYTHON) bench/periods.py $(if $(PARTS),--parts $(PARTS))

bench-engine: $(STAMP)
	$(VENV_PYTHON) bench/engine.py

bench-upload: $(STAMP)
	$(VENV_PYTHON) bench/upload.py

bench-pgn: $(STAMP)
	DEBUG=1 $(VENV_PYTHON) bench/pgn.py

bench-arena: $(STAMP)
	$(VENV_PYTHON) bench/arena.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
