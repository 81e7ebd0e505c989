"""The Gamedec game state (ids only) and its options model.

What the game waits for is in ``waiting`` (the runtime's frames): the turn, a decision asked of one
detective, the Assist/Sabotage window, the steps of a trade, the secret choices; what is still to happen
is in ``steps``. The rest is the board, the decks and the detectives.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Deck
from engine.core.flowgame import FlowState
from engine.core.kits.resources import Resources
from engine.core.waiting import AskFrame, WindowFrame

from .steps import DraftStep, GamedecStep

DECISIONS = frozenset(
    {
        "skill",
        "pile",
        "corp",
        "wound",
        "discard",
        "discard_eq",
        "seven",
        "finale",
        "place_lag",
        "story_offer",
        "mind",
        "sell",
    }
)
"""The topics of the questions asked of one detective in the course of the rules (answers.py asks them),
as opposed to the set-up's choices and the steps of a trade."""


class GamedecOptions(BaseModel):
    """Optional rules, chosen when the game is created (rulebook "Optional Rules")."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)
    longer_game: bool = False
    """Play to 16 Investigation Points; Clues may give any point; a second Commission deck of 8."""
    tasks_immediately: bool = False
    """Task cards drawn in the Realium are looked at and playable at once (meant for 2-3 players)."""
    less_randomness: bool = False
    """Lags give -2 instead of failing on a 1; 3+ Assist cards let the tester take 7 on the dice."""
    online_trade: bool = False
    """Trades are sent secretly and revealed together; a player who does not send loses 1 Reputation."""
    variable_start: bool = False
    """The first detective to perform a Commission takes the Starting Player marker and ends the round."""
    terror: bool = False
    """Reveal a Terror card whenever a detective reaches 7 Investigation Points."""
    scenarios: bool = False
    """Scenarios and Finales (implies Longer Game without a second deck, Variable Starting Player, Terror)."""
    choose_detectives: bool = False
    """Each player, beginning with the Starting Player, chooses his detective (otherwise drawn at random)."""
    play_on: bool = False
    """After the first win, the others play on for second place (the winner leaves the board)."""


class Player(BaseModel):
    detective: str
    pos: str = "realium"
    ip: int = 0
    rep: int = 0
    bio: bool = False
    neuro: bool = False
    skills: list[str] = Field(default_factory=list)
    equipment: list[str] = Field(default_factory=list)
    lag: bool = False
    hand: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)
    """Task cards drawn face down in the Realium this turn: unseen even by their owner."""
    set_aside: list[str] = Field(default_factory=list)
    """Failed Task cards lying face down under the detective card (for Assists and Sabotages)."""
    clues: list[str] = Field(default_factory=list)
    obligations: list[str] = Field(default_factory=list)
    finished: bool = False
    left_board: bool = False
    """Play-on option: the winner's pawn was removed from the board while the others play on (RB "this
    gamedec's pawn should be removed from the board"). A detective whose win ends the game stays where he
    ended."""
    scenario: str = ""
    """Scenarios option: the secretly drawn Scenario card ('' without one)."""
    story: Literal["", "hidden", "started", "done"] = ""
    finales: list[str] = Field(default_factory=list)
    assist_ready: bool = False
    """The Scenario's hero was assisted: the Scenario may be started in this detective's turn."""
    commission_ready: bool = False
    skip_turn: bool = False
    """Variable Starting Player: the new Starting Player skips his turn in the next round."""


class TestState(BaseModel):
    """A Task test or a fight waiting for its Assist/Sabotage window and its roll."""

    kind: Literal["task", "attack", "story"]
    actor: str
    card: str = ""
    defender: str = ""
    skill: str = ""
    space: str = ""
    plus: dict[str, int] = Field(default_factory=dict)
    """Assist cards on each fighter."""
    minus: dict[str, int] = Field(default_factory=dict)
    """Sabotage cards on each fighter."""
    rewarded: list[str] = Field(default_factory=list)
    """Seats that already gained Reputation for assisting another player in this test."""
    window_round: int = 1
    take_seven: bool = False


class TradeState(BaseModel):
    """A trade being built or answered: either the active detective's own proposal to one partner, or a
    call for offers that every other detective may answer (then the active detective picks one)."""

    partner: str = ""
    by: str = ""
    """The detective (not the active one) who proposed this trade to the active detective; '' when the
    active detective proposed it. ``partner`` is then the proposer, and ``give``/``get`` stay the active
    detective's side."""
    give: str = ""
    """What the active detective gives ("none", "c1", "c2", an Equipment id, a Task id, or "task")."""
    get: str = ""
    """What the active detective receives (same vocabulary)."""
    stage: Literal["give", "get", "answer", "offers", "choose", "send"] = "give"
    offers: dict[str, list[str]] = Field(default_factory=dict)
    """Call for offers: each offering seat -> [what he gives, what he asks from the active detective]
    (an empty string while not chosen yet)."""
    passed: list[str] = Field(default_factory=list)
    """Call for offers: the seats that made no offer."""
    shown: list[str] = Field(default_factory=list)
    """"seat:card" for each Task card shown to the other side of this trade."""
    bundle: bool = False
    """A trade of several goods a side (``offer:to=X``): ``give_all`` and ``get_all`` hold them."""
    give_all: list[str] = Field(default_factory=list)
    """What the active detective gives: "c1" for each Credit, Equipment ids, Task ids of his hand."""
    get_all: list[str] = Field(default_factory=list)
    """What he receives: "c1" for each Credit, the partner's Equipment ids, "task" for each Task card of the
    partner's choice (his card ids once he has picked them)."""


class Mark(BaseModel):
    """The public table when a turn began (:mod:`.marks`), to tell what the turn changed; ``done``, the
    changes of the turn before, kept once the next one begins."""

    seat: str = ""
    round: int = 0
    table: dict[str, dict[str, Any]] = Field(default_factory=dict)
    lags: list[str] = Field(default_factory=list)
    target_lag: bool = False
    done: dict[str, Any] | None = None


class GamedecState(FlowState):
    game: str = "gamedec"
    format: int = 9
    steps: list[GamedecStep] = Field(default_factory=list)
    opts: GamedecOptions
    players: dict[str, Player]
    credits: Resources = Field(default_factory=lambda: Resources(name="credits"))
    """Each detective's Credit tokens (RULINGS 34: "Each player may have any number of Credit tokens", so
    the supply is endless)."""
    placings: list[str] = Field(default_factory=list)
    """Play-on option: the seats that reached the goal, in order."""
    round: int = 0
    start_player: str
    active: str = ""
    moves_left: int = 0
    moved: bool = False
    turn_mode: Literal["", "tasks", "attacks"] = ""
    aid_used: bool = False
    drew: bool = False
    story_move_used: bool = False
    attacked: list[str] = Field(default_factory=list)
    trade_done: bool = False
    trade_proposals: int = 0
    trade: TradeState | None = None
    test: TestState | None = None
    task_deck: Deck
    equip_deck: list[str]
    equip_faceup: list[str]
    """Face-up Equipment pile: the top (the card one may take) is the last item; discards go first."""
    corp_equip: dict[str, str | None]
    commission_deck: list[str]
    commission_used: list[str] = Field(default_factory=list)
    second_deck_used: bool = False
    commission: str = ""
    target: str = ""
    target_lag: bool = False
    threatened: str = ""
    commission_done: bool = False
    end_round_after: str = ""
    lags: list[str] = Field(default_factory=list)
    terror_deck: list[str] = Field(default_factory=list)
    terror_revealed: list[str] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    last_roll: dict[str, Any] | None = None
    mark: Mark = Field(default_factory=Mark)
    """The table when the current turn began (for the boards' marks of what changed, issue 31)."""

    @property
    def window(self) -> WindowFrame | None:
        """The Assist/Sabotage window of the test under way, while it is open (a trade may stand on it)."""
        frame = self.waiting.find("window", "assist")
        return frame if isinstance(frame, WindowFrame) else None

    @property
    def draft(self) -> list[str]:
        """Choose-detectives option: the seats still to choose, in order (the first one is asked)."""
        top = self.waiting.top()
        asked = [top.seat] if isinstance(top, AskFrame) and top.topic == "detective" else []
        return asked + [step.seat for step in self.steps if isinstance(step, DraftStep)]

    def decision(self) -> AskFrame | None:
        """The decision asked now (the top frame), if the game waits on one."""
        top = self.waiting.top()
        return top if isinstance(top, AskFrame) and top.topic in DECISIONS else None
