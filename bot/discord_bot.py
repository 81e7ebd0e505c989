"""The Discord client: start-up, shutdown and ``run()`` for ``arbiter run``.

Start-up opens the SQLite store and the table, registers the persistent components (their custom ids
carry everything, so nothing is registered per game), loads the cogs, syncs the slash commands (to
the development guild at once when ``DISCORD_DEV_GUILD`` is set, else globally) and starts the
deadline scheduler (which also makes the scheduled online backups).

A database the store refuses (an emptied file, a failed ``quick_check``, a file without Arbiter's
tables) stops the start with its message and exit code 2: the file is never re-initialised. Nothing
about one game can stop the start: catch-up and the thread lookup go row by row.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import discord.gateway
import yarl
from discord.ext import commands

from cogs import all_cogs
from cogs.announcer import Announcer
from cogs.league_front import DiscordLeagueFront
from cogs.ui.admission import install_rate_limit
from cogs.ui.all_flows import AllFlows
from cogs.ui.dispatch import Flows
from cogs.ui.errors import on_tree_error
from cogs.ui.items import DYNAMIC_ITEMS
from engine.core import registry
from engine.table import Limits, Table

from .gate import Gate, Work
from .leagues import LeagueService
from .prefs import prefs_for
from .ratelimit import RateLimiter
from .render import Renderer
from .scheduler import Scheduler
from .services import Services
from .settings import Settings
from .shards import BadShards, ShardPlan
from .store.errors import StoreRefused
from .store.league_stores import league_store_for
from .store.sqlite.dbtools import BackupSchedule
from .store.sqlite.storage import SqliteStore
from .store.stores import describe, open_store, sqlite_file
from .tasks import stop_task
from .web.links import WebLinks

if TYPE_CHECKING:  # imported where they serve (issue 33: off a SQLite bot's path to its first answer)
    from .store.postgres.pg_store import Changed, PostgresStore
    from .web.app import WebApp

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 10.0
"""How long a shutdown waits for the interactions in flight to be answered."""
MISSING_TOKEN = """DISCORD_TOKEN is not set.
Create a bot application at https://discord.com/developers/applications, copy its bot token and run:
    DISCORD_TOKEN=... arbiter run
See README.md, "Running the bot", for the intents, permissions and invite link."""


def intents() -> discord.Intents:
    """Only the guilds intent: slash commands and components need no privileged intent."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class ArbiterBot(commands.Bot):
    def __init__(self, settings: Settings, shards: ShardPlan | None = None, **client: Any) -> None:
        """``client``: discord.py's own options (the shards of :class:`ShardedArbiterBot`)."""
        super().__init__(
            **client,
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
        )
        self.settings = settings
        self.shard_plan = shards or ShardPlan()
        """The Discord shards this process holds: it announces only their servers' games."""
        self.store: SqliteStore | PostgresStore | None = None
        self.services: Services | None = None
        self.scheduler: Scheduler | None = None
        self.flows: Flows = AllFlows()
        """What a component's click starts (:func:`cogs.ui.dispatch.flows_of`): provided here, the composition
        root, so the components never import the flows that build them."""
        self.announcer: Announcer | None = None
        """Posts the table's updates; held here (the composition root), never in :class:`Services`."""
        self._catch_up: asyncio.Task[int] | None = None
        self.gate = Gate()
        """Every interaction passes it (:func:`cogs.ui.admission.admit`); closed first at shutdown."""
        self.work = Work(settings.arbiter_work_running, settings.arbiter_work_waiting)
        """The turns of the interactions' work behind their acknowledgements (:func:`cogs.ui.answer.ack`)."""
        self._league_catch_up: asyncio.Task[None] | None = None
        self._sync: asyncio.Task[None] | None = None
        self._rules: asyncio.Task[None] | None = None
        self.web: WebApp | None = None
        """The web companion, served in this process when ``ARBITER_WEB`` is set."""

    async def setup_hook(self) -> None:
        settings = self.settings
        # ARBITER_DATABASE_URL=postgresql://... chooses PostgreSQL (preferences too); scheduled backups are
        # SQLite's only (PostgreSQL is backed up with pg_dump)
        local = sqlite_file(settings.database, settings.arbiter_db) or settings.arbiter_db
        self.store = open_store(settings.database, settings.arbiter_db, settings.arbiter_synchronous)
        await self.store.open()  # refuses (StoreRefused) a file it cannot trust, a server it cannot reach
        table = Table(
            self.store,
            agent_kind=None,  # seats without a chosen level: the strongest agent that answers in the pace
            limits=Limits(
                lobbies_per_user=settings.max_lobbies_per_user,
                running_per_user=settings.max_running_per_user,
                lobbies_per_guild=settings.max_lobbies_per_guild,
                running_per_guild=settings.max_running_per_guild,
                live_games=settings.max_live_games,
            ),
        )
        league_store = league_store_for(self.store)  # results, ratings and leagues: the games' database
        table.keep_results(league_store)
        prefs = prefs_for(self.store, local)  # with PostgreSQL: in its database, shared by every process
        await prefs.open()
        services = Services(table=table, renderer=Renderer(settings.render_concurrency), prefs=prefs)
        table.claim_lease = settings.arbiter_claim_seconds
        announcer = self.announcer = Announcer(
            self,
            services,
            settings.status_edit_seconds,
            holds=lambda r: self.shard_plan.holds(r.place.get("guild")),
        )
        table.subscribe(announcer)
        self.work.behind = announcer.behind  # new work waits while the announcements are behind
        leagues = services.leagues = LeagueService(table, league_store, DiscordLeagueFront(self, services))
        table.subscribe(leagues.in_background)
        self.services = services
        services.web = WebLinks(table, prefs, settings.arbiter_web_url)
        if settings.arbiter_web:
            await self._serve_web(table, services, leagues, settings.arbiter_web)
        if not isinstance(self.store, SqliteStore):  # PostgreSQL: other processes may commit: hear of them
            announcer.shared = True
            self.store.listen(self._heard)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for cog in all_cogs(services):
            await self.add_cog(cog)
        self.tree.error(on_tree_error)
        install_rate_limit(self, RateLimiter(settings.rate_limit_actions, settings.rate_limit_seconds))
        # The commands are synced once connected, and the rules of the games in play are imported in the
        # background meanwhile: neither stands between the start and the first answer (issue 33)
        self._sync = asyncio.create_task(self._sync_when_ready(), name="arbiter-sync-commands")
        self._sync.add_done_callback(_log_failure)
        self._rules = asyncio.create_task(_rules_in_play(self.store), name="arbiter-rules-in-play")
        self._rules.add_done_callback(_log_failure)
        self._catch_up = asyncio.create_task(announcer.catch_up(), name="arbiter-catch-up")
        self._catch_up.add_done_callback(_log_failure)
        self._league_catch_up = asyncio.create_task(leagues.resume(), name="arbiter-league-catch-up")
        self._league_catch_up.add_done_callback(_log_failure)
        backups = BackupSchedule(
            local, settings.backup_folder, settings.backup_every_hours, settings.backup_keep
        )
        sqlite = self.store if isinstance(self.store, SqliteStore) else None  # PostgreSQL: pg_dump's job
        self.scheduler = Scheduler(table, settings.tick_seconds, backups=backups, store=sqlite)
        self.scheduler.start()
        self._stop_on_sigterm()
        log.info(
            "Arbiter is set up (database %s, %s)",
            describe(settings.database, settings.arbiter_db),
            self.shard_plan.describe(),
        )

    async def _serve_web(
        self, table: Table, services: Services, leagues: LeagueService, address: str
    ) -> None:
        """The web companion in this process (``ARBITER_WEB``)."""
        # allow_inline: aiohttp's web server only where the companion is served (issue 33)
        from .web.app import WebApp, parse_address
        from .web.drawing import Drawer  # allow_inline: as above
        from .web.site import Site  # allow_inline: as above

        assert services.web is not None
        self.web = WebApp(Site(table, services.web, Drawer(), leagues))
        table.subscribe(self.web.hub.on_update)
        await self.web.start(*parse_address(address))

    async def _sync_when_ready(self) -> None:
        await self.wait_until_ready()
        await self.sync_commands()

    def _heard(self, changed: Changed | None) -> None:
        """Another process committed a change: forget this process's copy of the game and, when this one
        holds the game's shard, announce it; None: notifications may have been missed, so catch up."""
        if self.services is None or self.announcer is None:
            return
        if changed is None:
            task = asyncio.create_task(self.announcer.catch_up(), name="arbiter-catch-up")
            task.add_done_callback(_log_failure)
            return
        self.services.table.forget(changed.game_id)
        if self.web is not None:
            self.web.hub.changed(changed.game_id, changed.version)
        if self.shard_plan.holds(changed.guild):
            self.announcer.woken(changed.game_id)

    def _stop_on_sigterm(self) -> None:
        """``docker stop`` sends SIGTERM: close cleanly (nothing would be lost anyway: it is all in the
        database)."""
        try:
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: asyncio.ensure_future(self.close())
            )
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # not the main thread, or a platform without signal handlers

    async def sync_commands(self) -> None:
        guild_id = self.settings.discord_dev_guild
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "connected as %s (%s) to %d guilds", self.user, getattr(self.user, "id", "?"), len(self.guilds)
        )

    async def close(self) -> None:
        # New interactions are refused politely and those in flight are answered normally (never "an
        # unexpected error" from a closed database); then the deadlines stop, the announcements drain and
        # everything of ours is closed before discord.py's close, which ends start() and so the event
        # loop: a database connection left open would keep its worker thread, and the process, alive.
        await self.gate.close(timeout=SHUTDOWN_SECONDS)
        for task in (self._sync, self._rules):
            with contextlib.suppress(Exception):  # a failure was logged when it happened
                await stop_task(task)
        if self.scheduler is not None:
            await self.scheduler.stop()
            self.scheduler = None
        if self.services is not None and self.services.leagues is not None:
            try:  # a league moving on (the next round's tables) finishes before the database closes
                await asyncio.wait_for(self.services.leagues.drain(), timeout=10)
            except TimeoutError:
                log.warning("some league work was left for the next start (it catches up then)")
        if self.announcer is not None:
            try:
                await self.announcer.drain(timeout=10)
            except TimeoutError:
                log.warning("some posts were not made before shutdown")
        if self.web is not None:
            web, self.web = self.web, None
            await web.stop()
        if self.services is not None:
            await self.services.prefs.close()
        if self.store is not None:
            store, self.store = self.store, None
            await store.close()
        await super().close()


class ShardedArbiterBot(ArbiterBot, commands.AutoShardedBot):
    """One process of several, holding some of the bot's Discord shards (``arbiter run --shards 0-3
    --shard-count 8``): discord.py's AutoShardedBot connects only those shards."""

    def __init__(self, settings: Settings, shards: ShardPlan) -> None:
        assert shards.ids is not None
        super().__init__(settings, shards, shard_ids=list(shards.ids), shard_count=shards.count)


def make_bot(settings: Settings) -> ArbiterBot:
    """The client for this process: sharded when the settings name shards (raises :class:`BadShards`)."""
    plan = ShardPlan.parse(settings.arbiter_shards, settings.arbiter_shard_count)
    return ShardedArbiterBot(settings, plan) if plan.sharded else ArbiterBot(settings)


async def _rules_in_play(store: SqliteStore | PostgresStore) -> None:
    """Import the rules of the games being played, most played first, in a worker thread as background
    work (:func:`engine.core.registry.ready`): the first command in a game's thread after a start then
    finds them loaded, and an interaction about another game goes first."""
    with registry.background():
        for game in await store.games_in_play():
            await registry.ready(game)


def _log_failure(task: asyncio.Task[object]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
        force=True,
    )
    logging.getLogger("discord.http").setLevel(max(logging.INFO, logging.getLogger().level))


def use_api_base(base: str | None, gateway: str | None = None) -> None:
    """Point discord.py at another HTTP API base and gateway (a proxy, or the test suite's stand-in)."""
    if base:
        discord.http.Route.BASE = base.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


class NoVoice(logging.Filter):
    """discord.py warns at start-up that voice needs PyNaCl and davey: Arbiter has no voice, so the warning
    is noise in the first lines an operator reads."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def unreachable(base: str | None, exc: BaseException) -> str:
    """The one line ``arbiter run`` prints when Discord cannot be reached."""
    where = base.rstrip("/") if base else "discord.com"
    reason = str(exc).strip() or type(exc).__name__
    return (
        f"Arbiter could not reach Discord at {where} ({reason}). Check this machine's network connection"
        + (" and DISCORD_API_BASE" if base else "")
        + ", then start it again."
    )


def run(**overrides: Any) -> int:
    """Start the bot; returns the process exit code. Used by ``arbiter run`` (``overrides``: settings given
    on its command line, as ``arbiter_shards``)."""
    logging.getLogger("discord.client").addFilter(NoVoice())
    try:
        settings = Settings(**{k: v for k, v in overrides.items() if v is not None})
        bot = make_bot(settings)
    except BadShards as exc:
        print(f"Invalid shards: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # pydantic's message names the bad variable
        print(f"Invalid settings: {exc}", file=sys.stderr)
        return 2
    token = settings.token
    if token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    use_api_base(settings.discord_api_base, settings.discord_gateway_url)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token (DISCORD_TOKEN). Copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 2
    except StoreRefused as exc:  # the database cannot be trusted: never start on it, never re-create it
        log.error("not starting: %s", exc)
        print(f"Arbiter did not start: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError, TimeoutError) as exc:  # no network, a wrong address: one line
        print(unreachable(settings.discord_api_base, exc), file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused a privileged intent; Arbiter needs none. Check the application's settings.",
            file=sys.stderr,
        )
        return 2
    return 0
