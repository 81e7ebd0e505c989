"""Issue 32: what the bot sends stays within Discord's limits in words a player reads (``present.short``),
and a permission Discord refuses is told to the server's moderators once (:mod:`bot.permission_notes`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot import present
from bot.permission_notes import PermissionNotes, is_missing_permission, lacking


def test_short_keeps_whole_words_and_says_it_was_cut() -> None:
    name = "Human Interface: Nakamura Tower · " + "a very long display name " * 6
    cut = present.short(name, 100)
    assert len(cut) <= 100 and cut.endswith("…")
    assert name.startswith(cut[:-1]) and name[len(cut) - 1] == " "  # cut between two words
    assert present.short("Infamy · alice", 100) == "Infamy · alice"
    assert len(present.short("x" * 300, 150)) == 150  # one long word: cut inside it, still marked


class _Channel:
    def __init__(self, sent: list[tuple[int, str]], channel_id: int, refuse: bool = False) -> None:
        self.sent, self.id, self.refuse = sent, channel_id, refuse

    async def send(self, content: str, **_: Any) -> None:
        if self.refuse:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50013})  # type: ignore[arg-type]
        self.sent.append((self.id, content))


class _Client:
    def __init__(self, refuse: set[int] | None = None, system: int | None = None) -> None:
        self.sent: list[tuple[int, str]] = []
        self.refuse = refuse or set()
        self.system = system

    def get_channel(self, _: int) -> None:
        return None  # nothing cached: every permission asked for is named

    def get_guild(self, _: int) -> Any:
        system = SimpleNamespace(id=self.system) if self.system else None
        return SimpleNamespace(public_updates_channel=None, system_channel=system)

    def get_partial_messageable(self, channel_id: int) -> _Channel:
        return _Channel(self.sent, channel_id, channel_id in self.refuse)


async def test_moderators_are_told_once_in_the_log_channel() -> None:
    client, notes = _Client(system=7), PermissionNotes()
    first = await notes.refused(
        client, 1, 55, ("send_messages_in_threads",), game_id="g1", fallback_channel=9
    )
    assert (
        first is not None
        and "**Send Messages in Threads**" in first
        and "_" not in first.replace("<#55>", "")
    )
    again = await notes.refused(
        client, 1, 55, ("send_messages_in_threads",), game_id="g1", fallback_channel=9
    )
    assert again is None
    assert client.sent == [(7, first)]  # one line, in the server's system channel
    assert notes.take("g1") == first and notes.take("g1") is None  # the next member who acts, once


async def test_once_holds_across_a_restart(tmp_path: Any) -> None:
    """What was told is kept in the server's settings: a restarted bot (a new PermissionNotes on the same
    preferences file) does not tell the moderators again; another channel is told."""
    from bot.prefs import Prefs

    path = tmp_path / "prefs.sqlite"
    client = _Client(system=7)
    for run in range(2):
        prefs = Prefs(path)
        await prefs.open()
        notes = PermissionNotes(prefs)
        told = await notes.refused(client, 1, 55, ("attach_files",), game_id="g1")
        assert (told is not None) == (run == 0), run
        await prefs.close()
    assert len(client.sent) == 1
    prefs = Prefs(path)
    await prefs.open()
    assert await PermissionNotes(prefs).refused(client, 1, 56, ("attach_files",)) is not None
    await prefs.close()
    assert len(client.sent) == 2


async def test_the_log_line_falls_back_to_the_games_channel() -> None:
    client, notes = _Client(refuse={7}, system=7), PermissionNotes()
    await notes.refused(client, 1, 55, ("attach_files",), fallback_channel=9)
    assert [c for c, _ in client.sent] == [9]
    alone = _Client(refuse={55})  # no log channel at all, and the channel refused: only the bot's log has it
    await PermissionNotes().refused(alone, 1, 55, ("send_messages",))
    assert alone.sent == []


def test_only_a_permission_refusal_counts() -> None:
    forbidden = discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50013})  # type: ignore[arg-type]
    closed_dms = discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50007})  # type: ignore[arg-type]
    assert is_missing_permission(forbidden) and not is_missing_permission(closed_dms)
    assert lacking(_Client(), 5, ("send_messages", "attach_files")) == ("send_messages", "attach_files")
