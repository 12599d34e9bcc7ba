"""Worker heartbeats: the service, the task run in-process, and what the admin shows."""

import socket

import pytest
from django.db import connection
from django.urls import reverse

from lists.models import WorkerHeartbeat
from lists.services import worker_heartbeat_record
from lists.tasks import record_worker_heartbeat

pytestmark = pytest.mark.django_db


def test_heartbeat_records_host_and_database():
    heartbeat = worker_heartbeat_record(token="token-1")

    stored = WorkerHeartbeat.objects.get(token="token-1")
    assert stored == heartbeat
    assert stored.hostname == socket.gethostname()
    assert stored.database_vendor == connection.vendor


def test_a_redelivered_heartbeat_does_not_fail_or_duplicate():
    worker_heartbeat_record(token="token-1")
    worker_heartbeat_record(token="token-1")

    assert WorkerHeartbeat.objects.filter(token="token-1").count() == 1


def test_task_returns_the_database_vendor():
    # apply() runs the task here whatever the broker settings are.
    result = record_worker_heartbeat.apply(args=["token-2"])

    assert result.get() == connection.vendor
    assert WorkerHeartbeat.objects.filter(token="token-2").exists()


def test_admin_lists_heartbeats_and_allows_no_edits(admin_client):
    worker_heartbeat_record(token="token-3")

    changelist = admin_client.get(reverse("admin:lists_workerheartbeat_changelist"))
    add_page = admin_client.get(reverse("admin:lists_workerheartbeat_add"))

    assert socket.gethostname() in changelist.content.decode()
    assert connection.vendor in changelist.content.decode()
    assert add_page.status_code == 403
