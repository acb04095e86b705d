"""Tenbou settings: one file, read from the environment.

Development needs no environment at all (SQLite, DEBUG on, a fixed key). A deployment sets
SECRET_KEY, and with it DEBUG defaults to off and every secure default below switches on.
README.md lists the variables.
"""

from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def envbool(name: str, default: bool) -> bool:
    value = os.getenv(name, "").strip().lower()
    if not value:
        return default
    if value not in _TRUE | _FALSE:
        raise ImproperlyConfigured(f"{name}={value!r}: use 1/0, true/false, yes/no or on/off")
    return value in _TRUE


def envint(name: str, default: int) -> int:
    value = os.getenv(name, "").strip()
    try:
        return int(value) if value else default
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r}: expected a whole number") from None


def envlist(name: str) -> list[str]:
    """A comma-separated list; blanks are dropped so a trailing comma does no harm."""
    return [item.strip() for item in os.getenv(name, "").split(",") if item.strip()]


def database_config(url: str | None) -> dict:
    """DATABASE_URL -> Django's DATABASES["default"]; no URL means the SQLite file beside us."""
    if not url:
        url = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    # Persistent connections with a health check: gunicorn workers reuse them across requests.
    config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    if url.startswith(("postgres://", "postgresql://")):
        # Each process's connections say whose they are in pg_stat_activity ("tenbou 4242"): an
        # operator (and bench/load.py) can tell which gunicorn worker runs which query.
        config["OPTIONS"] = {
            **config.get("OPTIONS", {}),
            "application_name": f"tenbou {os.getpid()}",
        }
    return config


def secret_key(value: str | None, debug: bool) -> str:
    """A fixed key is fine for development only: signed cookies must not be forgeable in prod."""
    if value:
        return value
    if debug:
        return "tenbou-development-key-never-use-in-production-0123456789"
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. With DEBUG off Tenbou refuses to start without one: "
        "set SECRET_KEY to 50 or more random characters, e.g. the output of "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )


# Setting SECRET_KEY is what a deployment does, so it also turns the DEBUG default off.
DEBUG = envbool("DEBUG", default=not os.getenv("SECRET_KEY"))
SECRET_KEY = secret_key(os.getenv("SECRET_KEY"), DEBUG)

# Empty with DEBUG on means localhost only (Django's own rule); a deployment must name its hosts.
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "backups",
    "tournaments",
    "reports",
    "standings",
    "scoring",
    "clubs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The hand screen is ~50 KB of repetitive HTML; gzip makes it a few KB for a tablet on weak
    # club Wi-Fi. Django adds random bytes against BREACH, and CSRF tokens are masked anyway.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    *(["tenbou.replica.ReplicaReads"] if os.getenv("DATABASE_REPLICA_URL") else []),
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its own answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tenbou.urls"
WSGI_APPLICATION = "tenbou.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubs.context_processors.club_nav",
            ],
        },
    },
]

DATABASES = {"default": database_config(os.getenv("DATABASE_URL"))}
# A read replica (a streaming standby of the primary): the read-only pages read from it, see
# tenbou/replica.py. Tests never make a database of their own for it.
if os.getenv("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = {
        **database_config(os.getenv("DATABASE_REPLICA_URL")),
        "TEST": {"MIRROR": "default"},
    }
    DATABASE_ROUTERS = ["tenbou.replica.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions are read from a cache and written to it and to the database (cached_db): a page
# reads its session with no query, and a session the cache lost is read from the database. The
# cache must be one that every gunicorn worker shares (a worker's own memory is not: the next
# request goes to another worker), and not SQL (that would be the query saved): files in
# CACHE_DIR are shared by the workers of one machine. Several machines need a cache they all
# reach: REDIS_URL below. Tests keep it in the process's memory: the test
# client logs in through the same cached_db engine, so a test's session is read as a server's.
CACHE_DIR = Path(os.getenv("CACHE_DIR", "") or BASE_DIR / "cache")
_FILE_CACHE = {
    "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
    "LOCATION": CACHE_DIR,  # made private to the server's user (0700) by Django
    # Past this many files a third are dropped at random: their sessions are read from the
    # database once more. A club's few dozen tablets stay far below it.
    "OPTIONS": {"MAX_ENTRIES": 10_000},
}
_MEMORY_CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
# Several app servers: REDIS_URL (redis://host:6379/0) puts the cache, and so the sessions'
# cached copies, in one Redis that they all reach (Django's own Redis backend): a login made on
# one server is valid on every other, a logout on one ends it on all.
REDIS_URL = os.getenv("REDIS_URL", "").strip()
_REDIS_CACHE = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
# (A test process keeps its memory cache even with REDIS_URL set: test workers share no cache.)
# Rendered PDFs (reports.render), apart from the sessions so that neither crowds the other
# out: keyed by a digest of what they show, so never stale, only dropped for room. A printout
# is ~50-150 KB: at most 1,000 files (~100 MB) kept for a week on one machine; in Redis a day.
_PDF_CACHES = {
    "memory": {**_MEMORY_CACHE, "LOCATION": "pdfs", "OPTIONS": {"MAX_ENTRIES": 100}},
    "redis": {**_REDIS_CACHE, "KEY_PREFIX": "pdfs", "TIMEOUT": 24 * 3600},
    "file": {
        **_FILE_CACHE,
        "LOCATION": CACHE_DIR / "pdfs",
        "TIMEOUT": 7 * 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 1_000},
    },
}
_CACHE_KIND = "memory" if "pytest" in sys.modules else "redis" if REDIS_URL else "file"
CACHES = {
    "default": {"memory": _MEMORY_CACHE, "redis": _REDIS_CACHE, "file": _FILE_CACHE}[_CACHE_KIND],
    "pdfs": _PDF_CACHES[_CACHE_KIND],
}
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"

# Login rate limiting (django-axes): five wrong passwords for one user name from one address
# lock that pair out for 15 minutes; a correct login resets the count. Behind the reverse
# proxy every address is the proxy's, so the lock is in effect per user name.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Content Security Policy (django-csp): our own scripts, styles, images and requests only, no
# inline script or style anywhere (htmx is told not to add its indicator style: base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Japanese first: clubs in Japan get it with no choice made; an English browser gets English
# through LocaleMiddleware's reading of Accept-Language, and the header's switch sets a cookie.
LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", "日本語"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Tokyo"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", "") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Development and tests (pytest-django runs with DEBUG off) serve the files where they are, so
# neither needs collectstatic first; a deployment serves the collected, hashed, compressed copies.
_STATIC_FROM_SOURCE = DEBUG or "pytest" in sys.modules
WHITENOISE_USE_FINDERS = _STATIC_FROM_SOURCE
WHITENOISE_AUTOREFRESH = _STATIC_FROM_SOURCE
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if _STATIC_FROM_SOURCE
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Behind a TLS-terminating proxy (README): every secure default is on unless DEBUG is.
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", default=not DEBUG)
if envbool("SECURE_PROXY_SSL_HEADER", default=not DEBUG):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", default=not DEBUG)
# /healthz is asked over plain HTTP by the proxy and monitors: no redirect to https for it.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "tenbou@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_HOST = os.getenv("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = envint("EMAIL_PORT", default=587)
    EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", default=True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# A what-if of a big league (standings.whatif.PARALLEL_FROM_GAMES games or more, on PostgreSQL)
# shares its games among this many worker processes: 0, one per core; 1, none.
WHATIF_PROCESSES = envint("WHATIF_PROCESSES", 0)
