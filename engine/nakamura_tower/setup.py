"""Set-up from a mission (rules-notes 3): the board and its doors ("Unless specified in the mission all
doors start off closed but not locked"), Terminals, the Teams with their loadouts and starting Cybershock,
the drones already in the tower, and the shuffled CanDo, Cyberwarfare and AI decks."""

from __future__ import annotations

from engine.core import Rng
from engine.core.deck import Deck

from .loading import pack
from .pack import Mission
from .packcheck import starting_cybershock
from .state import Door, FactionStep, Model, NtOptions, NtState, TeamState, TerminalState, TurnStep

LETTERS = "abc"


def build(game_id: str, seats: list[str], rng: Rng, options: NtOptions) -> NtState:
    p = pack()
    mission = p.mission_for(len(seats))
    teams: dict[str, TeamState] = {}
    models: dict[str, Model] = {}
    for i, (seat, team) in enumerate(zip(seats, mission.teams, strict=True)):
        letter = LETTERS[i]
        teams[seat] = TeamState(
            seat=seat,
            faction=team.faction,
            letter=letter,
            deck=Deck.shuffled(p.cw_deck(team.faction, options.sniffers), rng),
        )
        for n, (member, cell) in enumerate(zip(team.members, team.start, strict=True), start=1):
            items = [p.equipment[e] for e in member.equipment]
            models[f"{letter}{n}"] = Model(
                id=f"{letter}{n}",
                kind="character",
                card=member.character,
                team=seat,
                cell=cell,
                equipment=list(member.equipment),
                cybershock=starting_cybershock(items, team.faction),
            )
    state = NtState(
        game=game_id,
        seats=seats,
        rng=rng,
        opts=options,
        mission=mission.id,
        turns=options.turns or mission.turns,
        teams=teams,
        models=models,
        cando=Deck.shuffled(p.cando_deck(), rng),
        ai_deck=Deck.shuffled(p.cw_deck("ai"), rng),
        doors={d.edge.label: Door(edge=d.edge.label) for d in p.maps[mission.map].doors},
        terminals={t.id: TerminalState(id=t.id) for t in mission.terminals},
        objectives=list(mission.objectives),
        steps=[FactionStep(), TurnStep()],
    )
    for cell in mission.drones:
        add_drone(state, cell)
    return state


def add_drone(state: NtState, cell: str) -> Model:
    state.drones_made += 1
    ident = f"d{state.drones_made}"
    kind = next(iter(pack().drones))
    state.models[ident] = Model(id=ident, kind="drone", card=kind, team="ai", cell=cell)
    return state.models[ident]


def mission_of(state: NtState) -> Mission:
    return pack().missions[state.mission]
