"""Settings for the Discord bot, read from the environment (and an optional ``.env`` file).

| variable | meaning |
|---|---|
| ``DISCORD_TOKEN`` | the bot token (secret; required by ``arbiter run``) |
| ``ARBITER_DB`` | path of the SQLite database (default ``./arbiter.db``) |
| ``ARBITER_DATABASE_URL`` | ``postgresql://user:password@host:5432/db`` keeps the games in PostgreSQL; unset
(or ``sqlite:///path``) keeps SQLite |
| ``DISCORD_DEV_GUILD`` | a guild id: slash commands are synced there instantly instead of globally |
| ``DISCORD_API_BASE`` | base URL of Discord's HTTP API, for a proxy or a test stand-in |
| ``DISCORD_GATEWAY_URL`` | websocket URL of Discord's gateway, for a proxy or a test stand-in |
| ``LOG_LEVEL`` | logging level (default ``INFO``) |
| ``RENDER_CONCURRENCY`` | how many images may be drawn at once (default 2) |
| ``TICK_SECONDS`` | how often deadlines are checked (default 30) |
| ``STATUS_EDIT_SECONDS`` | the least time between two edits of a game's status message; changes in between
are merged (default 1) |
| ``MAX_LOBBIES_PER_USER`` | open lobbies one member may host or sit in at once (default 5; 0: no limit) |
| ``MAX_RUNNING_PER_USER`` | running (or paused) games one member may play in at once (default 20) |
| ``MAX_LOBBIES_PER_GUILD`` | open lobbies in one server (default 50) |
| ``MAX_RUNNING_PER_GUILD`` | running (or paused) games in one server (default 500) |
| ``RATE_LIMIT_ACTIONS`` | commands and clicks one member may send in ``RATE_LIMIT_SECONDS`` (default 10 in
10) | | ``ARBITER_SYNCHRONOUS`` | ``normal`` (default: a kill loses nothing committed, a power cut may lose
the last commits) or ``full`` (a power cut loses nothing committed; each commit waits for the disk) |
| ``BACKUP_DIR`` | folder for the scheduled online backups (default: ``backups`` beside the database) |
| ``BACKUP_EVERY_HOURS`` | hours between scheduled backups (default 24; 0 turns them off) |
| ``ARBITER_SHARDS`` | the Discord shards this process holds, as ``0-3`` (with ``ARBITER_SHARD_COUNT``; or
``arbiter run --shards 0-3 --shard-count 8``); unset: one process holds them all |
| ``ARBITER_SHARD_COUNT`` | how many shards the bot has in all, across every process |
| ``ARBITER_CLAIM_SECONDS`` | how long a deadline claimed by one process stays its own (default 60): after a
crash, its claims wait this long before another process takes them |
| ``BACKUP_KEEP`` | how many scheduled backups are kept (default 7; older ones are deleted) |
| ``ARBITER_WEB`` | ``host:port``: the bot's process also serves the web companion there (``arbiter web``
serves it alone) |
| ``ARBITER_WEB_URL`` | the web companion's public base URL (``https://arbiter.example.org``): Discord posts
carry links under it for servers that turned the web on (``/settings server web:on``) |
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    arbiter_db: str = "./arbiter.db"
    arbiter_database_url: str | None = None
    discord_dev_guild: int | None = None
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    log_level: str = "INFO"
    render_concurrency: int = Field(default=2, ge=1, le=32)
    tick_seconds: float = Field(default=30.0, gt=0)
    status_edit_seconds: float = Field(default=1.0, ge=0, le=60)
    arbiter_work_running: int = Field(default=8, ge=1, le=256)
    """Interactions whose work runs at once behind their acknowledgements (bot.gate.Work)."""
    arbiter_work_waiting: int = Field(default=400, ge=0)
    """Interactions whose work may wait for a turn; one more is told the referee is busy."""

    @field_validator(
        "discord_dev_guild",
        "discord_api_base",
        "discord_gateway_url",
        "discord_token",
        "arbiter_database_url",
        "arbiter_shards",
        "arbiter_shard_count",
        "arbiter_web",
        "arbiter_web_url",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @property
    def token(self) -> str | None:
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None

    max_lobbies_per_user: int = Field(default=5, ge=0)
    max_running_per_user: int = Field(default=20, ge=0)
    max_lobbies_per_guild: int = Field(default=50, ge=0)
    max_running_per_guild: int = Field(default=500, ge=0)
    max_live_games: int = Field(default=5000, ge=0)
    """Games the table keeps in memory (least recently used out first; 0: no limit)."""
    rate_limit_actions: int = Field(default=10, ge=1)
    rate_limit_seconds: float = Field(default=10.0, gt=0)

    arbiter_shards: str | None = None
    arbiter_shard_count: int | None = Field(default=None, ge=1)
    arbiter_claim_seconds: float = Field(default=60.0, gt=0)

    arbiter_synchronous: Literal["normal", "full"] = "normal"
    backup_dir: str | None = None
    backup_every_hours: float = Field(default=24.0, ge=0)
    backup_keep: int = Field(default=7, ge=1)

    arbiter_web: str | None = None
    arbiter_web_url: str | None = None

    @field_validator("arbiter_database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        # allow_inline: the store package imports the settings
        from .store.stores import BadDatabaseUrl, is_postgres, sqlite_path

        if value is not None and not is_postgres(value):
            try:
                sqlite_path(value)
            except BadDatabaseUrl as exc:
                raise ValueError(str(exc)) from None
        return value

    @field_validator("arbiter_synchronous", mode="before")
    @classmethod
    def _synchronous_word(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("backup_dir", mode="before")
    @classmethod
    def _blank_dir_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database(self) -> str:
        """The games' database: ``ARBITER_DATABASE_URL`` when set, else the SQLite file ``ARBITER_DB``."""
        return self.arbiter_database_url or self.arbiter_db

    @property
    def backup_folder(self) -> Path:
        """Where scheduled backups go: ``BACKUP_DIR``, else a ``backups`` folder beside the database."""
        if self.backup_dir:
            return Path(self.backup_dir)
        return Path(self.arbiter_db).resolve().parent / "backups"
