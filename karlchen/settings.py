"""Karlchen's settings: one module, configured only through the environment.

Without any environment a newcomer gets the embedded setup: a SQLite file, a local-memory cache
and eager Celery. ``DATABASE_URL`` switches to PostgreSQL, ``REDIS_URL`` to Redis as Celery broker
and cache. ``DEBUG=false`` is production: it refuses the development secret key.
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEVELOPMENT_SECRET_KEY = "karlchen-development-only-never-use-in-production"
DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = env.str("SECRET_KEY", default=DEVELOPMENT_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (production).")

ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "karlchen.api.errors.csrf_failure"  # the error format under /api/

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    # Karlchen's apps, in the order they may import each other (docs/DESIGN.md)
    "karlchen",
    "tournaments",
    "seating",
    "scoring",
    "results",
    "printing",
    "desk",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "karlchen.urls"
WSGI_APPLICATION = "karlchen.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
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

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections: a new PostgreSQL connection per request (Django's default) costs more
# than recording a deal. Health checks find one the server dropped before a request uses it.
# A ``?conn_max_age=`` in DATABASE_URL wins.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
postgresql = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
if postgresql and env.bool("DB_PREPARED_STATEMENTS", default=True):
    # Parameters bound by the server, and prepared statements (psycopg prepares a query the 5th
    # time a connection runs it): with persistent connections PostgreSQL plans the statements of
    # a recorded deal once per connection instead of every time, a third less database CPU per
    # deal (bench/standings.py). Off for a pooler that cannot keep prepared statements
    # (PgBouncer in transaction mode before 1.21).
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("server_side_binding", True)
    options.setdefault("prepare_threshold", 5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="karlchen"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None  # job state lives in the database, not in Celery's backend
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SOFT_TIME_LIMIT = 300
CELERY_TASK_TIME_LIMIT = 360

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "desk:login"
LOGIN_REDIRECT_URL = "desk:home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# Generated PDFs live in Django's default storage (files under MEDIA_ROOT); they are never served
# from MEDIA_URL but through the organisers' download endpoint of their job.
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
MEDIA_URL = "media/"
# The address printed on score sheets (the captain links and their QR codes), e.g.
# https://karlchen.example.org; unset: the address the organiser's request came in on.
SITE_URL = env.str("SITE_URL", default="")

# A deal result is a few hundred bytes: refuse anything big before parsing it.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=256 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: its WWW-Authenticate header makes a missing login a 401, not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.BasicAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": ["karlchen.api.parsers.SafeJSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "EXCEPTION_HANDLER": "karlchen.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "score_preview": env.str("SCORE_PREVIEW_RATE", default="600/minute"),
    },
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0),  # proxies in front: for the client address
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Karlchen API",
    "DESCRIPTION": "Doppelkopf and Schafkopf tournaments: deal results, tables and standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "karlchen.api.schema.add_error_responses",  # the error answers every operation can give
    ],
}

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # WeasyPrint tells every step of every render at INFO; fontTools every font subset.
    "loggers": {
        "weasyprint.progress": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
