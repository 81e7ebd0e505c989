"""Tools for a game's ``determinize`` hook: a copy of the state that a seat cannot tell from the real one.

A game's hook (engine/<game>/determinize.py) names what the seat may not know; these tools re-deal it from
the agent's generator so that the result depends only on what the seat knows: pools of unseen cards are
gathered, *sorted* (so their hidden order cannot show through), shuffled and dealt back into the same zones
with the same sizes; the game's own generator is re-seeded (future draws and dice are unknown too); other
seats' secret choices not yet revealed are replaced by random options of theirs.
"""

from __future__ import annotations

from typing import Any, TypeVar

from .game import GameState
from .intent import Intent
from .rng import Rng
from .secret import SecretFrame

S = TypeVar("S", bound=GameState)


def redeal(rng: Rng, *zones: list[str]) -> None:
    """Gather the cards of ``zones`` (lists changed in place), shuffle them and deal each zone as many
    back as it held."""
    pool = rng.shuffled(sorted(card for zone in zones for card in zone))
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]


def reseed(state: GameState, rng: Rng) -> None:
    """Give ``state`` a generator the seat knows nothing of."""
    state.rng = Rng(seed=rng.next64())


def hide_secrets(state: Any, seat: str, rng: Rng) -> None:
    """Replace every other seat's unrevealed secret choice (and draft) by random options of its own."""
    for frame in getattr(getattr(state, "waiting", None), "frames", []):
        if not isinstance(frame, SecretFrame):
            continue
        for other in frame.seats:
            if other == seat:
                continue
            parts = [frame.options.get(other, []), *frame.more.get(other, [])]
            picks = [part[rng.below(len(part))].key for part in parts if part]
            if other in frame.chosen and picks:
                frame.chosen[other] = _merged(picks)
            if other in frame.drafts:
                frame.drafts[other] = picks[: len(frame.drafts[other])]


def _merged(keys: list[str]) -> str:
    parts = [Intent.parse(key) for key in keys]
    return Intent(parts[0].kind, tuple(arg for part in parts for arg in part.args)).key()


def world(state: S, seat: str, rng: Rng) -> S:
    """The common part of every hook: a copy (as ``Game.copy`` makes it), re-seeded, with the other seats'
    secrets re-chosen."""
    copy = type(state).model_validate_json(state.model_dump_json())
    reseed(copy, rng)
    hide_secrets(copy, seat, rng)
    return copy


def redeal_except(rng: Rng, known: list[str], *zones: list[str]) -> None:
    """:func:`redeal` the cards of ``zones`` but ``known`` ones (cards the seat has seen: one each time
    it is listed), which stay in their places."""
    left = list(known)
    places: list[list[int]] = []
    for zone in zones:
        mine = []
        for n, card in enumerate(zone):
            if card in left:
                left.remove(card)
            else:
                mine.append(n)
        places.append(mine)
    unseen = [[zone[n] for n in mine] for zone, mine in zip(zones, places, strict=True)]
    redeal(rng, *unseen)
    for zone, mine, cards in zip(zones, places, unseen, strict=True):
        for n, card in zip(mine, cards, strict=True):
            zone[n] = card
