"""Helpers of the tests that run real processes beside the server: its child processes (from
/proc) and the prologue of a Debian nginx configuration kept under a folder of the test's own."""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def nginx_http(prefix: Path, body: str) -> str:
    """An nginx configuration whose files all live under ``prefix`` and whose ``http`` block holds
    ``body`` (upstreams and servers)."""
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
{body}}}
"""


@contextmanager
def database_held() -> Iterator[None]:
    """Hold the tests' PostgreSQL database for one test file of several processes: the files that
    empty and fill it (one test process each, run side by side) take turns, never overlapping."""
    with open(Path(tempfile.gettempdir()) / "asobiba-test-pg.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
