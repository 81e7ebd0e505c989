"""One upload per turn (issue 21: "every board is uploaded twice (turn post and status message)").

A game plays a few turns through the loopback Discord. Each turn post uploads the board once; the status
message shows that very file by its address (Discord lets a message show another message's attachment)
instead of uploading it again.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.recording import walk_components

MEDIA_GALLERY = 12


def _media_urls(components: list[dict[str, Any]]) -> list[str]:
    return [
        str(item.get("media", {}).get("url", ""))
        for c in walk_components(components)
        if c.get("type") == MEDIA_GALLERY
        for item in c.get("items", [])
    ]


def _versions(message: Any) -> list[tuple[list[dict[str, Any]], list[Any]]]:
    """(components, attachments) of every version of a message, the current one last."""
    return [(v.components, v.attachments) for v in message.history] + [
        (message.components, message.attachments)
    ]


async def test_each_board_is_uploaded_once_and_the_status_message_shows_the_turn_posts_file(
    tmp_path: Path,
) -> None:
    async with FakeDiscord() as fake:
        member = fake.add_member("ann")
        bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
        db = kit.BotDb(tmp_path / "arbiter.db")
        try:
            await bot.start()
            await fake.wait_for_commands("game", "play", "hand")
            table = await kit.open_game(fake, db, member, [], agents=2)
            player = kit.Player(member, table, random.Random(3))
            (seat,) = table.players
            await kit.play(table, random.Random(4), players={seat: player}, steps=6)
            thread_boards = {
                f"/attachments/{m.channel_id}/{a.id}/{a.filename}"
                for m in fake.state.messages_in(table.thread_id)
                if m.id != table.status_id
                for _, attachments in _versions(m)
                for a in attachments
                if a.filename == "board.png"
            }
            assert thread_boards, "the turn posts carry the board"
            shown = [u for components, _ in _versions(table.status) for u in _media_urls(components)]
            reused = [u for u in shown if not u.startswith("attachment://")]
            assert reused, "the status message shows a turn post's board"
            assert all(any(u.endswith(b) for b in thread_boards) for u in reused), (reused, thread_boards)
            own = {a.id for _, atts in _versions(table.status) for a in atts if a.filename == "board.png"}
            assert len(own) <= 1, f"the status message uploaded the board {len(own)} times"
        finally:
            db.close()
            await bot.stop()
