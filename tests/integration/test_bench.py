"""``make bench`` (``bench/periods.py``) run end to end on a small month: a model that
gains a column the benchmark's generator does not write must fail here, not the next time
someone times a federation's month (a games file's columns once broke it unnoticed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

BASE_DIR = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="the benchmark runs on PostgreSQL: set DATABASE_URL",
    ),
]


def _bench_database_url() -> str:
    """A database of the benchmark's own beside the test database (it drops and re-creates
    it), never the ``ratings_bench`` a developer may have kept."""
    from tests.integration.test_celery_worker import _test_database_url

    test_url = _test_database_url()
    name = connection.settings_dict["NAME"]
    return test_url.rsplit("/", 1)[0] + f"/{name}_bench_smoke"


def test_the_benchmark_rates_and_publishes_a_small_month_and_prints_its_figures():
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    run = subprocess.run(
        [
            sys.executable, "bench/periods.py", "--players", "3000", "--games", "6000",
            "--tournaments", "180", "--list-entries", "3000", "--requests", "2",
            "--history-months", "2", "--database-url", _bench_database_url(),
        ],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert re.search(r"^tournaments rated\s+180$", run.stdout, re.MULTILINE), output
    assert re.search(r"^games\s+6,000$", run.stdout, re.MULTILINE), output
    entries = re.search(r"^list entries\s+([\d,]+)$", run.stdout, re.MULTILINE)
    assert entries and int(entries.group(1).replace(",", "")) > 0, output
    for figure in ("compute", "publish", "peak memory \\(RSS\\)", "COPY floor"):
        assert re.search(rf"^{figure}\s+[\d,.]+ (s|MB)", run.stdout, re.MULTILINE), output
    summary = run.stdout.split("\nSummary\n", 1)[1]
    for page in ("first page", "federation", "name"):
        assert re.search(rf"list page p95, {page}.* ms ", summary), output
