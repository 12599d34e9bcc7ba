"""The settings module as an operator meets it: run in fresh processes with chosen env."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent

# Everything the settings read; removed from the child's environment unless a test sets it.
SETTINGS_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "MEDIA_ROOT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "TRUST_X_FORWARDED_PROTO",
    "CSRF_TRUSTED_ORIGINS",
    "CELERY_TASK_DEFAULT_QUEUE",
    "NEW_PLAYER_ID_RANGE",
    "REPORT_UPLOAD_MAX_BYTES",
    "REPORT_GAMES_MAX_BYTES",
    "LIST_EVERY_MONTHS",
    "LISTS_AUTO_PUBLISH",
    "PERIODS_TICK_SECONDS",
    "PERIOD_PARTITIONS",
    "PERIOD_CLAIM_LEASE_SECONDS",
    "PERIOD_PROGRESS_CHUNK",
    "EMAIL_URL",
    "CACHE_URL",
    "DEFAULT_FROM_EMAIL",
    "EMAIL_TIMEOUT",
    "SITE_URL",
    "TIME_ZONE",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_MINUTES",
    "DJANGO_SETTINGS_MODULE",
)
A_SECRET = "a-long-random-secret-for-these-tests-only-0123456789abcdefghij"

SHOW_SETTINGS = """
import json, django
from django.conf import settings
django.setup()
from ratings_site.celery import app
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "ENGINE": settings.DATABASES["default"]["ENGINE"],
    "NAME": str(settings.DATABASES["default"]["NAME"]),
    "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    "always_eager": app.conf.task_always_eager,
    "broker_url": app.conf.broker_url,
    "result_backend": app.conf.result_backend,
    "acks_late": app.conf.task_acks_late,
    "prefetch": app.conf.worker_prefetch_multiplier,
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "staticfiles": settings.STORAGES["staticfiles"]["BACKEND"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "cache_location": settings.CACHES["default"].get("LOCATION", ""),
    "time_zone": [settings.TIME_ZONE, str(app.conf.timezone)],
    "sign_in_lockout": [settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME.total_seconds()],
}))
"""


def run_python(args, **env):
    child_env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    child_env["DJANGO_SETTINGS_MODULE"] = "ratings_site.settings"
    child_env.update(env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def show_settings(**env):
    completed = run_python(["-c", SHOW_SETTINGS], **env)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def test_debug_off_without_secret_key_refuses_to_start():
    completed = run_python(["manage.py", "check"])

    assert completed.returncode != 0
    last_line = completed.stderr.strip().splitlines()[-1]
    assert "SECRET_KEY is not set and DEBUG is off: refusing to start" in last_line


@pytest.mark.parametrize("months", ["0", "5", "-3"])
def test_lists_every_n_months_refuses_an_n_that_does_not_divide_the_year(months):
    """Lists fall on the 1st of every n-th month from January (standard-2009 7.3's monthly
    lists, or fewer): 0 stopped beat with a division by zero, -3 was read as monthly, 5
    put a list in November and the next in January."""
    completed = run_python(["manage.py", "check"], DEBUG="1", LIST_EVERY_MONTHS=months)

    assert completed.returncode != 0
    last_line = completed.stderr.strip().splitlines()[-1]
    assert f"LIST_EVERY_MONTHS is {months}: it must be 1, 2, 3, 4, 6 or 12" in last_line
    assert run_python(["manage.py", "check"], DEBUG="1", LIST_EVERY_MONTHS="6").returncode == 0


def test_debug_on_starts_without_a_secret_key():
    shown = show_settings(DEBUG="1")

    assert shown["DEBUG"] is True
    assert shown["staticfiles"] == "django.contrib.staticfiles.storage.StaticFilesStorage"


def test_production_defaults():
    shown = show_settings(SECRET_KEY=A_SECRET)

    assert shown["DEBUG"] is False
    assert shown["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1"]
    assert shown["session_cookie_secure"] is True
    assert shown["staticfiles"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_allowed_hosts_and_media_root_come_from_the_environment(tmp_path):
    shown = show_settings(
        SECRET_KEY=A_SECRET,
        ALLOWED_HOSTS="ratings.example.org,.example.net",
        MEDIA_ROOT=str(tmp_path),
    )

    assert shown["ALLOWED_HOSTS"] == ["ratings.example.org", ".example.net"]
    assert shown["MEDIA_ROOT"] == str(tmp_path)


def test_default_database_is_sqlite_beside_the_code():
    shown = show_settings(DEBUG="1")

    assert shown["ENGINE"] == "django.db.backends.sqlite3"
    assert shown["NAME"] == str(BASE_DIR / "db.sqlite3")


def test_database_url_selects_postgresql():
    shown = show_settings(DEBUG="1", DATABASE_URL="postgres://rater@db.internal:5432/ratings")

    assert shown["ENGINE"] == "django.db.backends.postgresql"
    assert shown["NAME"] == "ratings"


def test_without_a_broker_tasks_run_eagerly_in_process(tmp_path):
    database_url = f"sqlite:///{tmp_path / 'eager.sqlite3'}"
    migrated = run_python(
        ["manage.py", "migrate", "--noinput"], DEBUG="1", DATABASE_URL=database_url
    )
    assert migrated.returncode == 0, migrated.stderr

    completed = run_python(
        [
            "-c",
            "import django; django.setup()\n"
            "from lists.models import WorkerHeartbeat\n"
            "from lists.tasks import record_worker_heartbeat\n"
            "print(record_worker_heartbeat.delay('eager-token').get(timeout=5))\n"
            "print(WorkerHeartbeat.objects.filter(token='eager-token').count())\n",
        ],
        DEBUG="1",
        DATABASE_URL=database_url,
    )

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["sqlite", "1"]
    assert show_settings(DEBUG="1")["always_eager"] is True


def test_with_a_broker_tasks_go_to_it_and_results_to_the_same_redis():
    shown = show_settings(SECRET_KEY=A_SECRET, CELERY_BROKER_URL="redis://broker.internal:6379/3")

    assert shown["always_eager"] is False
    assert shown["broker_url"] == "redis://broker.internal:6379/3"
    assert shown["result_backend"] == "redis://broker.internal:6379/3"
    assert shown["acks_late"] is True
    assert shown["prefetch"] == 1


def test_a_separate_result_backend_can_be_given():
    shown = show_settings(
        SECRET_KEY=A_SECRET,
        CELERY_BROKER_URL="redis://broker.internal:6379/3",
        CELERY_RESULT_BACKEND="redis://results.internal:6379/4",
    )

    assert shown["result_backend"] == "redis://results.internal:6379/4"


@pytest.mark.parametrize("flag", ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"])
def test_secure_cookie_flags_can_be_turned_off(flag):
    completed = run_python(
        [
            "-c",
            f"from django.conf import settings; print(settings.{flag})",
        ],
        SECRET_KEY=A_SECRET,
        **{flag: "0"},
    )

    assert completed.stdout.strip() == "False", completed.stderr


def test_deploy_check_reports_only_the_documented_warnings():
    completed = run_python(["manage.py", "check", "--deploy"], SECRET_KEY=A_SECRET)
    output = completed.stdout + completed.stderr

    assert completed.returncode == 0, output
    # HSTS and the https redirect stay off until an operator turns them on (README).
    assert set(re.findall(r"\((\w+\.[WE]\d+)\)", output)) == {"security.W004", "security.W008"}


def test_deploy_check_is_clean_once_https_is_turned_on():
    completed = run_python(
        ["manage.py", "check", "--deploy"],
        SECRET_KEY=A_SECRET,
        SECURE_SSL_REDIRECT="1",
        SECURE_HSTS_SECONDS="31536000",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="1",
        SECURE_HSTS_PRELOAD="1",
    )

    assert completed.returncode == 0, completed.stderr
    assert "System check identified no issues" in completed.stdout


def test_production_static_files_collect_into_hashed_compressed_copies(tmp_path):
    completed = run_python(
        [
            "-c",
            "import sys, django; django.setup()\n"
            "from django.conf import settings\n"
            "from django.core.management import call_command\n"
            "settings.STATIC_ROOT = sys.argv[1]\n"
            "call_command('collectstatic', '--noinput', verbosity=0)\n"
            "from django.templatetags.static import static\n"
            "print(static('vendor/bootstrap/css/bootstrap.min.css'))\n",
            str(tmp_path),
        ],
        SECRET_KEY=A_SECRET,
    )

    assert completed.returncode == 0, completed.stderr
    url = completed.stdout.strip()
    assert re.fullmatch(r"/static/vendor/bootstrap/css/bootstrap\.min\.[0-9a-f]{12}\.css", url)
    assert (tmp_path / url.removeprefix("/static/")).with_suffix(".css.gz").exists()


@pytest.mark.parametrize(
    ("env", "zone"), [({}, "UTC"), ({"TIME_ZONE": "Europe/Oslo"}, "Europe/Oslo")]
)
def test_the_federations_time_zone_decides_its_day(env, zone):
    """Closing dates and approvals go by the federation's day (a review: UTC's, always):
    the site and beat's schedule both take TIME_ZONE."""
    assert show_settings(SECRET_KEY=A_SECRET, **env)["time_zone"] == [zone, zone]


def test_sign_in_lockout_is_five_wrong_passwords_for_thirty_minutes_unless_set():
    assert show_settings(DEBUG="1")["sign_in_lockout"] == [5, 1800]
    chosen = show_settings(DEBUG="1", AXES_FAILURE_LIMIT="3", AXES_COOLOFF_MINUTES="10")
    assert chosen["sign_in_lockout"] == [3, 600]


def test_every_variable_the_settings_read_is_in_env_example_and_in_these_tests():
    """README: `.env.example` lists every variable with its default. An operations audit
    found seven of them missing."""
    settings_source = (BASE_DIR / "ratings_site" / "settings.py").read_text()
    read = set(re.findall(r'env(?:\.\w+)?\(\s*"([A-Z][A-Z0-9_]*)"', settings_source))
    example = (BASE_DIR / ".env.example").read_text()
    listed = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]*)=", example, flags=re.MULTILINE))
    assert read and read - listed == set()
    assert read - set(SETTINGS_VARIABLES) == set()


@pytest.mark.parametrize(
    ("env", "offered"),
    [
        ({}, False),  # production without mail: a link would land in the log
        ({"EMAIL_URL": "smtp://u:secret@mail.example.org:587"}, False),  # no SITE_URL
        ({"EMAIL_URL": "smtp://u:secret@mail.example.org:587",
          "SITE_URL": "https://ratings.example.org/"}, True),
        ({"DEBUG": "1"}, True),  # development: the console
    ],
)  # fmt: skip
def test_a_password_reset_by_mail_is_offered_only_where_mail_goes_out(env, offered):
    script = (
        "import django, json; django.setup()\n"
        "from django.conf import settings\n"
        "print(json.dumps([settings.PASSWORD_RESET_BY_MAIL, settings.SITE_URL,"
        " hasattr(settings, 'EMAIL_URL')]))\n"
    )
    completed = run_python(["-c", script], SECRET_KEY=A_SECRET, **env)
    assert completed.returncode == 0, completed.stderr
    shown, site, url_kept = json.loads(completed.stdout)
    assert shown is offered and url_kept is False  # the mail server's password is no setting
    assert site == env.get("SITE_URL", "").rstrip("/")


def test_the_cache_is_each_process_own_unless_a_shared_one_is_named():
    """A computed run's and a published list's counts are remembered (DESIGN-notes 96): in
    each process by default; CACHE_URL names one that several web processes share."""
    own = show_settings(DEBUG="1")
    assert own["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    shared = show_settings(DEBUG="1", CACHE_URL="redis://127.0.0.1:6379/2")
    assert shared["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert shared["cache_location"] == "redis://127.0.0.1:6379/2"
