"""The limits as caps on a change (issue 32): what each step that can raise a count must not pass.

A member may host or sit in ``lobbies_per_user`` open lobbies and play in ``running_per_user`` running
games; a server may have ``lobbies_per_guild`` lobbies and ``running_per_guild`` running games
(:class:`~.model.Limits`; 0: no limit). Every step that can raise one of these counts carries the caps it
could pass: opening a lobby, joining one, starting one (its seated members and its host then play one more
running game, and its server runs one more), a seat given to another member, a damaged game resumed, a
host's role handed to a moderator. The store counts them inside the change's own transaction
(:class:`engine.store.Cap`), so no two changes, in one process or in several sharing a database, both pass
a count only one of them may pass. A member who already plays in as many games as allowed may not open
or join a lobby either (they could not start it).

A league's tables are not counted against their players (the league's own cap on running games was
checked at sign-up), but they are against their server.
"""

from __future__ import annotations

from ..records import GameRecord
from ..store import Cap
from .model import ACTIVE, Limits

LOBBY = ("lobby",)


def lobby_caps(limits: Limits, user: str, guild: str | None, new_game: bool) -> tuple[Cap, ...]:
    """A lobby opened by ``user`` (``new_game``) or joined by them."""
    caps: list[Cap] = []
    if limits.lobbies_per_user:
        caps.append(
            Cap(
                limits.lobbies_per_user,
                LOBBY,
                user=user,
                refusal=f"You already have {limits.lobbies_per_user} open lobbies, the most allowed: "
                "start, leave or close one first.",
            )
        )
    if limits.running_per_user:  # not raised here, but a lobby they could never start is no use
        caps.append(
            Cap(
                limits.running_per_user - 1,
                ACTIVE,
                user=user,
                refusal=f"You already play in {limits.running_per_user} games, the most allowed: "
                "finish or leave one first.",
            )
        )
    if not new_game or guild is None:
        return tuple(caps)
    if limits.lobbies_per_guild:
        caps.append(
            Cap(
                limits.lobbies_per_guild,
                LOBBY,
                guild=guild,
                refusal=f"This server already has {limits.lobbies_per_guild} open lobbies, the most "
                "allowed: join one of them, or wait until some start.",
            )
        )
    if limits.running_per_guild:
        caps.append(
            Cap(
                limits.running_per_guild - 1,
                ACTIVE,
                guild=guild,
                refusal=f"This server already runs {limits.running_per_guild} games, the most allowed: "
                "wait until some end.",
            )
        )
    return tuple(caps)


def running_caps(
    limits: Limits, record: GameRecord, by: str, doing: str, players: bool = True
) -> tuple[Cap, ...]:
    """``record`` becomes a running game (``doing``: "start", "resume"): its server runs one more, and
    (``players``) its host and every seated member play in one more."""
    caps: list[Cap] = []
    guild = record.place.get("guild")
    if limits.running_per_guild and guild is not None:
        caps.append(
            Cap(
                limits.running_per_guild,
                ACTIVE,
                guild=guild,
                refusal=f"This server already runs {limits.running_per_guild} games, the most allowed: "
                f"this game can {doing} once some end.",
            )
        )
    if not players or not limits.running_per_user:
        return tuple(caps)
    names = {s.user: s.name for s in record.seats if s.user is not None}
    for user in sorted({record.host, *names}):
        name = names.get(user) or ("The game's host" if user == record.host else "A player")
        caps.append(player_cap(limits, user, name, by, f"this game can {doing}"))
    return tuple(caps)


def player_cap(limits: Limits, user: str, name: str, by: str, then: str) -> Cap:
    """``user`` plays in one more running game (``name``: how the others know them; ``then``: what can
    happen once they play in fewer, as "this game can start")."""
    most = limits.running_per_user
    if user == by:
        refusal = f"You already play in {most} games, the most allowed: finish or leave one first."
    else:
        refusal = (
            f"{name} already plays in {most} games, the most allowed: {then} once they finish or leave one."
        )
    return Cap(most, ACTIVE, user=user, refusal=refusal)


__all__ = ["lobby_caps", "player_cap", "running_caps"]
