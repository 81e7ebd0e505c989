"""The web companion's links: each game, league and server a web page serves gets one random token, made
on first use and kept by the store (so every process, and every restart, gives the same link), and the
stored versions of the games a reader in another process watches.

A token is 128 random bits (``secrets``, never the games' generator: a link is no part of a game), so a
page cannot be found by counting game ids. Tokens never change, so this process keeps the ones it knows.
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from typing import Literal

from .base import TableBase

LinkKind = Literal["game", "league", "server"]
TOKEN_BYTES = 16
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,64}")
"""What a token looks like: anything else is refused before the store is asked."""
TOKENS_KEPT = 20_000
DRAWS = 5


class Links(TableBase):
    _tokens: OrderedDict[tuple[str, str], str] | None = None
    _targets: dict[str, tuple[LinkKind, str]] | None = None

    def _known(self) -> OrderedDict[tuple[str, str], str]:
        if self._tokens is None:
            self._tokens = OrderedDict()
        return self._tokens

    def _named(self) -> dict[str, tuple[LinkKind, str]]:
        if self._targets is None:
            self._targets = {}
        return self._targets

    def _keep(self, kind: LinkKind, ref: str, token: str) -> None:
        """Remember a token both ways (a page's every request asks for its target: no read of the store)."""
        known, named = self._known(), self._named()
        known[(kind, ref)] = token
        known.move_to_end((kind, ref))
        named[token] = (kind, ref)
        while len(known) > TOKENS_KEPT:
            _, dropped = known.popitem(last=False)
            named.pop(dropped, None)

    async def web_token(self, kind: LinkKind, ref: str) -> str:
        """The token of the web page of a game, a league or a server (by its id), made now if it has none."""
        found = self._known().get((kind, ref))
        if found is not None:
            return found
        for _ in range(DRAWS):
            token = await self.store.web_token(kind, ref, secrets.token_urlsafe(TOKEN_BYTES))
            if token is not None:
                self._keep(kind, ref, token)
                return token
        raise RuntimeError(f"no web token could be stored for {kind} {ref}")

    async def web_target(self, token: str) -> tuple[LinkKind, str] | None:
        """(kind, id) of the page ``token`` names; None for a token nobody was given."""
        if not TOKEN_SHAPE.fullmatch(token):
            return None
        known = self._named().get(token)
        if known is not None:
            return known
        found = await self.store.web_target(token)
        if found is None or found[0] not in ("game", "league", "server"):
            return None
        kind: LinkKind = found[0]  # type: ignore[assignment]
        self._keep(kind, found[1], token)
        return kind, found[1]

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these games, read in one query: what another process committed."""
        return await self.store.versions(game_ids) if game_ids else {}


__all__ = ["LinkKind", "Links", "TOKEN_SHAPE"]
