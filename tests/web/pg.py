"""A throwaway PostgreSQL cluster for the tests, made with Debian's binaries in a temporary folder.

It listens only on a unix socket in that folder, trusts local connections, and is run by the
``postgres`` user when the tests run as root (initdb refuses root). Durability settings are off:
the tests check what the store does, not PostgreSQL's own crash safety, and it starts in a second.
"""

from __future__ import annotations

import glob
import importlib.util
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

INITDB = ("--no-sync", "--encoding=UTF8", "--locale=C.UTF-8")
PREFIX = "noddy-pg-"
INSTALL = "`make postgres` installs Debian's package (it needs apt-get and root)"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder (Debian's layout), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    return Path(found[-1]).parent if found else None


def missing() -> str:
    """Why the PostgreSQL tests cannot run here, or "" when they can."""
    if binaries() is None:
        return f"PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): {INSTALL}"
    if importlib.util.find_spec("psycopg") is None:
        return "the psycopg driver is not installed: pip install -e '.[dev]'"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, and there is no `postgres` user to run the cluster as"
    return ""


def _as_postgres() -> list[str]:
    """The command prefix that runs PostgreSQL's programs as the ``postgres`` user when we are root."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep() -> None:
    """Stop and delete the clusters of earlier test runs that were killed before they could."""
    for folder in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        owner = folder / "owner"
        try:
            pid = int(owner.read_text())
        except (OSError, ValueError):
            continue
        if _alive(pid):
            continue
        bin_dir = binaries()
        if (folder / "data" / "postmaster.pid").exists() and bin_dir is not None:
            data = str(folder / "data")
            stop = [*_as_postgres(), str(bin_dir / "pg_ctl"), "-D", data, "-m", "immediate", "stop"]
            subprocess.run(stop, capture_output=True, timeout=60, check=False)
        shutil.rmtree(folder, ignore_errors=True)


class Cluster:
    """A running cluster; `database` makes a fresh empty database and gives its SQLAlchemy URL."""

    def __init__(self) -> None:
        bin_dir = binaries()
        assert bin_dir is not None, missing()
        self.bin = bin_dir
        sweep()
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.folder / "owner").write_text(str(os.getpid()))
        self.data = self.folder / "data"
        self.names = itertools.count(1)
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.running = False
        try:
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", *INITDB)
            self.start()
        except BaseException:
            self.remove()
            raise

    def _run(self, program: str, *arguments: str) -> None:
        command = [*_as_postgres(), str(self.bin / program), *arguments]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr}{done.stdout}\n{tail}")

    def start(self) -> None:
        options = (
            f"-c listen_addresses='' -k {self.folder} -c fsync=off -c synchronous_commit=off"
            " -c full_page_writes=off -c max_connections=200"
        )
        log = str(self.folder / "log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-w", "-o", options, "start")
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        if self.running:
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")
            self.running = False

    def database(self) -> str:
        """The URL of a new empty database: a schema of its own in the cluster's one database, made
        in milliseconds where a database takes a second (a database's connections see only the
        schema their URL names)."""
        import psycopg  # only where `missing` found it

        name = f"test{next(self.names)}"
        where = {"host": str(self.folder), "user": "postgres", "dbname": "postgres"}
        with psycopg.connect(**where, autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {name}")
        return f"postgresql+psycopg://postgres@/postgres?host={self.folder}&options=-csearch_path%3D{name}"

    def remove(self) -> None:
        """Stop the cluster (at once: its data is thrown away) and delete its folder."""
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
