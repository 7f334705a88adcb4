"""A PostgreSQL server of a test's own: a new cluster (``initdb``) in a temporary folder, on a free
loopback port, that the test may stop and start again (the store going away) without touching
any other server. Debian's postgresql package has the binaries (scripts/test.sh installs it)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from web.conftest import free_port

USER = "postgres"
"""initdb refuses to run as root: as root the cluster is made and run by this system user."""


def _binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} is missing: install Debian's postgresql "
                           "(scripts/test.sh does)")
    return found[-1]


class OwnPostgres:
    """``initdb`` and ``pg_ctl`` of one cluster, listening on 127.0.0.1 only, trusting local users."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="asobiba-pg-"))
        self.data = self.folder / "data"
        self.url = f"postgresql+psycopg://asobiba@127.0.0.1:{self.port}/asobiba"
        self.root = os.geteuid() == 0
        if self.root:
            user = pwd.getpwnam(USER)
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self._run(_binary("initdb"), "-D", str(self.data), "-U", "asobiba", "--auth=trust", "-E", "UTF8")
        self.start()
        self._run(_binary("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "asobiba", "asobiba")

    def _run(self, *args: str) -> None:
        command = ["runuser", "-u", USER, "--", *args] if self.root else list(args)
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(_binary("pg_ctl"), "-D", str(self.data), "-w", "-l", str(self.folder / "log"), "-o",
                  f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories=''"
                  " -c fsync=off", "start")

    def stop(self) -> None:
        self._run(_binary("pg_ctl"), "-D", str(self.data), "-w", "-m", "fast", "stop")

    def remove(self) -> None:
        """Stop the server (if it runs) and remove its folder."""
        subprocess.run((["runuser", "-u", USER, "--"] if self.root else [])
                       + [_binary("pg_ctl"), "-D", str(self.data), "-w", "-m", "immediate", "stop"],
                       capture_output=True, timeout=120)
        shutil.rmtree(self.folder, ignore_errors=True)
