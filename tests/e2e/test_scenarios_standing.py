"""Issue 11 through the real bot and the loopback Discord: acting "at any moment (also in the turns of other
players)" in Gamedec.

alice, bob and cy play Gamedec. In another detective's turn, a detective the game asks nothing:

- types ``/play`` and its menu offers him discards and a trade proposed to the active detective (nothing
  else of the turn), and discards one;
- presses "Your options": they say "At any moment" and offer more discards; he discards again;
- is never named as awaited in the status message, gets no deadline, and the turn stays the active
  detective's (his prompt is still open, the intent log has the discards by the idle seat).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import engine
from engine.core.waiting import TurnFrame
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord

GAMEDEC = engine.get("gamedec")


def _turn_with_idle(state: Any) -> bool:
    top = state.waiting.top()
    return isinstance(top, TurnFrame) and top.topic == "turn" and bool(GAMEDEC.standing(state))


async def test_a_detective_discards_in_another_players_turn(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    try:
        alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        db = kit.BotDb(tmp_path / "arbiter.db")
        table = await kit.open_game(fake, db, alice, [bob, cy], options="", game="gamedec")
        await kit.play(table, random.Random(11), steps=40, until=_turn_with_idle)
        record, state = await table.settle()
        assert _turn_with_idle(state), "the set-up did not reach a detective's turn"
        active = GAMEDEC.prompts(state)[0].seat
        idle = next(p.seat for p in GAMEDEC.standing(state) if p.seat in table.players)
        member = table.players[idle]
        player = kit.Player(member, table, random.Random(3))
        hand_before = list(state.players[idle].hand)

        # /play: its menu offers the idle detective his discards only
        typed = await member.autocomplete("play", focused="action", action="", channel=table.thread_id)
        values = [str(c["value"]) for c in await typed.choices(10)]
        kinds = {v.split("|", 1)[1].split(":", 1)[0] for v in values}
        assert kinds <= {"discard", "discard_eq", "trade"} and "discard" in kinds, values
        assert all(v.endswith(f"trade:to={active}") for v in values if "|trade" in v), "trades include him"
        discard = next(v for v in values if "|discard:" in v)
        answer = await (await member.slash("play", action=discard, channel=table.thread_id)).message(10)
        assert "✅" in answer.text(), answer.text()
        _, state = await table.settle()
        assert len(state.players[idle].hand) == len(hand_before) - 1

        # "Your options": offered at any moment, and a second discard
        options = await player.options()
        assert "At any moment" in options.text(), options.text()
        buttons = [a for a in kit.offered_actions(options, table.gid) if "discard" in kit.action_key(a)]
        assert buttons, options.text()
        action = buttons[0]
        handle = (
            await member.click(options, action[1])
            if action[0] == "button"
            else await member.select(options, action[1], [action[2]])
        )
        assert "✅" in (await handle.message(10)).text()
        record, state = await table.settle()
        assert len(state.players[idle].hand) == len(hand_before) - 2

        # nothing waits for him: not awaited, no deadline; the turn is still the active detective's
        assert member.mention not in table.status_waiting(), table.status_waiting()
        assert table.players.get(active) is None or table.players[active].mention in table.status_waiting()
        assert [p.seat for p in GAMEDEC.prompts(state)] == [active]
        logged = db.intents(table.gid)[-2:]
        assert [row["seat"] for row in logged] == [idle, idle]
        assert all(row["intent"].startswith("discard") for row in logged)
        due = db._db().execute("SELECT seat FROM deadlines WHERE game_id=?", (table.gid,)).fetchall()
        assert idle not in {row[0] for row in due}, "an offer nothing waits for has no deadline"
    finally:
        await bot.stop()
        await fake.stop()
