"""Set-up from a mission (rules-notes 3): the board and its doors ("Unless specified in the mission all
doors start off closed but not locked"), Terminals, the Teams, the drones already in the tower, and the
shuffled CanDo, Cyberwarfare and AI decks.

Each Team starts from the loadout the mission suggests; it is built at the table (:mod:`.teambuild`) after
the Factions are chosen, unless the table plays ``quick_start``, when the mission's Teams are placed at once.
"""

from __future__ import annotations

from engine.core import Rng
from engine.core.deck import Deck

from .loading import pack
from .pack import Mission
from .packcheck import skills_of, starting_cybershock
from .state import (
    Door,
    FactionStep,
    Model,
    NtOptions,
    NtState,
    Recruit,
    TeamsStep,
    TeamState,
    TerminalState,
    TurnStep,
)

LETTERS = "abc"


def build(game_id: str, seats: list[str], rng: Rng, options: NtOptions) -> NtState:
    p = pack()
    shared = options.three_players == "shared" and len(seats) == 3
    sides = seats[:2] if shared else seats
    mission = p.mission_for(len(sides))
    teams: dict[str, TeamState] = {}
    for i, (seat, team) in enumerate(zip(sides, mission.teams, strict=True)):
        teams[seat] = TeamState(
            seat=seat,
            faction=team.faction,
            letter=LETTERS[i],
            deck=Deck.shuffled(p.cw_deck(team.faction, options.sniffers, options.blank_cards), rng),
            draft=[Recruit(character=m.character, equipment=list(m.equipment)) for m in team.members],
            draft_leader=team.members[0].character,
            partner_plays=[1, 3] if shared else [],
        )
    state = NtState(
        game=game_id,
        seats=seats,
        rng=rng,
        opts=options,
        mission=mission.id,
        turns=options.turns or mission.turns,
        teams=teams,
        models={},
        cando=Deck.shuffled(p.cando_deck(), rng),
        ai_deck=Deck.shuffled(p.cw_deck("ai"), rng),
        doors={d.edge.label: Door(edge=d.edge.label) for d in p.maps[mission.map].doors},
        terminals={t.id: TerminalState(id=t.id) for t in mission.terminals},
        objectives=list(mission.objectives),
        steps=[FactionStep(), TeamsStep(), TurnStep()],
        partners={seats[2]: seats[0]} if shared else {},
    )
    if options.quick_start:
        place_teams(state)
    for cell in mission.drones:
        add_drone(state, cell)
    return state


def place_teams(state: NtState) -> None:
    """Every Team's drafted characters become models on their Faction's start squares, ahead of the AI's
    models (so the order of the models is the same whether the Teams were built or quick-started)."""
    mission = mission_of(state)
    models: dict[str, Model] = {}
    for seat, team in sorted(state.teams.items(), key=lambda kv: kv[1].letter):
        start = next(t.start for t in mission.teams if t.faction == team.faction)
        for n, (recruit, cell) in enumerate(zip(team.draft, start, strict=True), start=1):
            character = pack().characters[recruit.character]
            items = [pack().equipment[e] for e in recruit.equipment]
            ident = f"{team.letter}{n}"
            models[ident] = Model(
                id=ident,
                kind="character",
                card=recruit.character,
                team=seat,
                cell=cell,
                equipment=list(recruit.equipment),
                cybershock=starting_cybershock(items, skills_of(character, team.faction)),
            )
            if recruit.character == team.draft_leader:
                team.leader = ident
        team.draft, team.draft_leader = [], ""
    state.models = {**models, **{k: m for k, m in state.models.items() if m.kind != "character"}}


def add_drone(state: NtState, cell: str) -> Model:
    state.drones_made += 1
    ident = f"d{state.drones_made}"
    kind = next(iter(pack().drones))
    state.models[ident] = Model(id=ident, kind="drone", card=kind, team="ai", cell=cell)
    return state.models[ident]


def mission_of(state: NtState) -> Mission:
    return pack().missions[state.mission]
