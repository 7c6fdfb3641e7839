"""The shipped proxy config (deploy/nginx.conf.template), run by a local nginx on loopback.

docker-compose.yml hands the template to the official nginx image, whose entrypoint renders it
(envsubst) into a file its own nginx.conf includes inside ``http {}``. The tests
(tests/test_compose.py) and bench/live.py need that very config in front of servers of their own,
without Docker: :func:`render` substitutes as the entrypoint does, :func:`main_config` stands in
for the image's nginx.conf around it, and :func:`running` starts nginx on a free loopback port.
Debian's ``nginx`` package is enough (bin/services installs it).
"""

import contextlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
MAIN = Path(__file__).with_name("nginx.main.conf")  # the container's nginx.conf
# docker-compose.yml gives the image the same NGINX_ENVSUBST_FILTER: only these are substituted,
# so no nginx variable ($host, $scheme, ...) can ever be mistaken for an environment variable.
ENVSUBST_FILTER = "^KARLCHEN_"

_REFERENCE = re.compile(r"\$(?:\{(?P<braced>[A-Za-z_]\w*)\}|(?P<bare>[A-Za-z_]\w*))")


def render(environment: dict[str, str], template: str | None = None) -> str:
    """The template as the image's entrypoint writes it: ``envsubst`` of every variable that is
    set in ``environment`` and whose name matches :data:`ENVSUBST_FILTER`; the rest stays."""
    text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
    defined = {name for name in environment if re.search(ENVSUBST_FILTER, name)}

    def substitute(match: re.Match) -> str:
        name = match["braced"] or match["bare"]
        return environment[name] if name in defined else match[0]

    return _REFERENCE.sub(substitute, text)


def nginx_binary() -> str | None:
    """nginx on PATH, or Debian's /usr/sbin/nginx (not on PATH for a user who is not root)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


LIMITS = ("worker_connections", "worker_rlimit_nofile")


def connection_limits() -> tuple[str, str]:
    """``worker_connections`` and ``worker_rlimit_nofile`` of the shipped deploy/nginx.main.conf."""
    text = MAIN.read_text(encoding="utf-8")
    values = []
    for name in LIMITS:
        match = re.search(rf"^\s*{name}\s+(\d+);", text, re.MULTILINE)
        if match is None:
            raise ValueError(f"{MAIN.name} sets no {name}")
        values.append(match[1])
    return values[0], values[1]


def main_config(directory: Path, site: Path) -> str:
    """An nginx.conf shaped like the container's (deploy/nginx.main.conf, the official image's
    with more connections): the rendered template is included inside ``http {}`` after the same
    directives, so a directive the template repeats fails here too."""
    connections, open_files = connection_limits()
    mime_types = Path("/etc/nginx/mime.types")
    # As root the workers would switch to "nobody", who cannot enter a private temp directory.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
    return f"""{user}
worker_processes auto;
worker_rlimit_nofile {open_files};
pid {directory}/nginx.pid;
events {{ worker_connections {connections}; }}
http {{
    {f"include {mime_types};" if mime_types.exists() else ""}
    default_type application/octet-stream;
    log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                    '$status $body_bytes_sent "$http_referer" '
                    '"$http_user_agent" "$http_x_forwarded_for"';
    access_log {directory}/access.log main;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    include {site};
}}
"""


@dataclass
class Proxy:
    port: int
    directory: Path
    process: subprocess.Popen

    def log(self, name: str = "error.log") -> str:
        path = self.directory / name
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def _prepare(directory: Path, web: str, captains: str, listen: str) -> list[str]:
    """Writes the rendered site and the main config; the nginx command line that uses them."""
    binary = nginx_binary()
    if binary is None:
        raise FileNotFoundError("nginx is not installed (bin/services installs it)")
    site = directory / "karlchen.conf"
    variables = {"KARLCHEN_LISTEN": listen, "KARLCHEN_WEB": web, "KARLCHEN_CAPTAINS": captains}
    variables["KARLCHEN_CACHE_DIR"] = str(directory / "cache")
    site.write_text(render(variables), encoding="utf-8")
    config = directory / "nginx.conf"
    config.write_text(main_config(directory, site), encoding="utf-8")
    return [binary, "-p", str(directory), "-c", str(config), "-e", str(directory / "error.log")]


def check(web: str = "127.0.0.1:9", captains: str = "127.0.0.1:9") -> subprocess.CompletedProcess:
    """``nginx -t`` on the rendered config (the upstreams need not be up for that)."""
    with tempfile.TemporaryDirectory(prefix="karlchen-nginx-") as name:
        command = _prepare(Path(name), web, captains, f"127.0.0.1:{free_port()}")
        return subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)


@contextlib.contextmanager
def running(web: str, captains: str):
    """nginx with the shipped config on a free loopback port, proxying to ``web`` and
    ``captains`` (``host:port``); stopped on leaving."""
    with tempfile.TemporaryDirectory(prefix="karlchen-nginx-") as name:
        directory, port = Path(name), free_port()
        command = _prepare(directory, web, captains, f"127.0.0.1:{port}")
        with (directory / "stderr.log").open("wb") as stderr:
            process = subprocess.Popen(
                [*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=stderr
            )
        proxy = Proxy(port, directory, process)
        try:
            _wait_until_listening(proxy)
            yield proxy
        finally:
            process.terminate()
            process.wait(timeout=30)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_listening(proxy: Proxy) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proxy.process.poll() is not None:
            raise RuntimeError(f"nginx exited: {proxy.log('stderr.log')}{proxy.log()}")
        try:
            with socket.create_connection(("127.0.0.1", proxy.port), timeout=1):
                return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"nginx did not listen on {proxy.port}: {proxy.log()}")
