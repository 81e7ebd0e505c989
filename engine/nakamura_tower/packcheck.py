"""The checks across a Nakamura Tower pack's files: the CanDo deck's size, and each mission's board cells,
teams, loadouts and Team Budget, each refusal naming the file, the record and the field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from engine.core.errors import DataError

from .pack import LEVEL, Character, Equipment, Member, Mission, Pack, cell_ok

CANDO_CARDS = 40
"""RB Contents List: "40 x CanDo cards"."""
SLOTS = 4
"""RB: equipment slots, "normally 4" (one card per slot)."""
NEUROCHIPS = 2
"""RB: "all characters are only allowed two Neurochips each"."""
CYBERSHOCK_START_MAX = 9
"""RB: the starting Cybershock Level "cannot be higher than nine"."""


def check_pack(folder: Path, pack: Pack) -> None:
    total = sum(v.count for v in pack.cando)
    if total != CANDO_CARDS or sorted(v.value for v in pack.cando) != list(range(1, 11)):
        raise DataError(
            f"{folder / 'cando.json'}: field 'values': the deck needs each value 1-10 and "
            f"{CANDO_CARDS} cards in all (it has {total})"
        )
    for drone in pack.drones.values():
        if drone.weapon not in pack.equipment:
            raise DataError(
                f"{folder / 'drones.json'}: record '{drone.id}', field 'weapon': "
                f"'{drone.weapon}' is not an equipment record"
            )
    if not pack.cw_deck("ai"):
        raise DataError(
            f"{folder / 'cyberwarfare.json'}: field 'cards': no Nakamura Defence System (ai) cards"
        )
    for character in pack.characters.values():
        for name in character.starting:
            if name not in pack.equipment:
                raise DataError(
                    f"{folder / 'characters.json'}: record '{character.id}', field 'starting': "
                    f"'{name}' is not an equipment record"
                )
    for mission in pack.missions.values():
        _mission(folder / "missions.json", pack, mission)


def _mission(path: Path, pack: Pack, mission: Mission) -> None:
    where = f"{path}: record '{mission.id}'"
    spec = pack.maps[mission.map]

    def cells(field: str, labels: tuple[str, ...]) -> None:
        for label in labels:
            if not cell_ok(spec, label):
                raise DataError(
                    f"{where}, field '{field}': '{label}' is not a free square of map '{mission.map}'"
                )

    if not mission.entry_points:
        raise DataError(f"{where}, field 'entry_points': the drones need at least one Drone Entry Point")
    cells("entry_points", mission.entry_points)
    cells("drones", mission.drones)
    cells("objectives", mission.objectives)
    cells("exits", mission.exits)
    cells("terminals", tuple(t.cell for t in mission.terminals))
    areas = {a.id for a in spec.areas}
    for area in mission.tac:
        if area not in areas:
            raise DataError(f"{where}, field 'tac': '{area}' is not an area of map '{mission.map}'")
    if len(mission.teams) != mission.seats:
        raise DataError(f"{where}, field 'teams': {len(mission.teams)} teams for {mission.seats} seats")
    for t, team in enumerate(mission.teams):
        field = f"teams.{t}"
        cells(f"{field}.start", team.start)
        if len(team.members) != mission.team_size or len(team.start) != len(team.members):
            raise DataError(
                f"{where}, field '{field}.members': a Team of {mission.team_size} needs as many "
                "members and start squares"
            )
        if not pack.cw_deck(team.faction):
            raise DataError(f"{where}, field '{field}.faction': no Cyberwarfare deck for '{team.faction}'")
        spent = sum(
            _member(pack, mission, team.faction, m, f"{where}, field '{field}.members.{i}")
            for i, m in enumerate(team.members)
        )
        if spent > mission.budget * len(team.members):
            raise DataError(
                f"{where}, field '{field}.members': the loadouts cost {spent}, over the Team "
                f"Budget of {mission.budget * len(team.members)}"
            )


def _member(pack: Pack, mission: Mission, faction: str, member: Member, where: str) -> int:
    """Check one member's card and loadout; returns its cost in Team Budget points."""

    if member.character not in pack.characters:
        raise DataError(f"{where}.character': '{member.character}' is not a character of the pack")
    character = pack.characters[member.character]
    if character.faction not in (faction, "special"):
        raise DataError(f"{where}.character': '{member.character}' is not of the faction '{faction}'")
    for name in (*member.equipment, *character.starting):
        if name not in pack.equipment:
            raise DataError(f"{where}.equipment': '{name}' is not an equipment record")
    items = [pack.equipment[name] for name in member.equipment]
    for item in [pack.equipment[name] for name in extras(character, list(member.equipment))]:
        if LEVEL[item.availability] > LEVEL[mission.availability]:
            raise DataError(
                f"{where}.equipment': '{item.id}' is {item.availability}, above the mission's "
                f"Availability Level ({mission.availability})"
            )
    problem = loadout_problem(items, skills_of(character, faction))
    if problem:
        raise DataError(f"{where}.equipment': {problem}")
    return loadout_cost(pack, character, list(member.equipment))


def extras(character: Character, equipment: list[str]) -> list[str]:
    """The items beyond the card's Starting Equipment: the ones bought with the Team Budget (RB: "Characters
    can always have specific equipment from a higher Availability Level when it is their starting
    equipment")."""
    return list((Counter(equipment) - Counter(character.starting)).elements())


def loadout_cost(pack: Pack, character: Character, equipment: list[str]) -> int:
    """What the items beyond the Starting Equipment cost (:func:`extras`, summed without listing them: a
    Team's Budget left is asked at every building move)."""
    free, total = list(character.starting), 0
    for e in equipment:
        if e in free:
            free.remove(e)
        else:
            total += pack.equipment[e].cost
    return total


def skills_of(character: Character, faction: str) -> str:
    """The Faction whose Special Skills the character uses: none for a special character hired by another
    Faction (RB: "Special characters that were added to a Faction other than their own cannot use Faction
    Special Skills")."""
    return faction if character.faction == faction else ""


def loadout_problem(items: list[Equipment], faction: str) -> str | None:
    """Why a loadout breaks the slot, face-up, neurochip or Cybershock limits; None when it is legal."""
    problem = fit_problem(items)
    if problem:
        return problem
    shock = starting_cybershock(items, faction)
    if shock > CYBERSHOCK_START_MAX:
        return f"starting Cybershock {shock} is over {CYBERSHOCK_START_MAX}: revise the assignments"
    return None


def fit_problem(items: list[Equipment]) -> str | None:
    """Why the cards do not fit one character's slots (slots, face-up weapons, Neurochips, one of each
    kind of cyberware); None when they do."""
    chips = [i for i in items if i.kind == "neurochip"]
    cards = [i for i in items if i.kind != "neurochip"]
    if len(cards) > SLOTS:
        return f"{len(cards)} cards for {SLOTS} equipment slots"
    if len(chips) > NEUROCHIPS:
        return f"{len(chips)} Neurochips (at most {NEUROCHIPS})"
    # counted by hand, not by Counter: every (member, item) pair of the Team's menu is judged here
    if sum(1 for i in cards if i.kind == "ranged") > 1 or sum(1 for i in cards if i.kind == "close") > 1:
        return "at most one Ranged and one Close Combat weapon may be face up"
    slots: dict[str, int] = {}
    for i in cards:
        if i.slot:
            slots[i.slot] = slots.get(i.slot, 0) + 1
    doubled = [s for s, n in slots.items() if n > 1]
    if doubled:
        return f"only one {doubled[0]} may be carried"
    return None


def slots_one_more(items: list[Equipment]) -> Callable[[Equipment], bool]:
    """Whether ``items`` and one more card fit one character's slots (:func:`fit_problem` finds nothing),
    for many candidates: the loadout's counts are summed once, and each candidate adds to them (a Team's
    menu of purchases judges every item of the pack for every member)."""
    cards = [i for i in items if i.kind != "neurochip"]
    chips = len(items) - len(cards)
    ranged = sum(1 for i in cards if i.kind == "ranged")
    close = sum(1 for i in cards if i.kind == "close")
    slots: dict[str, int] = {}
    for i in cards:
        if i.slot:
            slots[i.slot] = slots.get(i.slot, 0) + 1
    doubled = any(n > 1 for n in slots.values())

    def fits(item: Equipment) -> bool:
        if item.kind == "neurochip":
            return not (len(cards) > SLOTS or chips + 1 > NEUROCHIPS or ranged > 1 or close > 1 or doubled)
        if len(cards) + 1 > SLOTS or chips > NEUROCHIPS or doubled:
            return False
        if ranged + (item.kind == "ranged") > 1 or close + (item.kind == "close") > 1:
            return False
        return not (item.slot and slots.get(item.slot, 0) > 0)

    return fits


def fits_one_more(items: list[Equipment], faction: str) -> Callable[[Equipment], bool]:
    """Whether ``items`` and one more item make a legal loadout (:func:`loadout_problem` finds none), for
    many candidates: :func:`slots_one_more`, and the starting Cybershock summed once."""
    fits_slots = slots_one_more(items)
    shock = sum(i.cybershock for i in items if i.kind != "neurochip")

    def fits(item: Equipment) -> bool:
        total = shock + (item.cybershock if item.kind != "neurochip" else 0)
        in_limit = (max(0, total - 1) if faction == "uebermensch" else total) <= CYBERSHOCK_START_MAX
        return in_limit and fits_slots(item)

    return fits


def starting_cybershock(items: list[Equipment], faction: str) -> int:
    """RB: "The Cybershock Level equals the sum of all Cybershock symbols on their gear cards"; Neurochips
    "do not increase the starting Cybershock level"; the Übermensch Faction skill reduces it by 1."""
    total = sum(i.cybershock for i in items if i.kind != "neurochip")
    return max(0, total - 1) if faction == "uebermensch" else total
