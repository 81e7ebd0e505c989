"""Shared pieces of the end-to-end scenarios (tests/e2e/test_scenarios_*.py).

- :func:`arbiter_process`: the real bot, started as ``arbiter run`` starts it (``python -m bot.cli run``),
  pointed at the fake by environment variables only, on a given SQLite file.
- :class:`BotDb`: a read-only look into the bot's database (the test's oracle: version, intent log,
  snapshot), never written by the tests.
- :class:`Table`: one Infamy game as its members see it, opened through ``/game new`` and the lobby
  buttons, and :class:`Player`, a simulated member that plays the options the bot offers it, with a
  seeded random choice, through buttons, selects and ``/play`` autocomplete.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from bot.store.sqlite.packed import unpacked
from tests.e2e.fake_discord import BotProcess, FakeDiscord, InteractionHandle, Message, SimMember

REPO_ROOT = Path(__file__).resolve().parents[2]
GAME = "infamy"
SHORT_GAME = "round_cap=2"
"""Infamy's own option: the game ends after two Rounds (a Day and a Night) by the rulebook's ranking."""

VERSION_ID = 1_000_000
"""cogs.ui.components.VERSION_ID (not imported: the scenarios see the bot only through Discord)."""


def arbiter_argv() -> list[str]:
    """``arbiter run`` (the console script calls ``bot.cli.main``); the bot reads DISCORD_GATEWAY_URL
    itself."""
    profile = os.environ.get("ARBITER_BOT_PROFILE")
    if profile:  # where the bot's time goes under load (tests/e2e/test_scenarios_load.py)
        return ["{python}", "-m", "cProfile", "-o", profile, "-m", "bot.cli", "run"]
    return ["{python}", "-m", "bot.cli", "run"]


def arbiter_process(fake: FakeDiscord, db_path: Path, log_path: Path, **env: str) -> BotProcess:
    return BotProcess(
        fake,
        arbiter_argv(),
        # simulated members act at machine speed: the per-user rate limit (10 actions in 10 s by default)
        # is raised so the scenarios measure the bot; test_scenarios_authority.py sets it low to test it
        env={
            "ARBITER_DB": str(db_path),
            "LOG_LEVEL": "INFO",
            "TICK_SECONDS": "3600",
            "RATE_LIMIT_ACTIONS": "1000000",
            "STATUS_EDIT_SECONDS": "0.2",
            "ARBITER_END_REPLAY": "0",  # the replay scenario turns it on
            **env,
        },
        cwd=REPO_ROOT,
        log_path=log_path,
    )


# --- the bot's database, read only --------------------------------------------------------------


class BotDb:
    """Read-only queries on the bot's SQLite file (WAL: safe while the bot writes)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = sqlite3.connect(
                f"file:{self.path}?mode=ro", uri=True, timeout=10, check_same_thread=False
            )
            self._conn.row_factory = sqlite3.Row
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def game_ids(self) -> list[str]:
        return [r["id"] for r in self._db().execute("SELECT id FROM games ORDER BY created_at")]

    def record(self, gid: str) -> dict[str, Any]:
        row = self._db().execute("SELECT * FROM games WHERE id=?", (gid,)).fetchone()
        if row is None:
            raise LookupError(f"no game {gid} in {self.path}")
        out = dict(row)
        for key in ("options", "place", "winners"):
            out[key] = json.loads(out[key])
        out["seats"] = [
            dict(r)
            for r in self._db().execute(
                "SELECT seat, user_id, name, away FROM seats WHERE game_id=? ORDER BY position", (gid,)
            )
        ]
        return out

    def intents(self, gid: str) -> list[dict[str, Any]]:
        return [
            dict(r)
            for r in self._db().execute(
                "SELECT seq, version, seat, intent, by_user FROM intents WHERE game_id=? ORDER BY seq", (gid,)
            )
        ]

    def snapshot(self, gid: str) -> tuple[int, str] | None:
        row = self._db().execute("SELECT version, body FROM snapshots WHERE game_id=?", (gid,)).fetchone()
        return None if row is None else (int(row["version"]), unpacked(row["body"]))

    def state(self, gid: str) -> tuple[int, Any]:
        """(version, engine state) of the saved snapshot; version and snapshot are read in one transaction."""
        db = self._db()
        db.execute("BEGIN")
        try:
            version = int(db.execute("SELECT version FROM games WHERE id=?", (gid,)).fetchone()[0])
            snap = self.snapshot(gid)
        finally:
            db.execute("COMMIT")
        assert snap is not None, f"game {gid} has no snapshot"
        return version, engine.get(self.record(gid)["game"]).load(snap[1])


def deadlines_passed(db_path: Path) -> int:
    """With the bot stopped: move every deadline a minute into the past (as after a long downtime), so the
    first deadline pass of the next start applies each game's defaults; how many there are."""
    conn = sqlite3.connect(db_path)
    try:
        now = time.time()
        changed = conn.execute(
            "UPDATE deadlines SET due_at = ?, remind_at = ?", (now - 60, now - 120)
        ).rowcount
        conn.commit()
        return int(changed)
    finally:
        conn.close()


def replay_log(record: dict[str, Any], intents: list[tuple[str, str]]) -> Any:
    from engine.core.playout import replay

    game = engine.get(record["game"])
    return replay(game, [s["seat"] for s in record["seats"]], record["seed"], record["options"], intents)


# --- a game as its members see it ----------------------------------------------------------------


@dataclass
class Table:
    fake: FakeDiscord
    db: BotDb
    gid: str
    status_id: int  # the lobby/status message; the game's thread has the same id
    players: dict[str, SimMember]  # seat name -> member (seat names are the members' display names)
    game: str = GAME
    thread: int | None = None
    """The game's thread, when the status message is no longer its starter message (after a 30046)."""
    poll: float = 0.03
    """Seconds between looks at the database while settling, unless the status message is edited sooner."""

    @property
    def thread_id(self) -> int:
        return self.thread if self.thread is not None else self.status_id

    @property
    def status(self) -> Message:
        return self.fake.state.messages[self.status_id]

    def member_of(self, seat: str) -> SimMember | None:
        return self.players.get(seat)

    def status_waiting(self) -> str:
        """The last text block of the status message: who must act now (or the outcome)."""
        texts = [str(c.get("content", "")) for c in self.status.walk_components() if c.get("type") == 10]
        return texts[-1] if texts else ""

    def status_turn(self) -> int | None:
        """The version the status message shows: its container's component id (cogs.ui.components.VERSION_ID
        plus the version; people read the game's own Turn and Round instead)."""
        for comp in self.status.walk_components():
            if comp.get("type") == 17 and isinstance(comp.get("id"), int) and comp["id"] >= VERSION_ID:
                return int(comp["id"]) - VERSION_ID
        return None

    async def settle(self, timeout: float = 20.0) -> tuple[dict[str, Any], Any]:
        """Wait until the status message shows the saved version; returns (record, state) then."""
        deadline = time.monotonic() + timeout
        while True:
            record = self.db.record(self.gid)
            if (
                record["status"] in ("running", "finished", "paused")
                and self.status_turn() == record["version"]
            ):
                finished = record["status"] == "finished"
                if not finished or "Game over" in self.status.text():
                    version, state = self.db.state(self.gid)
                    if version == record["version"]:
                        return record, state
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"game {self.gid}: the status message shows turn {self.status_turn()}, the "
                    f"database version {record['version']} ({record['status']})"
                )
            await self._status_edited(self.status.updated_at, deadline)

    async def _status_edited(self, since: float, deadline: float) -> None:
        """Until the status message is edited after ``since`` (the bot edits it last, after the commit)
        or ``poll`` seconds pass, whichever is first: the database is read again then."""
        try:
            await self.fake.state.wait_for(
                lambda: self.status.updated_at != since,
                min(self.poll, max(0.001, deadline - time.monotonic())),
                "an edit of the status message",
            )
        except TimeoutError:
            pass

    def human_prompts(self, state: Any, record: dict[str, Any] | None = None) -> list[str]:
        """Seats with an open prompt that a member of this table plays (not away: an agent plays those)."""
        away = {s["seat"] for s in (record or {}).get("seats", []) if s["away"]}
        seats = []
        for prompt in engine.get(self.game).prompts(state):
            if prompt.seat in self.players and prompt.seat not in seats and prompt.seat not in away:
                seats.append(prompt.seat)
        return seats


BOT_ERROR = "Something went wrong"
"""The start of the bot's answer to an unexpected error (cogs/ui/errors.py)."""
BUSY = "The referee is busy"
"""The start of the bot's answer when an interaction's work gets no turn (bot/gate.py): a member tries
again a moment later."""


async def _answer(make: Any, timeout: float, errors: list[str] | None, tries: int = 200) -> Message:
    """The answer to the interaction ``make()`` starts; with ``errors`` given, an unexpected error of the
    bot is noted there and the interaction tried again (as a member would), else it is returned."""
    for _ in range(tries):
        msg: Message = await (await make()).message(timeout)
        if BUSY in msg.text():
            await asyncio.sleep(random.uniform(1.0, 3.0))
            continue
        if errors is None or BOT_ERROR not in msg.text():
            return msg
        errors.append(msg.text())
        await asyncio.sleep(random.uniform(0.1, 0.5))
    return msg


async def open_game(
    fake: FakeDiscord,
    db: BotDb,
    host: SimMember,
    joiners: list[SimMember],
    *,
    agents: int = 0,
    options: str = SHORT_GAME,
    channel: str = "games",
    timeout: float = 10.0,
    errors: list[str] | None = None,
    game: str = GAME,
) -> Table:
    """``/game new`` by ``host``, Join by each joiner, Add agent seat ``agents`` times, Start.

    ``errors``: see :func:`_answer` (the load test keeps going through the bot's unexpected errors)."""
    seats = 1 + len(joiners) + agents
    answer = await _answer(
        lambda: host.slash(
            "game", "new", channel=channel, options={"game": game, "seats": seats, "options": options}
        ),
        timeout,
        errors,
    )
    assert answer.ephemeral, answer
    found = re.search(r"\(`([0-9a-f]+)`\)", answer.text())
    assert found, f"no game id in the answer to /game new: {answer.text()!r}"
    gid = found.group(1)
    lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=timeout)
    for member in joiners:
        joined = await _answer(lambda m=member: m.click(lobby, f"arbl:{gid}:join"), timeout, errors)
        assert "joined" in joined.text(), joined.text()
    for _ in range(agents):
        added = await _answer(lambda: host.click(lobby, f"arbl:{gid}:agent-heuristic"), timeout, errors)
        assert "Agent seat added" in added.text(), added.text()
    started = await _answer(lambda: host.click(lobby, f"arbl:{gid}:start"), timeout, errors)
    assert "started" in started.text(), started.text()
    record = db.record(gid)
    players = {}
    for seat in record["seats"]:
        member = next((m for m in [host, *joiners] if str(m.id) == seat["user_id"]), None)
        if member is not None:
            players[seat["seat"]] = member
    return Table(fake, db, gid, lobby.id, players, game)


# --- a member playing what the bot offers ---------------------------------------------------------


def offered_actions(msg: Message, gid: str) -> list[tuple[str, str, str | None]]:
    """(kind, custom_id, value) for every action an options message offers: buttons and select options."""
    out: list[tuple[str, str, str | None]] = []
    for comp in msg.walk_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("disabled"):
            continue
        if cid.startswith((f"arb:{gid}:", f"arbe:{gid}:")):  # arbe: "Yes, end my turn" (asked once)
            out.append(("button", cid, None))
        elif cid.startswith(f"arbs:{gid}:"):
            out += [("select", cid, str(o["value"])) for o in comp.get("options", [])]
    return out


def action_key(action: tuple[str, str, str | None]) -> str:
    kind, cid, value = action
    if kind == "select":
        assert value is not None
        return value
    return cid.split(":", 3)[3]


@dataclass
class Player:
    """A member who plays the options the bot offers it, chosen with a seeded random generator."""

    member: SimMember
    table: Table
    rng: random.Random
    play_share: float = 0.2
    """How often to type the move with ``/play`` (autocomplete) instead of clicking."""
    handles: list[InteractionHandle] = field(default_factory=list)
    errors: list[str] | None = None
    """When a list, the bot's unexpected-error answers are noted here and the member tries again later;
    when None, such an answer fails the test at once."""
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds the member takes before each click or command, drawn evenly from this range (the load test
    plays at a person's pace; the other scenarios at the machine's)."""

    async def _pause(self) -> None:
        low, high = self.think
        if high > 0:
            await asyncio.sleep(self.rng.uniform(low, high))

    @property
    def gid(self) -> str:
        return self.table.gid

    async def options(self, timeout: float = 10.0) -> Message:
        """Press the status message's "Your options" / "Choose privately"; the ephemeral answer."""
        await self._pause()
        h = await self.member.click(self.table.status, f"arbo:{self.gid}")
        self.handles.append(h)
        msg = await h.message(timeout)
        assert msg.ephemeral, f"options answered publicly: {msg!r}"
        return msg

    async def hand(self, via_slash: bool = False, timeout: float = 10.0) -> Message:
        await self._pause()
        if via_slash:
            h = await self.member.slash("hand", channel=self.table.thread_id)
        else:
            h = await self.member.click(self.table.status, f"arbh:{self.gid}")
        self.handles.append(h)
        msg = await h.message(timeout)
        assert msg.ephemeral, f"hand answered publicly: {msg!r}"
        return msg

    async def play_turn(self, timeout: float = 10.0, most: int = 20) -> list[str]:
        """Open the options and play until the bot offers nothing more (at most ``most`` moves)."""
        msg = await self.options(timeout)
        played: list[str] = []
        for _ in range(most):
            actions = offered_actions(msg, self.gid)
            if not actions:
                return played
            await self._pause()
            if self.rng.random() < self.play_share:
                answer = await self._play_typed(timeout)
                if answer is None:
                    return played
                key, msg = answer
            else:
                action = self.rng.choice(actions)
                key = action_key(action)
                kind, cid, value = action
                if kind == "button":
                    h = await self.member.click(msg, cid)
                else:
                    h = await self.member.select(msg, cid, [value])
                self.handles.append(h)
                msg = await h.message(timeout)
            assert msg.ephemeral, f"an answer to a move was public: {msg!r}"
            if BUSY in msg.text():
                return played  # nothing was changed: the caller settles and asks again
            if BOT_ERROR in msg.text():
                assert self.errors is not None, f"the bot failed on {key!r}: {msg.text()}"
                self.errors.append(msg.text())
                return played
            played.append(key)
            asked = any(c.startswith(f"arbe:{self.gid}:") for c in msg.custom_ids())
            if "moved on" in msg.text() or ("✅" not in msg.text() and not asked):
                return played  # refused or stale: the caller settles and asks again
        return played

    async def _play_typed(self, timeout: float) -> tuple[str, Message] | None:
        t = await self.member.autocomplete("play", focused="action", action="", channel=self.table.thread_id)
        self.handles.append(t)
        choices = await t.choices(timeout)
        if not choices:
            return None
        value = str(self.rng.choice(choices)["value"])
        h = await self.member.slash("play", action=value, channel=self.table.thread_id)
        self.handles.append(h)
        return value, await h.message(timeout)


def players_of(table: Table, rng: random.Random) -> dict[str, Player]:
    return {
        seat: Player(member, table, random.Random(rng.random())) for seat, member in table.players.items()
    }


async def play(
    table: Table,
    rng: random.Random,
    *,
    steps: int = 2000,
    hand_share: float = 0.1,
    timeout: float = 10.0,
    players: dict[str, Player] | None = None,
    until: Any = None,
) -> dict[str, Any]:
    """Drive the members of ``table`` through the bot for ``steps`` rounds of "settle, then everyone asked
    plays", or until the game ends (or ``until(state)`` holds); returns the record (from the database) at
    the last settle."""
    players = players if players is not None else players_of(table, rng)
    for _ in range(steps):
        record, state = await table.settle()
        if record["status"] == "finished" or (until is not None and until(state)):
            return record
        seats = table.human_prompts(state, record)
        assert seats, f"game {table.gid} waits for nobody: {engine.get(table.game).prompts(state)}"
        waiting = table.status_waiting()
        missing = [seat for seat in seats if table.players[seat].mention not in waiting]
        assert not missing, f"the status message does not say that {missing} must act: {waiting!r}"
        # several prompts at once are secret simultaneous choices: everyone chooses at the same time
        await asyncio.gather(
            *(_turn(players[seat], rng.random() < hand_share, rng.random() < 0.5, timeout) for seat in seats)
        )
    record, _ = await table.settle()
    return record


async def _turn(player: Player, look: bool, slash: bool, timeout: float) -> None:
    if look:
        await player.hand(via_slash=slash, timeout=timeout)
    await player.play_turn(timeout)


async def play_to_end(
    table: Table, rng: random.Random, *, max_steps: int = 2000, hand_share: float = 0.1, timeout: float = 10.0
) -> dict[str, Any]:
    """Drive every member of ``table`` through the bot until the game ends; returns the final record."""
    record = await play(table, rng, steps=max_steps, hand_share=hand_share, timeout=timeout)
    assert record["status"] == "finished", f"game {table.gid} did not end within {max_steps} steps"
    return record


# --- checks ----------------------------------------------------------------------------------------


def png_attachments(fake: FakeDiscord) -> list[tuple[Message, str, bytes]]:
    """Every attachment of every message version whose name ends in .png."""
    out = []
    for msg in fake.state.all_messages():
        seen: set[int] = set()
        for version in [*msg.history, msg]:
            for att in version.attachments:
                if att.filename.endswith(".png") and id(att) not in seen:
                    seen.add(id(att))
                    out.append((msg, att.filename, att.data))
    return out


def assert_png(data: bytes, what: str) -> tuple[int, int]:
    from PIL import Image

    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{what} is not a PNG"
    with Image.open(io.BytesIO(data)) as img:
        img.verify()
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        assert img.format == "PNG"
        return img.size
