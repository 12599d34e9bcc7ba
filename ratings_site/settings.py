"""Settings of the rating officer's system.

This is the one place that reads the environment (django-environ). Every variable is
listed, with its default, in `.env.example`. The defaults give the embedded set-up of
DESIGN.md: SQLite beside the code and Celery tasks run eagerly in-process. Production and
CI choose PostgreSQL and Redis with `DATABASE_URL` and `CELERY_BROKER_URL` only.
"""

import datetime as dt
from pathlib import Path

import environ
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# A value starting with "$" names another variable (django-environ's proxy); "\$" escapes.
env.escape_proxy = True

# --- Core -------------------------------------------------------------------------------

DEBUG = env.bool("DEBUG", default=False)

SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set and DEBUG is off: refusing to start. Set SECRET_KEY "
            "to a long random value (see .env.example), or set DEBUG=1 for local development."
        )
    # Development only: never used when DEBUG is off (see above).
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "ratings_site.apps.SiteAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",  # intcomma: a month counts in the hundreds of thousands
    # WhiteNoise serves static files under runserver too, as it does in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tables2",
    "django_filters",
    "axes",  # sign-in attempts counted, an account locked after too many (below)
    "audit",
    "players",
    "tournaments",
    "arena",
    "lists",
    # The site itself, for its one command (load_demo): it builds on every app.
    "ratings_site.apps.SiteConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "players.middleware.ActorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "ratings_site.middleware.MethodNotAllowedPage",
    # Last, as django-axes asks: it answers a locked-out sign-in with its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "ratings_site.urls"
WSGI_APPLICATION = "ratings_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Authentication ---------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
# django-axes first: it refuses a locked-out sign-in before the password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
#: After this many wrong passwords for one account from one address, that address may not
#: sign in to it for AXES_COOLOFF_TIME (a review tried 30 wrong passwords unhindered). By
#: account and address together, so that nobody locks an officer out from elsewhere. But
#: behind a proxy every request comes from the proxy's address, and a pause then holds the
#: account for everyone: there, install django-ipware and set AXES_IPWARE_PROXY_COUNT here
#: (django-axes' documentation) to count by the client's. Not by default: without a proxy
#: that sets it, X-Forwarded-For is whatever the client writes, a new address each try.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = dt.timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=30))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "ratings_site.views.locked_out"
#: Signing in leads to what is waiting for the user (a "next" page, where given, first).
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# --- Mail (password resets) -------------------------------------------------------------

#: smtp://USER:PASSWORD@HOST:587 (or smtp+tls://, smtp+ssl://). Without it mail goes to the
#: console, and only where DEBUG is on is a password reset offered at all (a reset link
#: in a production log would open any account to whoever reads the log).
# Not a setting of its own: it holds the mail server's password, which DEBUG pages show.
_mail_server_given = bool(env.str("EMAIL_URL", default=""))
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="ratings@localhost")
#: The site's public address (https://ratings.example.org): the links mailed are built on
#: it, never on the Host header of the request that asked for them.
SITE_URL = env.str("SITE_URL", default="").rstrip("/")
#: A forgotten password is reset by mail where mail really goes out and the site knows
#: its address; in development (DEBUG) the console and the request's address do.
PASSWORD_RESET_BY_MAIL = DEBUG or (_mail_server_given and bool(SITE_URL))

# --- Internationalisation ---------------------------------------------------------------

LANGUAGE_CODE = "en-us"
#: The federation's own: "today" for closing dates, approvals and list dates is its day,
#: not London's (a review). Any IANA name, e.g. Europe/Oslo.
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
#: ISO dates everywhere (ratings_site/formats/en/formats.py).
FORMAT_MODULE_PATH = ["ratings_site.formats"]
USE_TZ = True

# --- Static and uploaded files ----------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files need `collectstatic`; in development serve them as they are.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# --- The registry -----------------------------------------------------------------------

#: FIDE IDs given to players the officers register here ("first-last", inclusive).
NEW_PLAYER_ID_RANGE = tuple(
    int(bound) for bound in env.str("NEW_PLAYER_ID_RANGE", default="900000000-999999999").split("-")
)
#: The largest tournament report an arbiter may upload.
REPORT_UPLOAD_MAX_BYTES = env.int("REPORT_UPLOAD_MAX_BYTES", default=5 * 1024 * 1024)
#: A hybrid event's games file (PGN, R&B 2024 8.4): every game's moves, with clock comments
#: perhaps, a few hundred bytes to a few KB a game. Read within the upload's request at
#: about 1.3 ms a game (``make bench-pgn``): 10 MB, some 4,000 games with clocks, ~5 s.
REPORT_GAMES_MAX_BYTES = env.int("REPORT_GAMES_MAX_BYTES", default=10 * 1024 * 1024)

# --- Rating lists -----------------------------------------------------------------------

#: Months between lists: 1 since standard-2009 7.3 (a federation may publish less often).
LIST_EVERY_MONTHS = env.int("LIST_EVERY_MONTHS", default=1)
if LIST_EVERY_MONTHS not in (1, 2, 3, 4, 6, 12):
    # Lists fall on the 1st of every n-th month from January (regulations.lists.
    # is_list_date): n must divide the year, or the year's last list and the next year's
    # first would be closer than n months (a review: 0 stopped beat with a division by 0).
    raise ImproperlyConfigured(
        f"LIST_EVERY_MONTHS is {LIST_EVERY_MONTHS}: it must be 1, 2, 3, 4, 6 or 12 "
        "(months between lists, each on the 1st of a month from January)."
    )
#: Publish computed lists on their list date without waiting for an administrator.
LISTS_AUTO_PUBLISH = env.bool("LISTS_AUTO_PUBLISH", default=False)
#: Parts (by player) a period's computation is split into, one Celery task each, so that
#: several workers share a period (README, "Scaling the computation").
PERIOD_PARTITIONS = env.int("PERIOD_PARTITIONS", default=1)
#: A computation whose worker has been silent this long may be taken over.
PERIOD_CLAIM_LEASE_SECONDS = env.int("PERIOD_CLAIM_LEASE_SECONDS", default=300)
#: Players written (one transaction) between two progress updates.
PERIOD_PROGRESS_CHUNK = env.int("PERIOD_PROGRESS_CHUNK", default=10_000)

# --- Security (production-safe when DEBUG is off) ---------------------------------------

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
# Off by default: TLS is usually terminated (and http redirected) by the proxy in front.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
# Off by default: enable only once the site is known to be served over HTTPS for good.
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
if env.bool("TRUST_X_FORWARDED_PROTO", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Content-Security-Policy (django-csp): scripts from this site's own files only, none
# written into a page (a script smuggled into a name would not run even if it escaped the
# templates' escaping); style attributes stay allowed (Bootstrap's layouts and the charts'
# boxes use them), as do Bootstrap's data: images; no plugins, no framing, forms post here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

# --- Cache --------------------------------------------------------------------------------

# What never changes once counted (a published list's counts, a computed run's): remembered
# in each process by default; with several web processes, one shared cache (Redis) counts
# each once for all of them.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}

# --- Celery -----------------------------------------------------------------------------

CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
if CELERY_BROKER_URL:
    CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL)
    CELERY_TASK_ALWAYS_EAGER = False
    # A task is acknowledged when it has finished, so a killed worker's task runs again.
    CELERY_TASK_ACKS_LATE = True
    CELERY_WORKER_PREFETCH_MULTIPLIER = 1
    CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
    #: The queue tasks go to, those a task sends included (the parts of a split period).
    CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="celery")
else:
    # Embedded mode: tasks run in the caller's process; nothing connects to a broker.
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    # A task's failure is recorded as a worker's would be (the period failed with its
    # reason, the import failed), not raised into the page that started it (a server
    # error). The tests propagate (tests/conftest.py).
    CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TIMEZONE = TIME_ZONE
#: Celery beat (``celery -A ratings_site beat``): periods are created, closed, computed and
#: (when configured) published by this round.
CELERY_BEAT_SCHEDULE = {
    "rating-periods": {
        "task": "lists.tasks.periods_tick",
        "schedule": env.float("PERIODS_TICK_SECONDS", default=3600.0),
    },
}

# --- Third-party apps -------------------------------------------------------------------

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "tables/bootstrap5.html"
