"""A real Celery worker process runs a task through Redis against PostgreSQL."""

import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from lists.models import WorkerHeartbeat
from lists.tasks import record_worker_heartbeat

BASE_DIR = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not os.environ.get("CELERY_BROKER_URL"),
        reason="needs a real broker: set CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0)",
    ),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
    ),
]


def _test_database_url() -> str:
    """The URL of the test database pytest-django created (NAME is test_...)."""
    db = connection.settings_dict
    credentials = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        credentials += ":" + quote(db["PASSWORD"], safe="")
    host = db["HOST"] or "127.0.0.1"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{credentials}@{host}{port}/{quote(db['NAME'], safe='')}"


@pytest.fixture
def real_broker():
    """Send tasks through the broker to the worker, not in-process (tests/conftest.py)."""
    from ratings_site.celery import app

    app.conf.task_always_eager = False
    yield app
    app.conf.task_always_eager = True


@pytest.mark.django_db(transaction=True)
def test_worker_records_a_heartbeat_in_postgresql(tmp_path, real_broker):
    assert connection.settings_dict["NAME"].startswith("test_")
    queue = f"integration-{uuid.uuid4().hex}"
    token = uuid.uuid4().hex
    log_path = tmp_path / "worker.log"
    env = {**os.environ, "DATABASE_URL": _test_database_url()}
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "ratings_site",
        "worker",
        "--pool=solo",
        "--concurrency=1",
        "-Q",
        queue,
        "--without-heartbeat",
        "--without-gossip",
        "--without-mingle",
        "-l",
        "info",
    ]
    with log_path.open("w") as log:
        worker = subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        result = record_worker_heartbeat.apply_async(args=[token], queue=queue)
        vendor = result.get(timeout=60)
        result.forget()

        assert vendor == "postgresql"
        heartbeat = WorkerHeartbeat.objects.get(token=token)
        assert heartbeat.database_vendor == "postgresql"
        assert heartbeat.hostname
    except BaseException:
        print(f"worker exit code: {worker.poll()}\n--- worker output ---")
        print(log_path.read_text())
        raise
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=10)
