"""Turns the table's updates into Discord posts (Discord presentation: it lives with the adapters; the
composition root, :mod:`bot.discord_bot`, makes one and subscribes it to the table).

For each game, updates are queued and handled in order by one worker; updates that pile up while a
post is being made are merged into one post, so a burst of agent moves is one message, not fifty.

- the game's status message (the thread's starter message) is edited to show the current board,
  who must act and the action buttons;
- a turn post in the thread carries the public events, the board image and mentions of the players
  who must act now;
- private events for a player other than the one whose interaction caused them (a card stolen from
  them, a default applied to their secret choice) go by DM in the background, never awaited by the
  game; when the DM is refused, a notice in the thread asks them to open ``/hand``;
- reminders are posted in the thread, mentioning the player (or sent by DM to those who asked);
- the last version announced is remembered per game; at start-up, :meth:`Announcer.catch_up` announces
  what an earlier process committed but was killed before posting (game by game: one bad game never
  stops the others);
- a game set aside as damaged (update kind ``damaged``) gets its public event posted in its thread (it
  is paused for a moderator) and a status message without buttons, drawn without the game's code or
  state, since either may be what failed.

Only public information reaches public messages: event texts whose audience is everyone, the public
view (seat ``None``) and its image.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

from bot import present
from bot.permission_notes import is_missing_permission
from bot.render import Renderer
from bot.services import Services
from engine.core import registry
from engine.core.errors import DamagedGame
from engine.core.model import Event
from engine.records import GameRecord
from engine.table import Table, Update

from .history import OVER, end_replays, post_replay
from .quiet import Plan, Quiet, thread_lines
from .ui import flows
from .ui import layouts as lx
from .ui.answer import png, text_view
from .ui.flows_seat import hand_message

log = logging.getLogger(__name__)

STUCK_SECONDS = 30.0
"""A game's announcement waiting longer than this is stuck on its own (Discord refusing, a claim held
elsewhere), not held up by the load: :meth:`Announcer.behind` leaves it out, so it never stops the others."""

SYSTEM_BY = ("agent", "deadline")
DIGEST_MAX = 20
"""The most lines of a turn post a follower's DM digest carries (the thread has them all)."""
TOLD = frozenset({"start", "status", "undo", "deadline"})
"""Updates every player must hear of at once (a start; a seat resigned, away or back; a pause; a vote; a
default a deadline applied: whose time ran out and what was played for them, whoever acts next)."""
SHARED_BOARD_SECONDS = 12 * 3600.0
"""A status message shows the turn post's board by its address for at most this long: Discord signs
attachment addresses for about a day, so a board unchanged longer is uploaded with the status message."""
MESSAGE_TOO_OLD = 30046
"""Discord's "maximum number of edits to messages older than 1 hour reached": that message is frozen."""
NO_PINGS = discord.AllowedMentions.none()
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
DAMAGED_WORD, DAMAGED_TEXT = lx.DAMAGED_WORD, lx.DAMAGED_TEXT
UNDONE_VIEW = "undo_view"
"""The private event an accepted undo gives each seat whose own view changed (:mod:`engine.table.undo`):
its player is sent their whole private message again, as ``/hand`` shows it."""
REPLAY_BELOW = "🎞️ The animated replay of the whole game follows in this thread."
REPLAY_ASK = "🎞️ `/game replay` posts the animated replay of the whole game in this thread."
HAND_NOTICE = (
    "<@{user}>, something private happened for you in this game and your DMs are closed: use /hand here "
    "to see it."
)


def board_url(message: Any) -> str | None:
    """The address of the board a sent message carries, for another message to show it without a second
    upload; None when there is none (the status message then uploads its own)."""
    for attachment in getattr(message, "attachments", None) or []:
        if getattr(attachment, "filename", None) == lx.BOARD_FILE and getattr(attachment, "url", None):
            return str(attachment.url)
    return None


def pings(users: list[str]) -> discord.AllowedMentions:
    """Only these users are pinged by a post; anyone else it names is shown, not notified."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=int(u)) for u in users if u.isdigit()],
    )


CLAIM_RETRY_SECONDS = 2.0
"""How soon a game another process is announcing is tried again (several processes on PostgreSQL)."""
RESTARTED = "While Arbiter was restarting:"


@dataclass
class CatchUp:
    """A queued announcement of changes saved but not posted by this process: by a previous process
    killed before it posted (``header`` says so), or by another running process (a notification). Their
    lines are read from the stored public log when the batch is announced."""

    header: str | None = RESTARTED


class Announcer:
    def __init__(
        self,
        client: Any,
        services: Services,
        min_interval: float = 0.0,
        holds: Callable[[GameRecord], bool] | None = None,
    ) -> None:
        self.client = client
        self.holds = holds or (lambda _record: True)
        """Whether this process announces the game: it holds the Discord shard of the game's server
        (:class:`bot.shards.ShardPlan`). The others only send the DMs and reminders of their own changes."""
        self.shared = False
        """Other processes commit to the same database (PostgreSQL): a version this process never saw is
        read from the public log before the newer one is posted, so none is skipped."""
        self._seen: dict[str, int] = {}
        """The newest version of each game this process has handed to Discord (posted, or shown on the
        status message only, as :mod:`cogs.quiet` may choose)."""
        self.services = services
        self.min_interval = min_interval
        """Seconds a game's worker waits after an announcement, so the changes that arrive meanwhile are
        merged into one edit of its status message (Discord rate-limits edits per channel)."""
        self._queues: dict[str, asyncio.Queue[Update | CatchUp]] = {}
        self._since: dict[str, float] = {}
        """When each game's oldest change not yet announced was committed (monotonic): queued, or being
        posted. Catch-ups after a start are not counted (:meth:`behind`)."""
        self._announcing: dict[str, float] = {}
        """The same for the batch each game's worker is posting now."""
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self._shown: dict[str, tuple[str, float]] = {}
        """The board each status message shows, by game: the address of the turn post's upload it reuses
        (or "" for its own attachment, or none) and since when (monotonic); a game not here is not known
        since the start."""
        self.quiet = Quiet()
        """When the thread gets a post and a board image (one post per turn)."""
        self.end_replay = end_replays()
        """Post the animated replay in the thread when a game ends (:mod:`cogs.history`)."""

    @property
    def table(self) -> Table:
        return self.services.table

    @property
    def renderer(self) -> Renderer:
        return self.services.renderer

    # --- queueing ------------------------------------------------------------------------------

    async def __call__(self, update: Update) -> None:
        """The table's subscriber: queue and return at once (the game never waits on Discord)."""
        self.services.remember(update.record.place.get("thread"), update.record.id)
        self._since.setdefault(update.record.id, time.monotonic())
        self._enqueue(update.record.id, update)

    def behind(self) -> float:
        """Seconds the oldest committed change not yet on Discord has waited (0.0 when none waits): the
        interactions' work waits while it is too far behind (:class:`bot.gate.Work`, issue 33)."""
        now = time.monotonic()
        waits = (now - at for at in itertools.chain(self._since.values(), self._announcing.values()))
        return max((w for w in waits if w < STUCK_SECONDS), default=0.0)

    def woken(self, gid: str) -> None:
        """Another process committed a change to the game (a notification): announce it from the log."""
        self._enqueue(gid, CatchUp(header=None))

    def _enqueue(self, gid: str, item: Update | CatchUp) -> None:
        queue = self._queues.setdefault(gid, asyncio.Queue())
        queue.put_nowait(item)
        if gid not in self._workers:
            self._workers[gid] = asyncio.create_task(self._work(gid), name=f"announce-{gid}")

    async def _work(self, gid: str) -> None:
        queue = self._queues[gid]
        try:
            while not queue.empty():
                batch = [queue.get_nowait()]
                while not queue.empty():
                    batch.append(queue.get_nowait())
                since = self._since.pop(gid, None)
                if since is not None:
                    self._announcing[gid] = since
                try:
                    await self._announce_claimed(gid, batch)
                except Exception:
                    log.exception("announcing game %s failed", gid)
                finally:
                    self._announcing.pop(gid, None)
                if self.min_interval > 0:
                    await asyncio.sleep(self.min_interval)  # coalesce: what arrives meanwhile is one edit
        finally:
            self._workers.pop(gid, None)

    async def _announce_claimed(self, gid: str, batch: list[Update | CatchUp]) -> None:
        """Announce holding the game's claim (several processes: one at a time posts a game); a game
        another process is posting is tried again shortly, the batch kept. A process that does not hold
        the game's shard posts nothing in its thread and claims nothing: were it killed while it held the
        claim, the process that does would wait out the lease before posting (issue 32)."""
        record = next((u.record for u in reversed(batch) if isinstance(u, Update)), None)
        if record is not None and not self.holds(record):
            await self.announce(gid, batch)  # its own changes' DMs and reminders only
            return
        prefs = self.services.prefs
        if not await prefs.claim_announcing(gid):
            self._spawn(self._later(gid, batch))
            return
        try:
            await self.announce(gid, batch)
        finally:
            await prefs.release_announcing(gid)

    async def _later(self, gid: str, batch: list[Update | CatchUp]) -> None:
        await asyncio.sleep(CLAIM_RETRY_SECONDS)
        for item in batch:
            self._enqueue(gid, item)

    async def drain(self, timeout: float | None = None) -> None:
        """Wait until every queued update has been posted (tests, shutdown)."""

        async def wait() -> None:
            while self._workers or self._background:
                await asyncio.gather(*self._workers.values(), *self._background, return_exceptions=True)

        await asyncio.wait_for(wait(), timeout)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- posting -------------------------------------------------------------------------------

    def _channel(self, channel_id: str) -> Any:
        return self.client.get_partial_messageable(int(channel_id))

    async def _current(self, gid: str, updates: list[Update]) -> GameRecord | None:
        """The game's record now; when the table cannot load it any more (set aside), what the last update
        said, or None for a catch-up alone (setting it aside made an update of its own, announced then)."""
        try:
            return await self.table.record(gid)
        except DamagedGame:
            if not updates:
                log.info("game %s was set aside as it was caught up on", gid)
                return None
            return updates[-1].record
        except Exception:
            if not updates:
                raise
            return updates[-1].record

    async def announce(self, gid: str, batch: list[Update | CatchUp]) -> None:
        updates = [u for u in batch if isinstance(u, Update)]
        record = await self._current(gid, updates)
        if record is None:
            return
        place = record.place
        if not place.get("thread"):
            return  # not a Discord game (the terminal, tests of the table)
        if record.status == "damaged":
            await self._announce_damaged(record, batch)
            return
        for update in updates:
            self._private(record, update)
        if not self.holds(record):
            await self._remind_elsewhere(record, updates)  # the process holding its shard posts the rest
            return
        events, caught = await self._news(record, batch, updates)
        scene = await self._scene(record)
        if record.status == "lobby" or (
            record.status == "aborted" and all(u.kind == "lobby" for u in updates) and not scene.public_view
        ):
            if await self._edit_status(record, scene, None):
                await self.services.prefs.set_announced(gid, record.version)
            return
        reminders, reminded = await self._reminders(
            record, [e for u in updates if u.kind == "reminder" for e in u.events]
        )
        lines = caught + thread_lines(events) + reminders
        plan = self.quiet.plan(
            record,
            scene.prompts,
            scene.public_view,
            lines,
            force=bool(caught or reminders) or any(u.kind in TOLD for u in updates),
        )
        image: bytes | None = None
        if scene.public_view and (plan.post_image or plan.status_image):
            image = await self._board(record, scene)
            if image is None:
                plan.post_image = False
                self.quiet.status_failed(record)
        posted, shared = True, None
        if plan.post:
            posted, shared = await self._post(record, scene, plan, image, reminded)
        board = bool(scene.public_view) and (image is not None or not plan.status_image)
        edited = await self._edit_status(
            record, scene, image if plan.status_image else None, board, plan.recent, shared
        )
        if edited and posted and (plan.post or not plan.recent):
            await self.services.prefs.set_announced(gid, record.version)
        if record.status in ("finished", "aborted") and posted and not plan.recent:
            self.quiet.forget(gid)  # nothing more to pace in this thread
        if (
            self.end_replay
            and record.status in OVER
            and scene.public_view  # a game cancelled in its lobby (or without a board) has nothing to replay
            and any(u.record.status in OVER and not u.duplicate for u in updates)
        ):  # the end of a game, by its rules or cancelled, abandoned or drawn by a vote: the same replay
            self._spawn(post_replay(self.client, self.services, record))

    async def _scene(self, record: GameRecord) -> lx.GameScene:
        """What the posts show, with where the replay is once the game is over."""
        scene = await flows.scene(self.services, record.id)
        if record.status == "finished":
            scene.replay = REPLAY_BELOW if self.end_replay else REPLAY_ASK
        return scene

    async def _post(
        self, record: GameRecord, scene: lx.GameScene, plan: Plan, image: bytes | None, reminded: list[str]
    ) -> tuple[bool, str | None]:
        """The turn post: its lines, the board when it changed, who must act (pinged, with those reminded
        and the followers who asked for a mention); followers who asked for DMs get its lines by DM.
        Returns whether it was posted, and the address of the board it uploaded (the status message shows
        that very file: one upload per turn)."""
        follows = await self.services.prefs.follows(record.id)
        followers = [u for u, how in sorted(follows.items()) if how == "mention" and u.isdigit()]
        view = lx.turn_view(scene, plan.lines, plan.mentions, plan.post_image, [f"<@{u}>" for u in followers])
        files = [png(image, lx.BOARD_FILE)] if plan.post_image and image is not None else []
        await self.services.prefs.set_posting(record.id, record.version, time.time())
        try:
            sent = await self._channel(record.place["thread"]).send(
                view=view, files=files, allowed_mentions=pings([*plan.pings, *reminded, *followers])
            )
        except discord.HTTPException as exc:
            self.quiet.unposted(record, plan)
            log.exception("could not post to the thread of game %s", record.id)
            if is_missing_permission(exc):
                wanted = ("send_messages_in_threads", *(("attach_files",) if files else ()))
                await self._refused(record, record.place["thread"], wanted)
            return False, None
        digest = [line for line in plan.lines if not line.startswith("⏰")]
        readers = [u for u, how in sorted(follows.items()) if how == "dm" and u.isdigit()]
        if readers and (digest or plan.mentions):
            self._spawn(self._dm_followers(record, scene, digest, image, readers))
        return True, board_url(sent) if files else None

    async def _dm_followers(
        self, record: GameRecord, scene: lx.GameScene, lines: list[str], image: bytes | None, users: list[str]
    ) -> None:
        """A follower who asked for DMs gets the turn post there: who acts now, what happened, the board."""
        if image is None and scene.public_view:
            image = await self._board(record, scene)  # the board did not change: the same drawing, cached
        view = lx.follow_view(scene, lines[-DIGEST_MAX:], image is not None)
        for user in users:
            files = [png(image, lx.BOARD_FILE)] if image is not None else []
            await self._send_dm(record, user, None, view=view, files=files)  # closed DMs: the thread has it

    async def _board(self, record: GameRecord, scene: lx.GameScene) -> bytes | None:
        try:
            view = scene.public_view
            if scene.due and self.renderer.has_compact(record.game):
                view = dict(view, due=scene.due)  # the compact board draws the deadline
            return await self.renderer.compact(record.game, view, key=(record.id, record.version, None))
        except Exception:  # a drawing bug must not silence the game: post the text without the board
            log.exception("rendering the board of game %s failed", record.id)
            return None

    async def _announce_damaged(self, record: GameRecord, batch: list[Update | CatchUp]) -> None:
        """A game set aside: its players are told in its thread that it is paused for a moderator, and the
        status message loses its buttons. Built without the game's code or state (either may be what
        failed), from public event texts only; the operator's reason never reaches Discord."""
        lines = present.event_lines(
            e for u in batch if isinstance(u, Update) and not u.duplicate for e in u.events
        )
        title = record.game
        with contextlib.suppress(Exception):  # an unknown game id is one of the kinds of damage
            title = self.table.engine_game(record).meta.title
        posted = True
        if lines:
            try:
                await self._channel(record.place["thread"]).send(
                    content=present.clip("\n".join(lines), 2000), allowed_mentions=NO_PINGS
                )
            except discord.HTTPException:
                posted = False
                log.exception("could not post to the thread of game %s", record.id)
        edited = True
        if record.place.get("status") and record.place.get("channel"):
            view = lx.damaged_view(title, record.id)
            try:
                message = self._channel(record.place["channel"]).get_partial_message(
                    int(record.place["status"])
                )
                await message.edit(view=view, attachments=[], allowed_mentions=NO_PINGS)
            except (discord.HTTPException, ValueError):
                edited = False
                log.exception("could not edit the status message of game %s", record.id)
        if posted and edited:
            await self.services.prefs.set_announced(record.id, record.version)

    async def catch_up(self) -> int:
        """After a start: post what an earlier process saved but had not announced when it stopped.

        A change is committed before it is announced, so a kill in between leaves a move nobody was told
        about (and a next player who was never mentioned). The last announced version of each game is
        kept; anything newer is announced now, its public events read from the stored public log.
        """
        with registry.background():  # the rules it loads wait for the interactions' (issue 32)
            return await self._catch_up()

    async def _catch_up(self) -> int:
        count = 0
        # the store selects the games whose newest version was not announced (issue 21: start-up reads
        # only those); a store that does not keep the announced versions lists every game instead
        records = await self.table.unannounced()
        for record in records:
            try:
                count += await self._catch_up_one(record)
            except Exception:  # one game's bad data must not stop the others' catch-up
                log.exception("catching up on game %s failed; the other games go on", record.id)
        if count:
            log.info("catching up on %d games after a restart", count)
        return count

    async def _catch_up_one(self, record: GameRecord) -> int:
        """Queue the catch-up of one game; 1 if queued. A damaged record (a row the store could not fully
        read) is left to the table: it is set aside when it is next loaded."""
        if not record.place.get("thread") or record.status == "damaged" or not self.holds(record):
            return 0  # another process holds the shard of its server: that one catches up on it
        announced = await self._went_out(record, await self.services.prefs.announced(record.id))
        if announced is not None and announced >= record.version:
            return 0
        if announced is None and record.status in ("finished", "aborted"):
            return 0  # nothing recorded for an ended game: leave old threads alone
        self._enqueue(record.id, CatchUp())
        return 1

    async def _went_out(self, record: GameRecord, announced: int | None) -> int | None:
        """The last version announced, counting a turn post that reached the thread although its version
        was never recorded (the process was killed between Discord's answer and the record): the thread is
        read for a message of this bot's since that post began, so it is not sent twice. A thread that
        cannot be read, or a clock that disagrees with Discord's, gives the old answer: post it again
        rather than skip it."""
        prefs = self.services.prefs
        posting = await prefs.posting(record.id)
        if posting is None or posting[0] <= (announced or 0):
            return announced
        version, began = posting
        if not await self._posted_since(record.place["thread"], began):
            return announced
        log.info(
            "game %s: the post of version %d went out before a restart; not sent again", record.id, version
        )
        await prefs.set_announced(record.id, version)
        return version

    async def _posted_since(self, thread: str, began: float) -> bool:
        me = getattr(self.client, "user", None)
        if me is None:
            return False
        try:
            async for message in self._channel(thread).history(
                limit=10, after=datetime.fromtimestamp(began, tz=UTC)
            ):
                if message.author.id == me.id:
                    return True
        except discord.HTTPException:
            log.warning("could not read thread %s to check a post made before a restart", thread)
        return False

    async def _news(
        self, record: GameRecord, batch: list[Update | CatchUp], updates: list[Update]
    ) -> tuple[list[Event], list[str]]:
        """What the thread is told: the batch's own public events, or, when it must catch up, the stored
        lines of every version since the last announced (the batch's own among them, in order)."""
        caught = await self._missed(record, batch, updates)
        if caught is not None:
            return [], caught
        return [e for u in updates if not u.duplicate for e in u.events], []

    async def _missed(
        self, record: GameRecord, batch: list[Update | CatchUp], updates: list[Update]
    ) -> list[str] | None:
        """The public lines of every version after the last one announced, read from the stored log, when
        this batch must catch up (a restart, another process's change, or, with other processes, a version
        this one never saw); None when the batch's own events are the whole story."""
        catching = [c for c in batch if isinstance(c, CatchUp)]
        announced = await self.services.prefs.announced(record.id)
        known = max(self._seen.get(record.id, 0), announced or 0)
        if not catching and self.shared and announced is not None and updates:
            if min(u.record.version for u in updates) > known + 1:
                catching = [CatchUp(header=None)]  # a version committed elsewhere, never seen here
        if not catching or record.status == "lobby":
            self._seen[record.id] = max([known, *(u.record.version for u in updates)])
            return None
        self._seen[record.id] = max(known, record.version)
        missed = await self.table.public_log(record.id, limit=40, after_version=announced)
        header = next((c.header for c in catching if c.header), None)
        return ([header] if header and missed else []) + missed

    async def _remind_elsewhere(self, record: GameRecord, updates: list[Update]) -> None:
        """Reminders this process sent for a game of another process's shard (it claimed the deadline):
        posted in the thread here, once, since no version carries them to the other process."""
        reminders, reminded = await self._reminders(
            record, [e for u in updates if u.kind == "reminder" for e in u.events]
        )
        if not reminders:
            return
        try:
            await self._channel(record.place["thread"]).send(
                content=present.clip("\n".join(reminders), 2000), allowed_mentions=pings(reminded)
            )
        except discord.HTTPException:
            log.exception("could not post the reminders of game %s", record.id)

    async def _edit_status(
        self,
        record: GameRecord,
        scene: lx.GameScene,
        image: bytes | None,
        board: bool | None = None,
        recent: list[str] | None = None,
        shared: str | None = None,
    ) -> bool:
        """Show the game's current state on its status message; False when Discord refused. ``image`` is a
        new board: uploaded, unless ``shared`` is the address of the same board just uploaded with the turn
        post; None with ``board`` keeps the one the message has (the board did not change)."""
        place = record.place
        if not place.get("status") or not place.get("channel"):
            return True
        board = image is not None if board is None else board
        shown, since = self._shown.get(record.id, ("", 0.0))
        known = record.id in self._shown and (not shown or time.monotonic() - since < SHARED_BOARD_SECONDS)
        if board and image is None and not known and scene.public_view:
            # what it shows is not known (a restart), or is another message's file whose address may expire:
            # draw it again and give the status message its own
            image = await self._board(record, scene)
        url = shared if image is not None else shown if board else None
        view = lx.status_view(scene, board, recent or [], image_url=url or None)
        kwargs: dict[str, Any] = {}
        if image is not None:
            kwargs["attachments"] = [] if url else [png(image, lx.BOARD_FILE)]
        if not board:
            kwargs["attachments"] = []
        try:
            message = self._channel(place["channel"]).get_partial_message(int(place["status"]))
            await message.edit(view=view, allowed_mentions=NO_PINGS, **kwargs)
            if url != shown or image is not None:
                self._shown[record.id] = (url or "", time.monotonic())
        except discord.HTTPException as exc:
            self.quiet.status_failed(record)
            if exc.code == MESSAGE_TOO_OLD:
                if image is None and scene.public_view:
                    image = await self._board(record, scene)
                return await self._new_status(record, scene, image)
            log.exception("could not edit the status message of game %s", record.id)
            if is_missing_permission(exc) and kwargs.get("attachments"):
                await self._refused(record, place["channel"], ("attach_files",))
            return False
        return True

    async def _refused(self, record: GameRecord, channel: str, wanted: tuple[str, ...]) -> None:
        """Discord refused a permission: the moderators are told once (:mod:`bot.permission_notes`)."""
        await self.services.notes.refused(
            self.client,
            record.place.get("guild"),
            channel,
            wanted,
            game_id=record.id,
            fallback_channel=record.place.get("channel"),
        )

    async def _new_status(self, record: GameRecord, scene: lx.GameScene, image: bytes | None) -> bool:
        """Discord will no longer edit the status message (error 30046): post a fresh one in the thread,
        remember it, and say so in the old one (a new message, since the old cannot be edited)."""
        place = record.place
        view = lx.status_view(scene, image is not None, anchor="")  # its Undo once the game knows its id
        files = [png(image, lx.BOARD_FILE)] if image is not None else []
        try:
            fresh = await self._channel(place["thread"]).send(
                view=view, files=files, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.exception("could not post a new status message for game %s", record.id)
            return False
        self._shown[record.id] = ("", time.monotonic())  # the fresh message carries its own board
        old_channel, old_id = place["channel"], place["status"]
        try:
            await self.services.table.move_status(
                record.id, {"channel": str(fresh.channel.id), "status": str(fresh.id)}
            )
        except Exception:
            log.exception("game %s: the new status message could not be remembered", record.id)
            return True
        fresh_scene = await flows.scene(self.services, record.id)  # the move is a change: show its version
        try:
            await fresh.edit(view=lx.status_view(fresh_scene, image is not None), allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("game %s: the new status message shows the version before the move", record.id)
        link = f"https://discord.com/channels/{place.get('guild', '@me')}/{fresh.channel.id}/{fresh.id}"
        try:
            old = self._channel(old_channel).get_partial_message(int(old_id))
            await old.reply(
                content=f"This status message can no longer be updated; the game goes on here: {link}",
                allowed_mentions=NO_PINGS,
            )
        except (discord.HTTPException, ValueError):
            log.info("game %s: could not leave a note under the old status message", record.id)
        return True

    async def _reminders(self, record: GameRecord, events: list[Event]) -> tuple[list[str], list[str]]:
        """Reminder lines for the thread and the users they ping; players who asked for DM reminders (or
        all, when the server says so) get a DM instead; none when the server turned reminders off."""
        lines: list[str] = []
        users: list[str] = []
        policy = (await self.services.prefs.guild_settings(record.place.get("guild", ""))).get("reminders")
        if policy == "off" or not events:
            return [], []
        for event in events:
            for seat_name in sorted(event.audience or ()):
                seat = record.seat_named(seat_name)
                if seat is None or seat.user is None or not seat.user.isdigit():
                    continue
                if policy == "dm" or await self.services.prefs.dm_reminders(seat.user):
                    self._spawn(self._dm(record, seat.user, [self._reminder_text(event)], notice=False))
                else:
                    lines.append(f"⏰ {self._reminder_text(event, present.mention(seat))}")
                    users.append(seat.user)
        return lines, users

    @staticmethod
    def _reminder_text(event: Event, whom: str | None = None) -> str:
        """A reminder that stays true after it is posted: the deadline as a Discord timestamp, not "in 2 h".
        In the thread (``whom`` named) it speaks of the player in the third person; by DM, to them."""
        due = event.data.get("due_at")
        if isinstance(due, int | float):
            if whom is not None:
                return f"Reminder for {whom}: a decision is due {lx.stamp_of(due)}."
            return f"Reminder: your decision is due {lx.stamp_of(due)}."
        return f"{whom} {event.text}" if whom is not None else event.text

    # --- private news --------------------------------------------------------------------------

    def _private(self, record: GameRecord, update: Update) -> None:
        """DM private events to players who did not cause them; the acting player saw them ephemerally."""
        if update.kind == "reminder":
            return  # posted in the thread: a reminder tells nothing secret
        actors = {by for _, _, by in update.applied if by not in SYSTEM_BY}
        news: dict[str, list[str]] = {}
        hands: dict[str, str] = {}
        for event in update.events:
            if event.audience is None:
                continue
            for seat_name in sorted(event.audience):
                seat = record.seat_named(seat_name)
                if seat is None or seat.user is None or seat.user in actors or not seat.user.isdigit():
                    continue
                if event.kind == UNDONE_VIEW:
                    hands[seat.user] = seat_name
                else:
                    news.setdefault(seat.user, []).append(event.text)
        for user, texts in news.items():
            self._spawn(self._dm(record, user, texts))
        for user, seat_name in hands.items():
            self._spawn(self._dm_hand(record, user, seat_name))

    async def _dm(self, record: GameRecord, user: str, texts: list[str], notice: bool = True) -> None:
        thread = record.place.get("thread")
        title = self.table.engine_game(record).meta.title
        body = (
            f"**{title}** `{record.id}`"
            + (f" (<#{thread}>)" if thread else "")
            + ":\n"
            + "\n".join(f"• {t}" for t in texts)
        )
        fallback = HAND_NOTICE.format(user=user) if notice else f"⏰ <@{user}> " + " ".join(texts)
        await self._send_dm(record, user, fallback, content=present.clip(body, 2000))

    async def _dm_hand(self, record: GameRecord, user: str, seat: str) -> None:
        """An undo changed what ``seat`` holds: its player gets the message ``/hand`` shows (the private
        image and the readable text), as the game stands when it is sent."""
        thread = record.place.get("thread")
        intro = "↩️ A move was taken back" + (f" in <#{thread}>" if thread else "") + ": your own view is "
        intro += "as it was before it.\n"
        try:
            view, file = await hand_message(self.services, record, user, seat, intro, options=False)
        except Exception:  # the game cannot be read now: the player can still open /hand later
            log.exception("the hand of game %s seat %s could not be made after an undo", record.id, seat)
            view, file = text_view(intro + "Open /hand in the game's thread to see it."), None
        await self._send_dm(
            record, user, HAND_NOTICE.format(user=user), view=view, files=[file] if file else []
        )

    async def _send_dm(self, record: GameRecord, user: str, fallback: str | None, **payload: Any) -> None:
        """DM ``user``; when their DMs are closed, post ``fallback`` in the game's thread (pinging them), if
        there is one."""
        thread = record.place.get("thread")
        try:
            channel = await self.client.create_dm(discord.Object(id=int(user)))
            await channel.send(**payload)
        except discord.HTTPException:
            log.info("DM to %s refused; telling them in the thread instead", user)
            if thread and fallback is not None:
                try:
                    await self._channel(thread).send(content=fallback, allowed_mentions=PINGS)
                except discord.HTTPException:
                    log.exception("could not post the /hand notice for game %s", record.id)
