"""WSGI entry point: `gunicorn ratings_site.wsgi` or any WSGI server."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ratings_site.settings")

application = get_wsgi_application()
