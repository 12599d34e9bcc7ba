"""pytest plugin (loaded with `-p tests.environment`), imported before Django's settings.

The settings refuse to start with DEBUG off and no SECRET_KEY, and tests run with DEBUG
off like production. A conftest.py is imported too late (pytest-django has loaded the
settings by then), so the key for the test process is set here. It sets nothing else and
imports nothing from Django, so pure tests run with `-p no:django` are unaffected.
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-any-deployment-0123456789")
