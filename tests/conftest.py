"""Shared fixtures for the Django tests.

Pure tests (tests/regulations, tests/trf) run with `-p no:django`, so nothing here imports
Django at module level, and nothing here is autouse.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest


def pytest_configure(config):
    if not config.pluginmanager.has_plugin("django"):
        return
    import tempfile

    from django.test.utils import override_settings

    # Tests run with DEBUG off, whose hashed static storage needs `collectstatic` first.
    # The tests need no collected copy: WhiteNoise serves the files from static/ as they are.
    override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        STATIC_ROOT=None,
        WHITENOISE_USE_FINDERS=True,
        # Production-strength hashing costs a quarter second a user; tests make many users.
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        # Uploaded files of the tests go to a throw-away folder, not the checkout's media/.
        MEDIA_ROOT=tempfile.mkdtemp(prefix="ratings-test-media-"),
    ).enable()

    # Tasks run in-process in tests, whatever broker CI configures: a test asserts what a
    # task did. Only tests/integration, which is about the real worker, turns this off.
    from ratings_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True


@pytest.fixture
def debug_on(settings):
    """Development mode, as `make run` has it."""
    settings.DEBUG = True
    return settings


# -- personas: every permission test runs over all of them ----------------------------------

PERSONAS = ("anonymous", "arbiter", "officer_a", "officer_b", "administrator")


@pytest.fixture
def world(db):
    """Two federations, an officer of each, an arbiter, an administrator, and a tournament of
    federation A whose chief arbiter is the arbiter."""
    from django.contrib.auth.models import Group

    from players.access import ADMINISTRATORS_GROUP
    from tests import factories

    fed_a = factories.FederationFactory(code="AAA", name="Federation A")
    fed_b = factories.FederationFactory(code="BBB", name="Federation B")
    arbiter = factories.ArbiterFactory(user__username="arbiter", federation=fed_a)
    officer_a = factories.RatingOfficerFactory(user__username="officer_a", federation=fed_a)
    officer_b = factories.RatingOfficerFactory(user__username="officer_b", federation=fed_b)
    administrator = factories.UserFactory(username="administrator")
    administrator.groups.add(Group.objects.get_or_create(name=ADMINISTRATORS_GROUP)[0])
    tournament = factories.TournamentFactory(federation=fed_a, chief_arbiter=arbiter)
    return {
        "fed_a": fed_a,
        "fed_b": fed_b,
        "tournament": tournament,
        "users": {
            "arbiter": arbiter.user,
            "officer_a": officer_a.user,
            "officer_b": officer_b.user,
            "administrator": administrator,
        },
    }


def persona_client(world, persona):
    """A test client signed in as the persona (anonymous: not signed in)."""
    from django.test import Client

    client = Client()
    if persona != "anonymous":
        client.force_login(world["users"][persona])
    return client


def persona_actor(world, persona):
    from players.access import ANONYMOUS, actor_for

    return ANONYMOUS if persona == "anonymous" else actor_for(world["users"][persona])


def manage_py(*args: str) -> subprocess.CompletedProcess[str]:
    """``manage.py ARGS`` run as an officer would, in a process of its own (DEBUG on, the
    environment's database): for what only a real command line shows, such as its exit
    status and what it writes on stderr."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        env={**os.environ, "DEBUG": "1"},
        check=False,
    )


@pytest.fixture
def broker_away(monkeypatch):
    """Tasks go to a task queue nobody answers at (a port nothing listens on): its broker
    and, as settings.py has them, its result store on the same Redis, which fails first
    for a task whose result is kept (a review: a traceback after 19 s of retries). Refused
    at once: no retries of the publication."""
    from ratings_site.celery import app

    away = "redis://127.0.0.1:9/0"
    monkeypatch.setenv("CELERY_BROKER_URL", away)  # Celery reads it before its settings
    conf = {
        "task_always_eager": False,
        "broker_url": away,
        "result_backend": away,
        "task_publish_retry": False,
        "broker_transport_options": {"max_retries": 0},
    }
    saved = {name: app.conf[name] for name in conf}

    def anew() -> None:  # connections and the result store made anew, as in a new process
        app._after_fork()
        app._backend_cache = None
        app._local.__dict__.pop("backend", None)

    app.conf.update(conf)
    anew()
    yield
    app.conf.update(saved)
    anew()
