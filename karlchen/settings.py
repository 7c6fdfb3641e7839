"""Karlchen's settings: one module, configured only through the environment.

Without any environment a newcomer gets the embedded setup: a SQLite file, a local-memory cache
and eager Celery. ``DATABASE_URL`` switches to PostgreSQL, ``REDIS_URL`` to Redis as Celery broker
and cache. ``DEBUG=false`` is production: it refuses the development secret key.
"""

from datetime import timedelta
from pathlib import Path
from typing import Any

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
    "axes",  # failed logins: lockouts per account and per address (see AXES_* below)
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    # Karlchen's apps, in the order they may import each other (docs/DESIGN.md)
    "karlchen",
    "clubs",
    "people",
    "tournaments",
    "seating",
    "scoring",
    "results",
    "seasons",
    "teams",
    "signups",
    "competitions",
    "leagues",
    "cups",
    "listings",
    "printing",
    "registry",
    "stats",
    "desk",
]

MIDDLEWARE = [
    # What a request reads once and asks for again (the user's roles) is kept for that request
    # alone (karlchen/memo.py).
    "karlchen.memo.RequestMemoMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A query parameter or form field holding a control character is refused here, before any
    # view reads it (karlchen/plaintext.py decides what is refused).
    "karlchen.middleware.PlainTextMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Turns a request axes flagged as locked out into karlchen.logins.lockout_response.
    "axes.middleware.AxesMiddleware",
    # Asked first about a view's exception: a database connection that broke under a request
    # runs a read again once, and answers a write 503 with Retry-After (karlchen/database.py).
    "karlchen.database.DatabaseFaultsMiddleware",
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
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database serialises writes as PostgreSQL's row locks do: a transaction takes
    # SQLite's write lock at BEGIN (select_for_update is a no-op there), and a second writer
    # waits for it up to SQLITE_BUSY_SECONDS instead of failing with "database is locked". A
    # transaction begun as a reader and then writing cannot wait (SQLite refuses the upgrade at
    # once, to avoid a deadlock): two saves of one deal at the same moment answered 500.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("transaction_mode", "IMMEDIATE")
    options.setdefault("timeout", env.float("SQLITE_BUSY_SECONDS", default=20))
if postgresql and env.bool("DB_PREPARED_STATEMENTS", default=True):
    # Parameters bound by the server, and prepared statements (psycopg prepares a query the 5th
    # time a connection runs it): with persistent connections PostgreSQL plans the statements of
    # a recorded deal once per connection instead of every time (bench/standings.py counts the
    # database's CPU per deal over every backend). Off for a pooler that cannot keep prepared
    # statements (PgBouncer in transaction mode before 1.21).
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("server_side_binding", True)
    options.setdefault("prepare_threshold", 5)
# A streaming replica of the primary (PostgreSQL only): the cached reads are computed there once
# it has replayed the change they are cached for, else on the primary (karlchen/replica.py).
# Tests mirror it to the primary; tests/test_replica.py runs against a real one.
if REPLICA_URL := env.str("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = {
        "ATOMIC_REQUESTS": False,
        "CONN_MAX_AGE": DATABASES["default"]["CONN_MAX_AGE"],
        "CONN_HEALTH_CHECKS": True,
        **env.db_url_config(REPLICA_URL),  # a ?conn_max_age= of its own wins
        "TEST": {"MIRROR": "default"},
    }
    DATABASES["replica"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", env.int("REPLICA_CONNECT_TIMEOUT", default=2)
    )
    DATABASE_ROUTERS = ["karlchen.replica.ReplicaRouter"]
REPLICA_PAUSE_AFTER_ERROR = env.float("REPLICA_PAUSE_AFTER_ERROR", default=30)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    # Redis is a cache, never a single point of failure for play (karlchen/cache.py): should it
    # be unreachable, reads are computed from the database, deals are stored all the same, and
    # rate limits count per process. Short timeouts, so a hanging Redis costs a request at most
    # a second; after an error a process leaves Redis alone for REDIS_PAUSE_AFTER_ERROR seconds.
    CACHES = {
        "default": {
            "BACKEND": "karlchen.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="karlchen"),
            "OPTIONS": {
                "socket_connect_timeout": env.float("REDIS_CONNECT_TIMEOUT", default=0.5),
                "socket_timeout": env.float("REDIS_TIMEOUT", default=0.5),
                "health_check_interval": 30,  # PING a connection idle this long before using it
                "PAUSE_AFTER_ERROR": env.float("REDIS_PAUSE_AFTER_ERROR", default=5),
            },
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
# Jobs are idempotent (tournaments.domain.jobs): a message is acknowledged when its task ends,
# and put back when the process running it dies (SIGKILL, out of memory), so another process
# runs the job again. One message reserved per process: a long job does not hold back others.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis hands an unacknowledged message out again after the visibility timeout: longer than any
# task may run (the hard time limit), or a job still running would be delivered twice. A worker
# killed whole is noticed sooner by the sweep below, not by this timeout.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 2 * CELERY_TASK_TIME_LIMIT,
    # Fail fast when Redis is unreachable: starting a job answers in a second or two (the job
    # waits in the outbox), instead of a request hanging on a dead broker.
    "socket_connect_timeout": 1,
    "socket_timeout": 2,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.25,
    "interval_max": 0.5,
}
# The worker keeps trying to reach Redis when it is down at start or goes away (Celery's
# default, stated since Celery 6 drops the implicit retry at start).
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Jobs whose worker has gone: a worker running a job touches it every JOB_HEARTBEAT_SECONDS; a
# running job silent for JOB_STALE_SECONDS is requeued (JOB_MAX_ATTEMPTS starts at most, then
# failed with a reason), a job pending for JOB_PENDING_SECONDS is queued again (its message
# lost), and failed once it has waited JOB_MAX_ATTEMPTS times that long. celery beat runs the
# sweep every JOB_SWEEP_SECONDS. A worker killed whole (its message stays with Redis until the
# visibility timeout) leaves its job silent for at most STALE + SWEEP seconds (30) before a
# worker runs it again: within the minute an organiser may wait for a job to move on.
JOB_HEARTBEAT_SECONDS = env.float("JOB_HEARTBEAT_SECONDS", default=5)
JOB_STALE_SECONDS = env.float("JOB_STALE_SECONDS", default=20)
JOB_PENDING_SECONDS = env.float("JOB_PENDING_SECONDS", default=600)
JOB_MAX_ATTEMPTS = env.int("JOB_MAX_ATTEMPTS", default=3)
JOB_SWEEP_SECONDS = env.float("JOB_SWEEP_SECONDS", default=10)
# Every task is handed to the broker through an outbox (karlchen/outbox.py): what the broker
# could not take waits there, and beat's drain sends it every OUTBOX_DRAIN_SECONDS once the
# broker is back.
OUTBOX_DRAIN_SECONDS = env.float("OUTBOX_DRAIN_SECONDS", default=10)
# The players' rating is computed again after each closed series (its task, sent by the
# closing); beat runs it every RATING_REFRESH_SECONDS as well, which follows what no closing
# signals (a deal corrected or voided in a closed series, a tournament published or removed, a
# merge) and catches up after an outage. A run over unchanged series changes nothing.
RATING_REFRESH_SECONDS = env.float("RATING_REFRESH_SECONDS", default=300)
CELERY_BEAT_SCHEDULE = {
    "drain-outbox": {
        "task": "karlchen.drain_outbox",
        "schedule": OUTBOX_DRAIN_SECONDS,
        "options": {"expires": OUTBOX_DRAIN_SECONDS},
    },
    "sweep-jobs": {
        "task": "karlchen.tournaments.sweep_jobs",
        "schedule": JOB_SWEEP_SECONDS,
        # A sweep not run by its next turn is dropped: the next one does the same work.
        "options": {"expires": JOB_SWEEP_SECONDS},
    },
    "refresh-rating": {
        "task": "karlchen.stats.refresh_rating",
        "schedule": RATING_REFRESH_SECONDS,
        "options": {"expires": RATING_REFRESH_SECONDS},
    },
    # Sign-up mails not sent yet (their task lost, or the mail server down for long).
    "send-unsent-mails": {
        "task": "karlchen.signups.send_unsent_mails",
        "schedule": 10 * 60,
        "options": {"expires": 10 * 60},
    },
    # axes' log of failed logins (every failure, for the admin) is kept this many days.
    "prune-login-failures": {
        "task": "karlchen.prune_login_failures",
        "schedule": 24 * 60 * 60,
        "options": {"expires": 60 * 60},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Every password login (the desk, the admin, HTTP Basic on the API) goes through authenticate();
# axes' backend comes first and refuses a locked-out account or address before the password is
# even checked. Captain tokens and PINs are not passwords and are not counted here.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# After LOGIN_FAILURE_LIMIT failed logins within LOGIN_COOLOFF_MINUTES of each other, an account
# from one address (the pair) and an address (for any account) are locked until that long after
# the last failure. Never an account as a whole: anyone who knows an organiser's user name could
# lock them out of the desk by typing it wrong; they lock only their own address. The failures
# live in the database (axes' AccessAttempt, shown in the admin, where deleting one releases it,
# as do ``manage.py axes_reset``, ``axes_reset_username`` and ``axes_reset_ip``). A successful
# login resets nothing: an attacker's own account must not clear an address's count.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("LOGIN_COOLOFF_MINUTES", default=15))
# Each criterion counts on its own: "username", "ip_address", or both as one "username+ip_address".
AXES_LOCKOUT_PARAMETERS = [
    [part.strip() for part in criterion.split("+")] if "+" in criterion else criterion.strip()
    for criterion in env.list("LOGIN_LOCKOUT_BY", default=["username+ip_address", "ip_address"])
]
AXES_RESET_ON_SUCCESS = False
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a retry while locked does not prolong it
AXES_ENABLE_ACCESS_FAILURE_LOG = True  # every failure kept (in the admin), marked when it locked
LOGIN_FAILURE_LOG_DAYS = env.int("LOGIN_FAILURE_LOG_DAYS", default=90)  # then pruned (daily)
AXES_CLIENT_IP_CALLABLE = "karlchen.logins.client_address"  # as the API's rate limits count
AXES_LOCKOUT_CALLABLE = "karlchen.logins.lockout_response"

LOGIN_URL = "desk:login"
LOGIN_REDIRECT_URL = "desk:home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["karlchen.formats"]  # English with European dates (karlchen/formats/en)
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# collectstatic writes a gzip copy beside each file and whitenoise sends it to browsers that
# accept it: gunicorn alone (no proxy in front) then serves the captain's scripts compressed too.
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Generated PDFs live in Django's default storage; they are never served from MEDIA_URL but
# through the organisers' download endpoint of their job. One machine: files under MEDIA_ROOT.
# Several web and worker machines: an S3 bucket (S3_BUCKET; any S3-compatible store, e.g. MinIO
# or Ceph, at S3_ENDPOINT_URL), which every process sees (django-storages).
if S3_BUCKET := env.str("S3_BUCKET", default=""):
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": S3_BUCKET,
            "endpoint_url": env.str("S3_ENDPOINT_URL", default="") or None,
            "region_name": env.str("S3_REGION", default="") or None,
            "access_key": env.str("S3_ACCESS_KEY_ID", default="") or None,
            "secret_key": env.str("S3_SECRET_ACCESS_KEY", default="") or None,
            "location": env.str("S3_PREFIX", default=""),  # a folder of a shared bucket
            "default_acl": None,  # private: the bucket's policy decides, nothing is public
            "file_overwrite": True,  # a job run again replaces its files (printing.domain)
        },
    }
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "media")))
MEDIA_URL = "media/"
# The address printed on score sheets (the captain links and their QR codes), e.g.
# https://karlchen.example.org; unset: the address the organiser's request came in on.
SITE_URL = env.str("SITE_URL", default="")
# Which sites may show the standings widget (/t/<id>/widget/) in a frame: a CSP
# frame-ancestors source list ("*": any; e.g. "https://www.dokoclub.de" for one club's site).
# Every other page refuses to be framed (X-Frame-Options: DENY).
WIDGET_FRAME_ANCESTORS = env.str("WIDGET_FRAME_ANCESTORS", default="*")

# Anyone signed in may create a club (and becomes its admin); off: only associations' admins
# and superusers create clubs (docs/CLUBS.md).
KARLCHEN_SELF_SERVICE_CLUBS = env.bool("KARLCHEN_SELF_SERVICE_CLUBS", default=False)

# E-mail (the sign-up's confirmation and cancellation links): printed to the console by default
# (the demo, development); an SMTP server when EMAIL_HOST is set (README, "E-mail").
EMAIL_HOST = env.str("EMAIL_HOST", default="")
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=bool(EMAIL_HOST))
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)  # seconds: a hanging server fails the task
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Karlchen <karlchen@localhost>")
# Sign-ups through the public form per client address and hour (beyond: refused, 429).
SIGNUP_RATE_LIMIT = env.int("SIGNUP_RATE_LIMIT", default=10)

# A deal result is a few hundred bytes: refuse anything big before parsing it.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=256 * 1024)
# A tournament archive (desk upload, POST /api/v1/tournaments/import/): an evening of 50 tables
# and 5 series is about 10 MB as exported; anything larger is refused before it is parsed.
ARCHIVE_MAX_BYTES = env.int("ARCHIVE_MAX_BYTES", default=20_000_000)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: its WWW-Authenticate header makes a missing login a 401, not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "karlchen.api.authentication.BasicAuthentication",  # counted by axes
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
    # choice sets named once where several components share a field name
    "ENUM_NAME_OVERRIDES": {
        "EntryModeEnum": "rules.quick.ENTRY_MODES",
        "QuickContractEnum": "rules.quick.CONTRACTS",
        "SignUpStatusEnum": "signups.enums.SignUpStatus",
        "FeeStatusEnum": "signups.enums.FeeStatus",
        # three choice sets of fields named "status": each named, none left to a hash
        "TournamentStatusEnum": "tournaments.enums.TournamentStatus",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "karlchen.api.schema.add_error_responses",  # the error answers every operation can give
        "karlchen.api.schema.text_patterns",  # what no text may hold (karlchen/plaintext.py)
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
        # axes tells every cleanup at INFO; failures and lockouts come at WARNING
        "axes": {"level": "WARNING"},
    },
}
