"""Shared fixtures for the Django tests.

Pure tests (tests/regulations, tests/trf) run with `-p no:django`, so nothing here imports
Django at module level, and nothing here is autouse.
"""

import pytest


def pytest_configure(config):
    if not config.pluginmanager.has_plugin("django"):
        return
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
    ).enable()


@pytest.fixture
def debug_on(settings):
    """Development mode, as `make run` has it."""
    settings.DEBUG = True
    return settings
