"""What the benchmarks measure with: CPU time of processes (PostgreSQL's backends included, also
those that exit meanwhile), load generators that cost the measured cores little (wrk, or a raw
asyncio HTTP/1.1 client), percentiles with the confidence their sample count gives, and the
machine's load. No project code: what is measured must not measure itself.
"""

from __future__ import annotations

import asyncio
import math
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


# --- processes -------------------------------------------------------------------------------


def all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _stat(pid: int) -> list[str]:
    """The fields of /proc/<pid>/stat after the command name (which may hold spaces)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []  # gone meanwhile


def parent_pid(pid: int) -> int | None:
    fields = _stat(pid)
    return int(fields[1]) if fields else None


def process_cpu(pid: int) -> float:
    """CPU seconds of a running process (utime + stime: fields 14 and 15 of stat); 0 once gone."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / TICKS if fields else 0.0


def children_of(pid: int) -> list[int]:
    return [child for child in all_pids() if parent_pid(child) == pid]


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def machine() -> str:
    """The line every benchmark starts its figures with: the cores and how busy they are."""
    return (
        f"machine: {os.cpu_count()} cores, load average {load_average()} (1/5/15 min) at the "
        "start; other work on the cores moves every figure: compare the ratios of one run"
    )


# --- PostgreSQL's backends -------------------------------------------------------------------


_BACKEND = re.compile(r"^postgres: (?:\S+: )?(?P<user>\S+) (?P<database>\S+) ")


def backend_database(pid: int) -> str | None:
    """The database a PostgreSQL backend serves (from its process title), "" for a process that
    is no backend, or None for one that may yet become one (a postgres process whose title does
    not name a database: forked a moment ago, or one of the server's own)."""
    try:
        title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        command = Path(f"/proc/{pid}/stat").read_text().split(" (", 1)[1].rsplit(")", 1)[0]
    except (OSError, IndexError, UnicodeDecodeError):
        return ""
    match = _BACKEND.match(title)
    if match:
        return match["database"]
    return None if command == "postgres" else ""


@dataclass
class BackendCpu:
    """The CPU time of every PostgreSQL backend of ``database`` while it runs, sampled from
    /proc every ``interval`` seconds in a thread of its own.

    Each backend counts from its first sample (0 for one that started meanwhile: its start is
    work done for the run) to its last, so a backend that exits (``CONN_MAX_AGE`` recycling a
    connection, a pooler closing one) keeps what it used up to its last sample, and the sum can
    never go below zero; ``exited`` says how many did (what they used after their last sample,
    at most ``interval`` each, is missing: the figure is then a lower bound). A process is its
    pid and its start time: the kernel hands a gone process's pid to a new one (here within
    32 768), which must neither count on from the old one's CPU time (the sum went negative) nor
    be taken for a backend of this database without being asked. Backends in ``exclude`` (the
    benchmark's own connection) are left out."""

    database: str
    exclude: set[int] = field(default_factory=set)
    interval: float = 0.1
    first: dict[tuple[int, int], float] = field(default_factory=dict)  # by (pid, start time)
    last: dict[tuple[int, int], float] = field(default_factory=dict)
    present_at_start: set[tuple[int, int]] = field(default_factory=set)
    exited: int = 0
    _ours: dict[tuple[int, int], bool] = field(default_factory=dict)
    _others: set[int] = field(default_factory=set)  # pids of processes that are not ours
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> BackendCpu:
        self.sample(starting=True)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        self.sample()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.sample()

    def sample(self, *, starting: bool = False) -> None:
        alive = set()
        pids = all_pids()
        self._others.intersection_update(pids)  # a pid gone may come back as another process
        for pid in pids:
            if pid in self.exclude or pid in self._others:
                continue
            fields = _stat(pid)
            if not fields:
                continue  # gone meanwhile
            process = (pid, int(fields[19]))  # its start time (field 22)
            if process not in self._ours:
                database = backend_database(pid)
                if database is None:
                    continue  # asked again at the next sample
                self._ours[process] = database == self.database
            if not self._ours[process]:
                self._others.add(pid)
                continue
            cpu = (int(fields[11]) + int(fields[12])) / TICKS
            alive.add(process)
            if process not in self.first:
                self.first[process] = cpu if starting else 0.0
                if starting:
                    self.present_at_start.add(process)
            self.last[process] = cpu
        self.exited = len(set(self.last) - alive)

    @property
    def seconds(self) -> float:
        return sum(self.last[pid] - self.first[pid] for pid in self.last)

    @property
    def started(self) -> int:
        return len(set(self.last) - self.present_at_start)

    def note(self) -> str:
        """What the figure rests on, for the output."""
        text = f"{len(self.last)} backends sampled every {self.interval * 1000:.0f} ms"
        if self.started or self.exited:
            text += f" ({self.started} started, {self.exited} exited during the run"
            text += ": a lower bound by at most one interval each)" if self.exited else ")"
        return text


# --- percentiles -----------------------------------------------------------------------------


def percentile(ordered: list[float], p: float) -> float:
    """The ``p``-th percentile of sorted values (the value at rank ⌈n·p/100⌉, nearest rank)."""
    rank = max(1, math.ceil(len(ordered) * p / 100))
    return ordered[min(len(ordered), rank) - 1]


def percentile_interval(ordered: list[float], p: float, confidence: float = 0.95):
    """A distribution-free ``confidence`` interval for the ``p``-th percentile of the population
    the sorted sample came from (order statistics: the number of values below the true
    percentile is binomial(n, p/100)); None where the sample is too small for one."""
    n, q = len(ordered), p / 100
    if n == 0:
        return None
    cdf, total, probabilities = [], 0.0, _binomial(n, q)
    for value in probabilities:
        total += value
        cdf.append(total)
    tail = (1 - confidence) / 2
    lower = next((k for k in range(n + 1) if cdf[k] > tail), 0)  # P(B < lower) ≤ tail
    upper = next((k for k in range(n + 1) if cdf[k] >= 1 - tail), n)  # P(B > upper) ≤ tail
    if lower < 1 or upper + 1 > n:
        return None
    return ordered[lower - 1], ordered[upper]  # the lower-th and (upper+1)-th smallest


def _binomial(n: int, q: float) -> list[float]:
    """P(B = k) for k = 0..n, computed in log space (n may be a hundred thousand)."""
    if q <= 0 or q >= 1:
        return [1.0 if k == (0 if q <= 0 else n) else 0.0 for k in range(n + 1)]
    log_q, log_r = math.log(q), math.log1p(-q)
    whole = math.lgamma(n + 1)
    return [
        math.exp(whole - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * log_q + (n - k) * log_r)
        for k in range(n + 1)
    ]


def tail_note(ordered: list[float], p: float = 99) -> str:
    """How far a percentile of these samples can be trusted: how many samples lie beyond it and
    its 95 % interval (or that the sample is too small for one)."""
    beyond = len(ordered) * (100 - p) / 100
    interval = percentile_interval(ordered, p)
    where = (
        f"95 % interval {interval[0]:.1f}–{interval[1]:.1f} ms"
        if interval
        else "too few samples for a 95 % interval"
    )
    return f"p{p:g} of {len(ordered)} samples ({beyond:.1f} beyond it; {where})"


def samples_for(p: float, beyond: int = 10) -> int:
    """How many samples put ``beyond`` of them past the ``p``-th percentile."""
    return math.ceil(beyond * 100 / (100 - p))


# --- load generators -------------------------------------------------------------------------


WRK_HINT = "wrk is not installed (Debian: apt-get install wrk)"

# Prints the run's figures as one line of key=value pairs after it (wrk's own report is text).
_WRK_DONE = """
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    "\\nKARLCHEN requests=%d duration_us=%d bytes=%d connect=%d read=%d write=%d status=%d "
    .. "timeout=%d p50_us=%d p99_us=%d\\n",
    summary.requests, summary.duration, summary.bytes, errors.connect, errors.read,
    errors.write, errors.status, errors.timeout, latency:percentile(50), latency:percentile(99)))
end
"""

# A spectator's page: each connection sends the last ETag it was answered with (a 304 while
# nothing changed, the new body once a deal made it stale).
_WRK_FOLLOW_ETAG = """
local etag = nil
request = function()
  if etag then return wrk.format(nil, nil, {["If-None-Match"] = etag}) end
  return wrk.format()
end
response = function(status, headers, body)
  local tag = headers["ETag"] or headers["etag"] or headers["Etag"]
  if tag then etag = tag end
end
"""


def wrk_binary() -> str | None:
    return shutil.which("wrk")


@dataclass
class Run:
    """One load run: its answers, latencies and what the generator itself cost."""

    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int
    generator_cpu: float  # CPU seconds of the load generator during the run

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds


def wrk(
    url: str,
    *,
    connections: int,
    seconds: float,
    headers: dict[str, str] | None = None,
    follow_etag: bool = False,
) -> Run:
    """``connections`` keep-alive connections asking for ``url`` as fast as answered, by wrk
    (one thread: C and epoll, a few per cent of a core for what a Python server answers)."""
    process = start_wrk(
        url, connections=connections, seconds=seconds, headers=headers, follow_etag=follow_etag
    )
    output, cpu = finish(process, timeout=seconds + 60)
    return parse_wrk(output, cpu)


def start_wrk(
    url: str,
    *,
    connections: int,
    seconds: float,
    headers: dict[str, str] | None = None,
    follow_etag: bool = False,
) -> subprocess.Popen:
    program = wrk_binary()
    if program is None:
        raise FileNotFoundError(WRK_HINT)
    script = Path(tempfile.mkstemp(prefix="karlchen-wrk-", suffix=".lua")[1])
    script.write_text((_WRK_FOLLOW_ETAG if follow_etag else "") + _WRK_DONE)
    command = [program, "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout=30s"]
    command += ["-s", str(script)]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    process = subprocess.Popen(
        [*command, url], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    process.script = script  # type: ignore[attr-defined]
    return process


def stop_wrk(process: subprocess.Popen) -> tuple[str, float]:
    """Ends a wrk started for longer than needed (it reports on SIGINT): its output and CPU."""
    process.send_signal(signal.SIGINT)
    return finish(process, timeout=30)


def finish(process: subprocess.Popen, timeout: float) -> tuple[str, float]:
    """The process's output and its CPU seconds (from the kernel's accounting when it is
    reaped, so nothing it used escapes)."""
    assert process.stdout is not None
    timer = threading.Timer(timeout, process.kill)
    timer.start()
    try:
        output = process.stdout.read()
        _pid, status, usage = os.wait4(process.pid, 0)
    finally:
        timer.cancel()
        process.stdout.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    script = getattr(process, "script", None)
    if script is not None:
        script.unlink(missing_ok=True)
    return output, usage.ru_utime + usage.ru_stime


def parse_wrk(output: str, cpu: float) -> Run:
    line = next((x for x in output.splitlines() if x.startswith("KARLCHEN ")), None)
    if line is None:
        raise RuntimeError(f"wrk printed no figures: {output[-500:]}")
    values = {key: int(value) for key, value in (pair.split("=") for pair in line.split()[1:])}
    errors = sum(values[key] for key in ("connect", "read", "write", "status", "timeout"))
    return Run(
        values["requests"],
        values["duration_us"] / 1e6,
        values["p50_us"] / 1000,
        values["p99_us"] / 1000,
        errors,
        cpu,
    )


# --- a raw asyncio HTTP/1.1 client -----------------------------------------------------------


class NotAnswered(ConnectionError):
    """The connection closed before any byte of an answer."""


class Http:
    """One keep-alive HTTP/1.1 connection over asyncio's streams, as a phone holds one: no
    client library between the socket and the figures, so a request costs the load generator
    little (still Python: wrk costs less)."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.port, self.host = port, host
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], bytes]:
        """The answer; a kept connection the server closed meanwhile (after its keep-alive
        timeout or request count) is opened again and the request sent once more, as browsers
        do when a reused connection fails before any answer."""
        if self.streams is not None:
            try:
                return await self._send(method, path, headers, body)
            except NotAnswered:
                pass  # closed by the server while kept: a new connection
        self.streams = await asyncio.open_connection(self.host, self.port)
        return await self._send(method, path, headers, body)

    async def _send(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        assert self.streams is not None
        reader, writer = self.streams
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        try:
            status, answer, content = await self._answer(reader)
        except Exception:
            self.close()
            raise
        if answer.get("connection", "").lower() == "close":
            self.close()
        return status, answer, content

    async def _answer(self, reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
        try:
            status_line = await reader.readline()
        except ConnectionResetError as error:
            raise NotAnswered from error
        if not status_line:
            raise NotAnswered("closed by the server before it answered")
        status = int(status_line.split()[1])
        headers = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            content = b""
            while size := int((await reader.readline()).strip() or b"0", 16):
                content += await reader.readexactly(size)
                await reader.readline()
            await reader.readline()
        else:
            content = await reader.readexactly(int(headers.get("content-length", "0")))
        return status, headers, content

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def python_load(
    port: int,
    path: str,
    *,
    connections: int,
    seconds: float,
    headers: dict[str, str] | None = None,
    follow_etag: bool = False,
    stop: Callable[[], bool] = lambda: False,
) -> Run:
    """What :func:`wrk` does, in this process with :class:`Http` (where wrk is missing)."""
    latencies: list[float] = []
    errors = [0]

    async def client(deadline: float) -> None:
        connection, etag = Http(port), ""
        while time.perf_counter() < deadline and not stop():
            sent = dict(headers or {})
            if follow_etag and etag:
                sent["If-None-Match"] = etag
            began = time.perf_counter()
            try:
                status, answer, _content = await connection.request("GET", path, sent)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                errors[0] += 1
                continue
            latencies.append((time.perf_counter() - began) * 1000)
            errors[0] += status >= 400
            etag = answer.get("etag", etag)
        connection.close()

    async def all_clients() -> float:
        began = time.perf_counter()
        await asyncio.gather(*(client(began + seconds) for _ in range(connections)))
        return time.perf_counter() - began

    cpu = time.thread_time()  # the clients run in this thread, whatever else the process does
    elapsed = asyncio.run(all_clients())
    cpu = time.thread_time() - cpu
    latencies.sort()
    return Run(
        len(latencies),
        elapsed,
        percentile(latencies, 50) if latencies else 0.0,
        percentile(latencies, 99) if latencies else 0.0,
        errors[0],
        cpu,
    )
