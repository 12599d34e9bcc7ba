#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:
        # The settings refuse to start (no SECRET_KEY with DEBUG off, say): one line, as
        # for any bad input, not a traceback (a review of the batch commands).
        sys.stderr.write(f"CommandError: the settings: {error}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
