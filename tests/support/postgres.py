"""A throwaway PostgreSQL cluster for the whole test run (a pytest plugin: ``tests/conftest.py`` loads it).

``initdb`` into a temporary folder, ``pg_ctl start`` on a free port of 127.0.0.1 with its socket in
that folder, stopped and deleted at the end of the session. PostgreSQL refuses to run as root, so as
root the cluster belongs to a dedicated unprivileged user (``arbiter_pg``, made with ``useradd`` when
missing) and every server command runs through ``runuser``. Nothing is skipped: if PostgreSQL cannot
be found or cannot start, every test that asks for it fails with the reason.

The binaries are looked up on PATH, then in ``/usr/lib/postgresql/*/bin`` (Debian's layout, where
``apt-get install postgresql`` puts them). ``fsync=off``: a test cluster needs no durability, and it
is deleted anyway; ``arbiter bench`` measures a real server's settings.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

from bot.store.postgres.pg_schema import numbered
from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore
from engine.store import Store

PG_USER = "arbiter_pg"
"""The unprivileged system user that owns the cluster when the tests run as root."""
SUPERUSER = "arbiter"
"""The cluster's own superuser (trust authentication: the cluster only listens on 127.0.0.1 and a
private socket folder)."""
_names = itertools.count(1)


def pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version_key)
    return candidates[-1] if candidates else None


def _version_key(path: str) -> tuple[int, ...]:
    part = Path(path).parent.parent.name
    return tuple(int(p) for p in part.split(".") if p.isdigit()) or (0,)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresCluster:
    """One running cluster; :meth:`new_database` gives each test a database of its own."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self.started = False

    def _run(self, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        command = ["runuser", "-u", PG_USER, "--", *argv] if self.as_root else list(argv)
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)

    def _need(self, name: str) -> str:
        found = pg_bin(name)
        if found is None:
            raise RuntimeError(
                f"PostgreSQL's {name} was not found on PATH nor in /usr/lib/postgresql/*/bin: install "
                "PostgreSQL (apt-get install -y postgresql) or put its bin folder on PATH."
            )
        return found

    def _dedicated_user(self) -> None:
        if subprocess.run(["id", "-u", PG_USER], capture_output=True, check=False).returncode == 0:
            return
        made = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER],
            capture_output=True,
            text=True,
            check=False,
        )
        if made.returncode != 0:
            raise RuntimeError(f"cannot create the user {PG_USER} for PostgreSQL: {made.stderr.strip()}")

    def start(self) -> None:
        initdb, pg_ctl = self._need("initdb"), self._need("pg_ctl")
        if self.as_root:
            self._dedicated_user()
            shutil.chown(self.folder, user=PG_USER)
        done = self._run(
            initdb,
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"initdb failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-2000:]}"
            )
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        done = self._run(
            pg_ctl,
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        if done.returncode != 0:
            server_log = self.folder / "server.log"
            tail = server_log.read_text(errors="replace")[-2000:] if server_log.exists() else ""
            raise RuntimeError(f"pg_ctl start failed ({done.returncode}): {done.stderr.strip()} {tail}")
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "t") -> str:
        """A fresh, empty database; its URL."""
        name = f"{prefix}{os.getpid()}_{next(_names)}"
        psql = self._need("psql")
        done = self._run(
            psql,
            "-h",
            str(self.folder),
            "-p",
            str(self.port),
            "-U",
            SUPERUSER,
            "-d",
            "postgres",
            "-v",
            "ON_ERROR_STOP=1",
            "-qc",
            f'CREATE DATABASE "{name}" TEMPLATE template0',
        )
        if done.returncode != 0:
            raise RuntimeError(f"CREATE DATABASE {name} failed: {done.stderr.strip()}")
        return self.url(name)

    def stop(self) -> None:
        if self.started:
            pg_ctl = pg_bin("pg_ctl")
            if pg_ctl:
                self._run(pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop", timeout=60)
            self.started = False
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL; a test that asks for it fails (never skips) when it cannot start."""
    cluster = PostgresCluster()
    try:
        cluster.start()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        cluster.stop()
        pytest.fail(f"PostgreSQL could not be started for the tests: {exc}", pytrace=False)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """A fresh, empty database of the session's cluster, for one test."""
    return postgres_cluster.new_database()


class Backend:
    """One kind of store for a parametrised test: makes stores on one database, and reaches under
    them with raw SQL (``?`` placeholders on both kinds) to damage rows the way a disk or an editor would."""

    def __init__(self, kind: str, where: str) -> None:
        self.kind, self.where = kind, where

    def make(self) -> Store:
        """A new, unopened store on the same database (a restart, or a second process)."""
        if self.kind == "postgres":
            return PostgresStore(self.where)
        return SqliteStore(self.where)

    async def execute(self, sql: str, *args: object) -> None:
        if self.kind == "postgres":
            conn = await asyncpg.connect(self.where)
            try:
                await conn.execute(numbered(sql), *args)
            finally:
                await conn.close()
        else:
            with closing(sqlite3.connect(self.where)) as conn:
                conn.execute(sql, args)
                conn.commit()

    async def value(self, sql: str, *args: object) -> object:
        if self.kind == "postgres":
            conn = await asyncpg.connect(self.where)
            try:
                return await conn.fetchval(numbered(sql), *args)
            finally:
                await conn.close()
        with closing(sqlite3.connect(self.where)) as conn:
            row = conn.execute(sql, args).fetchone()
            return row[0] if row else None


@pytest.fixture(params=["sqlite", "postgres"])
def store_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Each store kind in turn; the PostgreSQL cluster is started only when a postgres case runs."""
    if request.param == "postgres":
        return Backend("postgres", request.getfixturevalue("postgres_url"))
    return Backend("sqlite", str(tmp_path / "store.db"))


@pytest.fixture
async def backend_store(store_backend: Backend) -> AsyncIterator[Store]:
    """An open store of ``store_backend``'s kind, closed after the test."""
    opened = store_backend.make()
    await opened.open()
    yield opened
    await opened.close()
