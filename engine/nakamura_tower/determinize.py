"""What a Nakamura Tower seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: "only its own hand of Cyberwarfare cards"; state.py: face-down programmes are
known to their owner only, AI defence cards drawn face down to a sniffer only): each other Team's hand, its
face-down programmes and its Faction deck are one pool of that Faction's unseen cards; the seat's own deck
order, the AI deck with the face-down defence cards it has not seen, and the CanDo deck are shuffled. What
the seat's Fly Eyes saw this turn (``seen``, read by card name) stays where it is.

Set-up (teambuild.py: "A Team's picks stay private to its seat until every Team is ready"): another Team
that has begun building holds, for this seat, the mission's suggested Team changed by a few random building
moves of its own (hires, purchases, drops, a new Team Leader); a Team still to build holds the suggestion,
as everyone knows. With ``hidden_mines`` another Team's Mine tokens lie on random free squares (their number
stays: the Team's spent uses are its own to know, and kept as they are)."""

from __future__ import annotations

from engine.core.clone import clone
from engine.core.determinize import hide_secrets, redeal, redeal_except, reseed
from engine.core.rng import Rng

from . import board
from .loading import pack
from .rules import RULES
from .setup import mission_of
from .state import BuildStep, FactionStep, NtState, Recruit, TeamsStep, TeamState

BUILD_MOVES = ("recruit", "buy", "drop", "leader")
"""The building moves a Team's unseen draft is made of."""
MOVES_AT_MOST = 8


def determinize(state: NtState, seat: str, rng: Rng) -> NtState:
    copy = _world(state, seat, rng)
    seen = copy.teams[seat].seen if seat in copy.teams else []
    for other, team in sorted(copy.teams.items()):
        if other == seat:
            redeal(rng, team.deck.cards)
            continue
        down = [slot for t in copy.teams.values() for slot in t.tn if slot.owner == other and slot.face_down]
        cards = [[slot.card] for slot in down]
        known = _named(seen, f"{other}'s hand", team.hand) + _named(
            seen, f"{other}'s Tactical Network", [slot.card for slot in down]
        )
        redeal_except(rng, known, team.hand, *cards, team.deck.cards)
        for slot, card in zip(down, cards, strict=True):
            slot.card = card[0]
        if _building(copy, other):
            _draft_again(copy, team, rng)
    sniffed = any("the defence of" in line for line in seen)
    unseen = [
        cards
        for terminal in copy.terminals.values()
        for by, cards in sorted(terminal.face_down.items())
        if not (sniffed and by == seat)
    ]
    redeal(rng, *unseen, copy.ai_deck.cards)
    redeal(rng, copy.cando.cards)
    if copy.opts.hidden_mines:
        _lay_again(copy, seat, rng)
    return copy


def _world(state: NtState, seat: str, rng: Rng) -> NtState:
    """What :func:`engine.core.determinize.world` makes, from the structural copy ``Game.copy`` makes
    (:func:`engine.core.clone.clone`, which dumps as the state does) instead of a JSON round trip: half of
    an agent's move went into writing and reading the state as text. Re-seeded, the other seats' secrets
    re-chosen, as there."""
    copy = clone(state)
    reseed(copy, rng)
    hide_secrets(copy, seat, rng)
    return copy


def _named(seen: list[str], where: str, cards: list[str]) -> list[str]:
    """The cards of ``cards`` a Fly Eye's line about ``where`` names (one card for each time its name is
    said)."""
    lines = [line for line in seen if f"sees in {where}:" in line]
    said = [name for line in lines for name in line.split(": ", 1)[1].rstrip(".").split(", ")]
    known = []
    for card in cards:
        name = pack().card(card).name
        if name in said:
            said.remove(name)
            known.append(card)
    return known


def _building(state: NtState, seat: str) -> bool:
    """Whether ``seat``'s Team has begun building at the table and is not revealed yet (its draft is its
    own secret)."""
    if state.opts.quick_start or not state.teams[seat].draft:
        return False
    return not any(
        isinstance(step, FactionStep | TeamsStep) or (isinstance(step, BuildStep) and step.seat == seat)
        for step in state.steps
    )


def _draft_again(state: NtState, team: TeamState, rng: Rng) -> None:
    """The mission's suggested Team for ``team``'s Faction, then a few random building moves."""
    suggested = next(t for t in mission_of(state).teams if t.faction == team.faction)
    team.draft = [Recruit(character=m.character, equipment=list(m.equipment)) for m in suggested.members]
    team.draft_leader = suggested.members[0].character
    for _ in range(rng.below(MOVES_AT_MOST + 1)):
        moves = [(kind, i) for kind in BUILD_MOVES for i in RULES.actions[kind].options(state, team.seat)]
        if not moves:
            return
        kind, intent = moves[rng.below(len(moves))]
        RULES.actions[kind].apply(state, team.seat, intent)


def _lay_again(state: NtState, seat: str, rng: Rng) -> None:
    """Another Team's hidden Mine tokens moved to random squares free of models and tokens."""
    hidden = [mine for mine in state.mines if mine.owner != seat]
    if not hidden:
        return
    taken = {m.cell for m in board.present(state) if m.cell is not None}
    taken |= {mine.cell for mine in state.mines if mine.owner == seat}
    grid = board.grid(state)
    floor = [c.label for c in grid.cells() if grid.area_of(c) is not None]
    free = rng.shuffled(sorted(c for c in floor if c not in taken))
    for mine in hidden:
        if free:
            mine.cell = free.pop()
