"""WSGI entry point: `gunicorn tenbou.wsgi`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tenbou.settings")

application = get_wsgi_application()
