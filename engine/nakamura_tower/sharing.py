"""The shared Faction: three players, two of them playing one Team (option ``three_players: shared``).

RB: "It is possible to play with three Players in two ways. The simplest is that one Faction is controlled
by two Players, having agreed which characters each Player is to control." The Team stays one Team, keyed
by its first seat (its hand, SR, plans, score); the partner seat plays some of its characters (ruling H1):
in the Real World both partners are asked for their own characters, each character's reactions go to the
seat that plays it, and every Team-level decision stays with the Team's first seat (ruling H2).

The rules ask the Team's first seat; :func:`answered_by` names the partners who answer its Real World
activation (the game's ``answered_by`` hook) and :func:`may_send` what each may send (``may_send``): an intent
naming a character belongs to the seat that plays it, ``end`` to the first seat and ``end:by=<partner>`` to
the partner, so an intent says itself whose it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Intent, private
from engine.core.actions import Action
from engine.core.args import word
from engine.core.frame import Frame

from .loading import pack
from .rules import RULES
from .state import Model, NtState, TeamState
from .stats import character_named

ACTIVATION = "activate"
"""The topic of a Team's activation in the Real World phase (the only question a partner answers)."""


def team_seat(state: NtState, seat: str) -> str:
    """The seat a Team is keyed by, for ``seat`` (itself unless it is a shared Team's partner)."""
    return state.partners.get(seat, seat)


def partner_of(state: NtState, seat: str) -> str | None:
    return next((p for p, t in state.partners.items() if t == seat), None)


def controller_of(state: NtState, model: Model) -> str:
    """The seat that plays ``model``: its Team's seat, or the partner for the places the Team gave it
    (ruling H1's default: the 2nd and 4th characters, ``a2`` and ``a4``)."""
    partner = partner_of(state, model.team)
    if partner is None or model.kind != "character":
        return model.team
    return partner if int(model.id[1:]) - 1 in state.teams[model.team].partner_plays else model.team


def answered_by(state: NtState, frame: Frame, seat: str) -> Sequence[str] | None:
    """Who answers a shared Team's Real World activation (the frame asks its first seat ``seat``): see
    :func:`routed`. None for every other question: reactions are asked of the seat that plays the reacting
    character, and every Team-level decision stays with the first seat."""
    if frame.topic != ACTIVATION or partner_of(state, seat) is None:
        return None
    return routed(state, seat)


def may_send(state: NtState, seat: str, sender: str, intent: Intent) -> str | None:
    """Why ``sender`` may not send ``intent`` in the activation of ``seat``'s shared Team (None: it may)."""
    if owns(state, sender, intent):
        return None
    if intent.kind == "end":
        return "Each partner ends the activations of the characters they play themselves"
    return "That character is played by your partner in the shared Team"


def owns(state: NtState, seat: str, intent: Intent) -> bool:
    """Whether ``seat`` may send ``intent`` in its shared Team's activation: an intent naming a character
    belongs to the seat that plays it (and one naming none, while a character is under way, to that
    character's player); ``end`` to the Team's first seat, ``end:by=<partner>`` to the partner; one naming
    nothing else (a door) to either partner."""
    if intent.kind == "end":
        by = intent.get("by")
        return by == seat if by is not None else seat not in state.partners
    unit = intent.get("unit")
    model = state.models.get(str(unit)) if unit is not None else None
    if model is None and state.current is not None:
        model = state.models[state.current]
    return model is None or controller_of(state, model) == seat


def routed(state: NtState, team: str) -> list[str]:
    """Who is asked in a shared Team's activation: the player of the character under way, else each
    partner with something of its own to do (RB: "each Team member completing all of their actions before
    activating another Team member")."""
    if state.current is not None:
        return [controller_of(state, state.models[state.current])]
    partner = partner_of(state, team)
    seats = [team] + ([partner] if partner is not None else [])
    waiting = [
        m
        for m in state.models.values()
        if m.team == team and m.kind == "character" and m.able and not m.activated and m.ap > 0
    ]
    return [s for s in seats if any(controller_of(state, m) == s for m in waiting)] or [team]


def rank(state: NtState, groups: list[list[str]]) -> list[list[str]]:
    """A ranking of Team seats with each shared Team's partner placed beside its first seat."""
    return [[s for t in group for s in [t, partner_of(state, t)] if s is not None] for group in groups]


def share_problem(team: TeamState, place: int) -> str | None:
    """Why the character at ``place`` cannot change hands (each partner keeps at least one character)."""
    plays = set(team.partner_plays) ^ {place}
    if not plays:
        return "Your partner must play at least one character."
    if len(plays) == len(team.draft):
        return "You must play at least one character yourself."
    return None


@RULES.action
class Share(Action[NtState]):
    """Ruling H1 (RB: "having agreed which characters each Player is to control"): while the shared Team
    is built, its first seat hands a character to its partner or takes one back."""

    kind = "share"
    summary = "Change which partner plays a character"
    args = (word("who", character_named),)
    when = "A shared Team's characters are split between its players while it is built, before the first turn"

    def options(self, state: NtState, seat: str) -> list[Intent]:
        team = state.teams[seat]
        if partner_of(state, seat) is None:
            return []
        return [
            Intent.of("share", who=r.character)
            for n, r in enumerate(team.draft)
            if share_problem(team, n) is None
        ]

    def refusal(self, state: NtState, seat: str, intent: Intent) -> str | None:
        team = state.teams[seat]
        place = _place(team, str(intent.get("who")))
        if partner_of(state, seat) is None:
            return "Only a shared Team splits its characters between two players."
        if place is None:
            return "That character is not in your Team."
        return share_problem(team, place)

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        team = state.teams[seat]
        place = _place(team, str(intent.get("who")))
        assert place is not None  # checked by refusal
        team.partner_plays = sorted(set(team.partner_plays) ^ {place})
        who = partner_of(state, seat) if place in team.partner_plays else seat
        name = pack().characters[team.draft[place].character].name
        return [private(s, "share", f"{who} will play {name}.") for s in _both(state, seat)]

    def label(self, state: NtState, intent: Intent) -> str:
        found = pack().characters.get(str(intent.get("who")))
        return f"Change who plays {found.name if found else 'a character'}"


def _place(team: TeamState, character: str) -> int | None:
    return next((n for n, r in enumerate(team.draft) if r.character == character), None)


def _both(state: NtState, seat: str) -> list[str]:
    partner = partner_of(state, seat)
    return [seat] + ([partner] if partner is not None else [])


def split_text(state: NtState, seat: str) -> str:
    """The public line of who plays what in ``seat``'s shared Team ("" for a Team of one player)."""
    partner = partner_of(state, seat)
    if partner is None:
        return ""
    team = state.teams[seat]
    names = [pack().characters[r.character].name for n, r in enumerate(team.draft) if n in team.partner_plays]
    return f" {partner} plays {', '.join(names)}."
