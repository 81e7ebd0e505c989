"""Nakamura Tower's table options, steps and state.

Models (characters and drones) have short ids: a Team's characters are ``a1``..``a5`` (first seat),
``b1``.. (second), ``c1``.. (third); drones are ``d1``, ``d2``... Cells and door edges are kept as labels
("D7", "E3-F3") so a snapshot reads plainly. A Team's hand of Cyberwarfare cards is private; everything in
the Real World is public (rules-notes 6: "Nothing in the Real World is hidden").
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.deck import Deck
from engine.core.flow import Step
from engine.core.flowgame import FlowState

Status = Literal["ok", "unconscious", "escaped", "destroyed"]
DoorState = Literal["closed", "open", "locked"]


class NtOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    turns: int = Field(0, ge=0, le=12, description="Turn limit; 0 keeps the mission's")
    security_boost: int = Field(
        0, ge=0, le=2, description="Increased difficulty: raise the Security Protocol by this many drones"
    )
    hard_terminals: bool = Field(False, description="Increased difficulty: Terminal base defence +1 CW card")
    forcing_doors: bool = Field(
        False, description="Advanced: force locked doors (1 AP, cyberarm or cyberlegs)"
    )
    drone_order: Literal["engine", "players"] = Field(
        "engine",
        description="players: the initiative "
        "winner picks the first AI model to activate, then "
        "each player in turn (RB); engine: by id",
    )
    intervening_models: bool = Field(
        False,
        description="Advanced: Intervening Models - three models block "
        "a Ranged Attack, one or two give -3 each and may take the missed shot",
    )
    hit_sides: bool = Field(
        False,
        description="Advanced: left and right hit locations (5 left arm, 6 right "
        "arm, 1/3 left leg, 2/4 right leg; mirrored for the left-handed)",
    )
    location_damage: bool = Field(
        False,
        description="Advanced: Hit Location Damage (cyberware disabled by 3+ "
        "wounds, limbs and head capped at 3, Neurochips lost to head hits)",
    )
    sniffers: bool = Field(
        False,
        description="Fly Eye sniffers in the Faction decks: before planning, each "
        "Hacker may pay 1 SR per card to see the face-down defence of the Terminal it attacks or cards of "
        "an enemy hand",
    )
    hard_hands: bool = Field(
        False, description="Increased difficulty: discard every card still in hand at Clean-Up"
    )
    faq_infection: bool = Field(
        False,
        description="FAQ optional rule: a successful infection wounds the "
        "Hacker once and raises its Cybershock by one",
    )
    cooperative: bool = Field(
        False,
        description="Cooperation (2-3 players): the Teams play together against the tower, pass through "
        "and see past each other, share the result, and a character attacking an ally takes a "
        "Cybershock test",
    )
    quick_start: bool = Field(
        False,
        description="Quick start: play the Teams and loadouts the mission suggests instead of "
        "picking characters and buying gear at the table",
    )
    faction_choice: Literal["cando", "least_experienced"] = Field(
        "cando",
        description="Who chooses a Faction first: cando, the higher CanDo card (RB); "
        "least_experienced, the RB alternative: the first seat (the least experienced player), "
        "then seat order",
    )
    blank_cards: bool = Field(
        False,
        description="Advanced: two blank bluff cards in each Faction deck; hands of 7; "
        "blanks are never discarded",
    )
    human_shield: bool = Field(
        False,
        description="Advanced, with Intervening Models: a character in the line of a Ranged Attack on a "
        "teammate may take the shot as a Human Shield (-6, or hit outright as the second model)",
    )
    three_players: Literal["third_faction", "shared"] = Field(
        "third_faction",
        description="With 3 players: third_faction, a third Team joins the mission (RB); shared, the "
        "third player shares the first player's Team, playing the characters it is given (RB); "
        "no effect with 1 or 2 players",
    )
    hidden_mines: bool = Field(
        False,
        description="House variant: Mine tokens are hidden from the other Teams until one goes off "
        "(the rulebook places them openly)",
    )


class Model(BaseModel):
    """A character or a drone on (or off) the board."""

    id: str
    kind: Literal["character", "drone"]
    card: str
    team: str
    """The seat that controls it, or ``ai`` (drones, and characters lost to Cyberpsychosis)."""
    cell: str | None
    status: Status = "ok"
    crippled: bool = False
    wounds: int = 0
    cybershock: int = 0
    equipment: list[str] = Field(default_factory=list)
    ap: int = 2
    activated: bool = False
    reacted: bool = False
    psychotic: bool = False
    standing: Literal["ask", "fire", "cover", "dodge"] = "ask"
    """The player's standing order for this model's reactions (public, ruling M7)."""
    stunned_until: int = 0
    """Stunned (it lies on its square, no actions, reactions or Dodge) until the Clean-Up of this turn
    number; 0: not stunned (FAQ: "has to fall and stay unconscious for one game turn", ruling G26)."""
    used: dict[str, int] = Field(default_factory=dict)
    """Uses spent of the limited-use card it carries, by equipment id (grenades, mines, First Aid)."""
    trail: list[str] = Field(default_factory=list)
    """The squares it has passed through in its activation (where it may place Mine tokens)."""
    dragging: str | None = None
    """The character it drags along with its next Move (RB: "Drag a character ... added to a Move")."""

    @property
    def active(self) -> bool:
        """On the board and in play (conscious, not escaped, not destroyed; perhaps stunned)."""
        return self.status == "ok" and self.cell is not None

    @property
    def present(self) -> bool:
        """On its square: standing, stunned, or lying unconscious (ruling M6: the unconscious stay on the
        board, filling their square); escaped and destroyed models have left it."""
        return self.cell is not None

    @property
    def lying(self) -> bool:
        """Unconscious on its square (RB: it "remains unconscious until the end of the Mission")."""
        return self.status == "unconscious" and self.cell is not None

    @property
    def stunned(self) -> bool:
        return self.stunned_until > 0

    @property
    def able(self) -> bool:
        """In play and not stunned: it may act and react."""
        return self.active and not self.stunned


class Slot(BaseModel):
    """A programme on a Tactical Network: the owner's own, or a hostile infection."""

    card: str
    owner: str
    face_down: bool = False
    """Played from the hand at Clean-Up: face down (only its owner knows it) until it is used or the end of
    the next Cyberwarfare phase (RB: "Face-down CW cards do not have to have any SRs placed on them until
    they are either used or the end of the CW Phase", ruling C22)."""


class Recruit(BaseModel):
    """A Team member picked at the table with its gear, before the Teams are revealed."""

    character: str
    equipment: list[str] = Field(default_factory=list)


class Mine(BaseModel):
    """A Mine token on the board (RB: "Place Mine tokens on any square that the model passes through")."""

    cell: str
    owner: str
    """The seat whose model placed it; that Team's models never set it off."""
    layer: str
    """The model that placed it (a knock-out it causes scores for that model's Team)."""
    item: str
    armed: bool = False
    """RB: "Mines become active in the next Player phase (of same turn) or AI Operations Phase"."""


class TeamState(BaseModel):
    seat: str
    faction: str
    letter: str
    deck: Deck
    draft: list[Recruit] = Field(default_factory=list)
    """The Team being built at the table: private to its seat until every Team is revealed."""
    draft_leader: str = ""
    """The character id chosen as Team Leader in the draft (private like the draft)."""
    leader: str | None = None
    """The Team Leader's model id, once revealed (RB: "The Player should choose one of the characters to be
    the Team Leader")."""
    hand: list[str] = Field(default_factory=list)
    tn: list[Slot] = Field(default_factory=list)
    sr: int = 0
    defence_sr: int = 2
    """The SR (0-2) the Team committed in its secret plan to boost each of its defences this turn (RB: "use
    SRs (a maximum of 2) to boost the total programme strengths", ruling C5)."""
    partner_plays: list[int] = Field(default_factory=list)
    """A shared Team (ruling H1): the places in the Team (0 = its first character) its partner seat plays;
    chosen while building (private like the draft), public once the Teams are revealed."""
    seen: list[str] = Field(default_factory=list)
    """What this Team's sniffers saw this turn (private to the Team; cleared at Clean-Up)."""
    score: int = 0
    secured: int = 0
    knockouts: int = 0
    escaped: int = 0


class TerminalState(BaseModel):
    id: str
    controller: str | None = None
    hacker: str | None = None
    """The character holding it (RB: a Hacker who falls unconscious "loses control of the Terminal")."""
    installed: list[str] = Field(default_factory=list)
    """Cards the controller put into the Terminal; a later attacker must beat them too (ruling G10)."""
    face_up: dict[str, list[str]] = Field(default_factory=dict)
    """AI defence cards left face up after a failed attack, by attacking seat."""
    face_down: dict[str, list[str]] = Field(default_factory=dict)
    """AI defence cards drawn face down this phase against a declared attack, by attacking seat (RB: "draw
    the appropriate number of Terminal defence Programme cards separately for each Faction"); hidden from
    every seat but a sniffer's."""


class Door(BaseModel):
    edge: str
    state: DoorState = "closed"
    locked: bool = False
    """Whether the door's resting state is locked (after the first Terminal takeover)."""
    forced: bool = False
    """RB Forcing Locked Doors: "A forced open door cannot be closed again"."""


class Mark(BaseModel):
    """The table as it stood when the last move began (a character's action, a door set, the AI Operations
    phase, the Cyberwarfare reveal), so the boards can mark what it changed (issue 31). Public facts only."""

    what: str = ""
    """What the move is, in words ("Harvey Scott's action", "the AI Operations phase"); empty: nothing yet."""
    cells: dict[str, str] = Field(default_factory=dict)
    """Each model's square then ("" off the board)."""
    health: dict[str, str] = Field(default_factory=dict)
    """Each model's wounds and state then ("2 ok", "0 crippled", "5 unconscious", "1 ok stunned")."""
    scores: dict[str, int] = Field(default_factory=dict)
    doors: dict[str, str] = Field(default_factory=dict)
    terminals: dict[str, str] = Field(default_factory=dict)
    """Each Terminal's holder then ("" none)."""
    mines: list[str] = Field(default_factory=list)
    objectives: list[str] = Field(default_factory=list)
    revealed: list[str] = Field(default_factory=list)
    """What the seats chose in secret, once revealed since ("Initiative bids: p1 5 SR, p2 9 SR.")."""


class FactionStep(Step):
    """Set-up: the players choose their Factions in the order of a CanDo draw."""

    op: Literal["factions"] = "factions"


class TeamsStep(Step):
    """Set-up: each Team is built at the table in the Faction choice order, then all are revealed."""

    op: Literal["teams"] = "teams"


class BuildStep(Step):
    """One Team's building turn: its characters, their gear and its Team Leader."""

    op: Literal["build"] = "build"
    seat: str


class RevealStep(Step):
    """Every Team built at the table is revealed and placed at once."""

    op: Literal["reveal"] = "reveal"


class TurnStep(Step):
    op: Literal["turn"] = "turn"


class InfectionStep(Step):
    """Phase 1: Virus/Worm Infection and Cybershock Test."""

    op: Literal["infection"] = "infection"


class ResourcesStep(Step):
    """Phase 2: Check System Resources."""

    op: Literal["resources"] = "resources"


class InitiativeStep(Step):
    """Phase 3: Initiative Determination."""

    op: Literal["initiative"] = "initiative"


class CyberwarfareStep(Step):
    """Phase 4: Cyberwarfare."""

    op: Literal["cyber"] = "cyber"


class RealWorldStep(Step):
    """Phase 5: the Real World (it queues one :class:`TeamStep` per Team)."""

    op: Literal["real"] = "real"


class AiStep(Step):
    """Phase 6: AI Operations."""

    op: Literal["ai"] = "ai"


class CleanUpStep(Step):
    """Phase 7: Clean-Up."""

    op: Literal["cleanup"] = "cleanup"


class TeamStep(Step):
    """A Team's activation in the Real World phase."""

    op: Literal["team"] = "team"
    seat: str


class DroneStep(Step):
    """One AI model's activation in the AI Operations phase, with its actions left."""

    op: Literal["drone"] = "drone"
    model: str
    actions: int = 2


class PickDroneStep(Step):
    """The next AI model to activate is picked by the players in turn (RB: "alternating between Players")."""

    op: Literal["pick_drone"] = "pick_drone"
    remaining: list[str]
    turn: int = 0


class AttackStep(Step):
    """An attack to begin (a drone's, queued so the reaction window can wait for the target)."""

    op: Literal["attack"] = "attack"
    attacker: str
    target: str


NtStep = Annotated[
    FactionStep
    | TeamsStep
    | BuildStep
    | RevealStep
    | TurnStep
    | InfectionStep
    | ResourcesStep
    | InitiativeStep
    | CyberwarfareStep
    | RealWorldStep
    | AiStep
    | CleanUpStep
    | TeamStep
    | DroneStep
    | PickDroneStep
    | AttackStep,
    Field(discriminator="op"),
]


class NtState(FlowState):
    format: int = 20
    """The snapshot format: bump it (and ``NakamuraGame.format``) whenever the state's shape changes."""
    steps: list[NtStep] = Field(default_factory=list)
    opts: NtOptions
    mission: str
    round: int = 0
    turns: int = 8
    phase: str = "setup"
    teams: dict[str, TeamState]
    models: dict[str, Model]
    drones_made: int = 0
    cando: Deck
    ai_deck: Deck
    doors: dict[str, Door]
    terminals: dict[str, TerminalState]
    locked_once: bool = False
    choosers: list[str] = Field(default_factory=list)
    """The seats in the Faction choice order (the Teams are built in this order too)."""
    alarms: dict[str, int] = Field(default_factory=dict)
    alarm_types: list[str] = Field(default_factory=list)
    """``area:type`` pairs already raised this turn (RB: "generated just once for each type of action")."""
    objectives: list[str] = Field(default_factory=list)
    order: list[str] = Field(default_factory=list)
    """The Real World (and Cyberwarfare) order of this turn, from the Initiative."""
    cw_order: list[str] = Field(default_factory=list)
    hackers: dict[str, str] = Field(default_factory=dict)
    """The character each Team chose as its Hacker this turn (public; RB: "Only one character in a Team can
    act as the Hacker in any turn but a different character can be chosen each turn")."""
    current: str | None = None
    """The character whose activation is under way (RB: "each Team member completing all of their actions
    before activating another Team member")."""
    draws: list[int] = Field(default_factory=list)
    """The CanDo values drawn since the last public report (newest last; public)."""
    last_path: list[str] = Field(default_factory=list)
    last_sight: list[str] = Field(default_factory=list)
    mines: list[Mine] = Field(default_factory=list)
    """Mine tokens on the board (public: tokens placed openly on the table, ruling K4)."""
    partners: dict[str, str] = Field(default_factory=dict)
    """A shared Faction (``three_players: shared``): the partner seat -> the seat its Team is keyed by
    (public; ruling H1)."""
    mark: Mark = Field(default_factory=Mark)
    """The table when the last move began (:mod:`.marks`)."""

    @property
    def sides(self) -> list[str]:
        """The seats that play a Team of their own, in seat order (a shared Team's partner is not one)."""
        return [s for s in self.seats if s not in self.partners]
