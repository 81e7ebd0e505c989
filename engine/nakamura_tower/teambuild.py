"""Set-up at the table: each Team picks its characters, buys their gear with the Team Budget and names its
Team Leader, in the Faction choice order; the Teams are revealed and placed together at the end.

RB Team Selection: "the Team consists of five members. In addition, the Player may replace one or two Team
members with special characters available." RB Team Budget: "You gather +3 points of Team Budget for every
member of the Team"; "Commercial - 1 point; Military - 2 points; Black Market - 4 points"; "Characters can
always have specific equipment from a higher Availability Level when it is their starting equipment". RB:
"The total Cybershock level of a character at the start of the game cannot be higher than nine. Revise the
assignments of the additional gear if required". RB: "The Player should choose one of the characters to be
the Team Leader."

Ruling S5: a Team's draft starts as the mission's suggested Team and is always legal, so the building
turn's default (and its deadline) simply keeps it. A Team's picks stay private to its seat until every Team
is ready (the rulebook fixes the order of the Factions, not that a later Team may copy an earlier one's
purchases); the other seats only see that the Team is building.
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.args import word

from .factions import NAMES
from .intents import made
from .loading import pack
from .naming import plural
from .pack import LEVEL, Character, Equipment, Pack
from .packcheck import extras, fits_one_more, loadout_cost, loadout_problem, skills_of
from .rules import RULES
from .setup import mission_of, place_teams
from .sharing import split_text
from .state import BuildStep, NtState, Recruit, RevealStep, TeamsStep, TeamState
from .stats import character_named, item_named
from .summed import Summed

SPECIALS_MAX = 2
"""RB: "the Player may replace one or two Team members with special characters"."""
BUILD_ACTIONS = ["recruit", "buy", "drop", "leader", "share", "ready"]
BUILDING = "Teams are built at the table, before the first turn"
"""When the building actions are possible (a refusal at another moment says so)."""


def budget(state: NtState) -> int:
    """RB: "+3 points of Team Budget for every member of the Team" (the mission may set another rate)."""
    mission = mission_of(state)
    return mission.budget * mission.team_size


def spent(team: TeamState) -> int:
    p = pack()
    return sum(loadout_cost(p, p.characters[r.character], r.equipment) for r in team.draft)


def left(state: NtState, team: TeamState) -> int:
    return budget(state) - spent(team)


def _recruit(team: TeamState, character: str) -> Recruit | None:
    return next((r for r in team.draft if r.character == character), None)


def _specials(team: TeamState) -> int:
    return sum(1 for r in team.draft if pack().characters[r.character].faction == "special")


def roster(team: TeamState) -> list[Character]:
    """The characters the Team may hire: its Faction's and the special characters (RB: "Special
    characters are characters that can be added to any Faction"; ruling S5: every Team has its own copy)."""
    return [c for c in pack().characters.values() if c.faction in (team.faction, "special")]


@RULES.step("teams")
def teams(state: NtState, step: TeamsStep) -> list[Event]:
    if state.opts.quick_start:
        return []
    order = state.choosers or list(state.sides)
    state.now(*(BuildStep(seat=s) for s in order), RevealStep())
    return []


@RULES.step("build")
def build_turn(state: NtState, step: BuildStep) -> list[Event]:
    team = state.teams[step.seat]
    RULES.turn(
        state,
        step.seat,
        "build",
        f"Build your Team: {len(team.draft)} characters, gear from a budget of {budget(state)} points, "
        "and a Team Leader.",
        BUILD_ACTIONS,
        default=Intent.of("ready"),
        pace="long",
        public=f"{step.seat} builds a Team ({NAMES.get(team.faction, team.faction)}): {len(team.draft)} "
        f"characters, gear from a budget of {budget(state)} points, and a Team Leader.",
    )
    return [public("building", f"{step.seat} builds the {NAMES.get(team.faction, team.faction)} Team.")]


@RULES.step("reveal")
def reveal(state: NtState, step: RevealStep) -> list[Event]:
    lines = {seat: _summary(team) + split_text(state, seat) for seat, team in state.teams.items()}
    place_teams(state)
    return [public("team", f"{seat}'s Team: {text}") for seat, text in lines.items()]


def _summary(team: TeamState) -> str:
    parts = []
    for r in team.draft:
        gear = ", ".join(pack().equipment[e].name for e in r.equipment) or "no gear"
        lead = " (Team Leader)" if r.character == team.draft_leader else ""
        parts.append(f"{pack().characters[r.character].name}{lead}: {gear}")
    return "; ".join(parts) + "."


def _name(character: str) -> str:
    found = pack().characters.get(character)
    return found.name if found else "someone"


def _item(item: str) -> str:
    found = pack().equipment.get(item)
    return found.name if found else "an item"


@RULES.action
class Hire(Summed, Action[NtState]):
    """Replace a member with another character of the Faction or a special character."""

    kind = "recruit"
    summed_by = "out"
    summary = "Swap a character"
    args = (word("out", character_named), word("hire", character_named))
    when = BUILDING

    def options(self, state: NtState, seat: str) -> list[Intent]:
        team = state.teams[seat]
        drafted = {r.character for r in team.draft}
        hires = [c for c in roster(team) if c.id not in drafted]  # the roster and the specials read once
        specials = _specials(team)
        out = []
        for member in team.draft:
            leaving = 1 if pack().characters[member.character].faction == "special" else 0
            out += [
                made("recruit", out=member.character, hire=c.id)
                for c in hires
                if specials - leaving + (1 if c.faction == "special" else 0) <= SPECIALS_MAX
            ]
        return out

    def refusal(self, state: NtState, seat: str, intent: Intent) -> str | None:
        team = state.teams[seat]
        hire = pack().characters.get(str(intent.get("hire")))
        if _recruit(team, str(intent.get("out"))) is None:
            return f"{_name(str(intent.get('out')))} is not in your Team."
        if hire is None or hire.faction not in (team.faction, "special"):
            return "Only your Faction's characters and the special characters can be hired."
        if _recruit(team, hire.id) is not None:
            return f"{hire.name} is already in your Team."
        return f"At most {SPECIALS_MAX} special characters may join a Team."

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        team = state.teams[seat]
        member = _recruit(team, str(intent.get("out")))
        assert member is not None
        hire = pack().characters[str(intent.get("hire"))]
        if team.draft_leader == member.character:
            team.draft_leader = hire.id
        member.character, member.equipment = hire.id, list(hire.starting)
        return [private(seat, "recruit", f"{hire.name} joins the Team. {_left_text(state, team)}")]

    def label(self, state: NtState, intent: Intent) -> str:
        return f"Hire {_name(str(intent.get('hire')))} in place of {_name(str(intent.get('out')))}"


def _left_text(state: NtState, team: TeamState) -> str:
    return f"Team Budget left: {left(state, team)} of {budget(state)}."


def _buy_problem(state: NtState, team: TeamState, who: str, item: Equipment, points: int) -> str | None:
    """Why ``who`` may not get ``item`` now, with ``points`` of the Team Budget left; None when it may."""
    member = _recruit(team, who)
    if member is None:
        return f"{_name(who)} is not in your Team."
    level = mission_of(state).availability
    if LEVEL[item.availability] > LEVEL[level]:
        allowed = level.replace("_", " ")
        return f"{item.name} is {item.availability.replace('_', ' ')}: this mission allows up to {allowed}."
    if item.cost > points:
        return f"{item.name} costs {plural(item.cost, 'point')}; the Team Budget has {points} left."
    problem = _carry_problem(team, member, item)
    return f"{pack().characters[who].name} cannot carry it: {problem}." if problem else None


def _carry_problem(team: TeamState, member: Recruit, item: Equipment) -> str | None:
    """Why ``member`` could not carry its gear and ``item`` (None: it could)."""
    p = pack()
    items = [p.equipment[e] for e in member.equipment] + [item]
    return loadout_problem(items, skills_of(p.characters[member.character], team.faction))


def _buyable(state: NtState, team: TeamState, points: int) -> list[Intent]:
    """Every purchase :func:`_buy_problem` allows, in draft then pack order, judged without writing the
    refusals: what each member could carry at the mission's level (:func:`_menu`), then the Budget."""
    level = LEVEL[mission_of(state).availability]
    out: list[Intent] = []
    for r in team.draft:
        member = _recruit(team, r.character)
        assert member is not None  # r itself, or an earlier recruit of the same character
        skills = skills_of(pack().characters[member.character], team.faction)
        menu = _menu(member.character, tuple(member.equipment), skills, level)
        out += [buy for cost, buy in menu if cost <= points]
    return out


MENUS_KEPT = 4096
"""How many members' purchase menus :func:`_menu` keeps (a Team's building moves revisit a few loadouts)."""
_MENUS: dict[tuple[str, tuple[str, ...], str, int], tuple[Pack, tuple[tuple[int, Intent], ...]]] = {}


def _menu(
    character: str, equipment: tuple[str, ...], skills: str, level: int
) -> tuple[tuple[int, Intent], ...]:
    """The items at or below the Availability ``level`` that the member (``character`` with its
    ``equipment``, using ``skills``' Special Skills) could carry one more of, in pack order, each as its
    cost and its purchase: found once per loadout of the pack in use (a building move changes one member's
    loadout, or only the Budget; a pack read again, as a test does, finds its own)."""
    p, key = pack(), (character, equipment, skills, level)
    kept = _MENUS.get(key)
    if kept is not None and kept[0] is p:
        return kept[1]
    fits = fits_one_more([p.equipment[e] for e in equipment], skills)
    menu = tuple(
        (e.cost, made("buy", who=character, item=e.id))
        for e in p.equipment.values()
        if LEVEL[e.availability] <= level and fits(e)
    )
    if len(_MENUS) >= MENUS_KEPT:
        _MENUS.clear()
    _MENUS[key] = (p, menu)
    return menu


def _change_gear(state: NtState, seat: str, intent: Intent, verb: str) -> list[Event]:
    """A checked ``buy`` (the item added) or ``drop`` (taken away), told to the Team alone."""
    team = state.teams[seat]
    member = _recruit(team, str(intent.get("who")))
    assert member is not None
    item = str(intent.get("item"))
    if intent.kind == "buy":
        member.equipment.append(item)
    else:
        member.equipment.remove(item)
    text = f"{_name(member.character)} {verb} {_item(item)}. {_left_text(state, team)}"
    return [private(seat, intent.kind, text)]


@RULES.action
class Buy(Summed, Action[NtState]):
    kind = "buy"
    summed_by = "item"
    summary = "Buy gear with the Team Budget"
    args = (word("who", character_named), word("item", item_named))
    when = BUILDING

    def options(self, state: NtState, seat: str) -> list[Intent]:
        team = state.teams[seat]
        points = left(state, team)
        return _buyable(state, team, points)

    def refusal(self, state: NtState, seat: str, intent: Intent) -> str | None:
        item = pack().equipment.get(str(intent.get("item")))
        if item is None:
            return "There is no such item."
        team = state.teams[seat]
        return _buy_problem(state, team, str(intent.get("who")), item, left(state, team))

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        return _change_gear(state, seat, intent, "gets")

    def label(self, state: NtState, intent: Intent) -> str:
        item = pack().equipment.get(str(intent.get("item")))
        price = f" ({plural(item.cost, 'pt')})" if item else ""
        return f"Buy {_item(str(intent.get('item')))}{price} for {_name(str(intent.get('who')))}"


@RULES.action
class Drop(Summed, Action[NtState]):
    """Give up an item: a bought one is refunded, Starting Equipment is not (house)."""

    kind = "drop"
    summed_by = "item"
    summary = "Give up an item"
    args = (word("who", character_named), word("item", item_named))
    when = BUILDING

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [
            made("drop", who=r.character, item=e)
            for r in state.teams[seat].draft
            for e in dict.fromkeys(r.equipment)
        ]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        return _change_gear(state, seat, intent, "gives up")

    def label(self, state: NtState, intent: Intent) -> str:
        return f"Take {_item(str(intent.get('item')))} from {_name(str(intent.get('who')))}"


@RULES.action
class Leader(Action[NtState]):
    kind = "leader"
    summary = "Choose the Team Leader"
    args = (word("who", character_named),)
    when = BUILDING

    def options(self, state: NtState, seat: str) -> list[Intent]:
        team = state.teams[seat]
        return [made("leader", who=r.character) for r in team.draft if r.character != team.draft_leader]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        team = state.teams[seat]
        team.draft_leader = str(intent.get("who"))
        return [private(seat, "leader", f"{_name(team.draft_leader)} will lead the Team.")]

    def label(self, state: NtState, intent: Intent) -> str:
        return f"Make {_name(str(intent.get('who')))} the Team Leader"


@RULES.action
class Ready(Action[NtState]):
    kind = "ready"
    family = "end"
    summary = "The Team is ready"
    args = ()
    when = BUILDING

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [Intent.of("ready")]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        return [public("ready", f"{seat}'s Team is ready.")]

    def label(self, state: NtState, intent: Intent) -> str:
        return "The Team is ready"


def bought(team: TeamState) -> dict[str, list[str]]:
    """Each drafted character's items paid from the Team Budget (for the private view)."""
    return {r.character: extras(pack().characters[r.character], r.equipment) for r in team.draft}
