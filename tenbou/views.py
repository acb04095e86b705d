from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers and monitors: 200 only when the database answers."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        # The reason goes to the log, not to whoever asks: it can name hosts and users.
        logger.exception("healthz: the database does not answer")
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and feed readers ask for /favicon.ico whatever the page links: send them ours."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))


# What the game screen needs to open offline: kept by the service worker when it installs.
OFFLINE_ASSETS = (
    "css/tenbou.css",
    "css/clubs.css",
    "css/scoring.css",
    "js/menu.js",
    "js/scoring.js",
    "js/offline.js",
    "js/queue.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "favicon.svg",
    "icons/tenbou-192.png",
)
# The cache of the game pages a tablet opened (sw.js); its number changes only if their form does.
PAGES_CACHE = "tenbou-pages-1"


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that opens a game's screen offline (``templates/sw.js``), from the
    site's root so that it covers every page; its version follows the static files' names."""
    assets = [static(path) for path in OFFLINE_ASSETS]
    version = hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]
    script = render_to_string(
        "sw.js",
        {
            "version": version,
            "pages_cache": PAGES_CACHE,
            "precache": json.dumps(assets),
            "static_url": settings.STATIC_URL,
            # The worker is fetched without the reader's language: its one page says it in each.
            "offline_title": " / ".join(_in_each_language(lambda: _("Offline"))),
            "offline_text": "</p><p>".join(_in_each_language(_never_opened)),
        },
    )
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new Tenbou's worker is found at once
    response["Service-Worker-Allowed"] = "/"
    return response


def _never_opened() -> str:
    return _(
        "This page was never opened on this device while online, so it cannot be shown "
        "without the network. Open the game once online to keep it on this device."
    )


def _in_each_language(text: Callable[[], str]) -> list[str]:
    """``text()`` in each of the site's languages, escaped for HTML."""
    said = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            said.append(escape(text()))
    return said


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the game screen installs as an app on a tablet's home screen."""
    data = {
        "name": _("Tenbou (点棒) mahjong scores"),
        "short_name": _("Tenbou"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#b22222",
        "icons": [
            {"src": static("icons/tenbou-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/tenbou-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response
