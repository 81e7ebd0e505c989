"""The steps of Gamedec's procedure, as typed records queued in the state (see :mod:`engine.core.flow`).

A round is its Corporate Investigation (``new_round``), one ``turn`` per detective, the ``hacker_attack``
and the next round's ``new_round``, all queued when the round begins. What a detective's turn sets off (a
Task test's roll, its rewards and penalties, a Terror card's effects) is queued in front of them and runs
while the turn stays open; the turn waits only while the next step is one of :data:`ROUND_OPS`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core.flow import Step

from .pack import Penalty, Reward

ROUND_OPS = ("turn", "hacker_attack", "new_round")
"""The steps of the rest of the round: they wait for the open turn to end."""


class DraftStep(Step):
    """Choose-detectives option: ``seat`` chooses his detective."""

    op: Literal["draft"] = "draft"
    seat: str


class DealStep(Step):
    """Set-up 7-8: the hands, the two set-aside Commissions, the optional decks."""

    op: Literal["deal"] = "deal"


class StartSkillStep(Step):
    """Every detective chooses his starting Skill in secret."""

    op: Literal["start_skill"] = "start_skill"


class NewRoundStep(Step):
    """Phase 1, Corporate Investigation (or the end of the game when no Commission is left)."""

    op: Literal["new_round"] = "new_round"


class TurnStep(Step):
    op: Literal["turn"] = "turn"
    seat: str


class RevealDrawnStep(Step):
    """After his turn the detective looks at the Task cards drawn face down."""

    op: Literal["reveal_drawn"] = "reveal_drawn"
    seat: str


class HandLimitStep(Step):
    op: Literal["hand_limit"] = "hand_limit"
    seat: str


class EquipLimitStep(Step):
    op: Literal["equip_limit"] = "equip_limit"
    seat: str


class EndTurnStep(Step):
    op: Literal["end_turn"] = "end_turn"
    seat: str


class HackerAttackStep(Step):
    """Phase 3."""

    op: Literal["hacker_attack"] = "hacker_attack"


class RollStep(Step):
    """The dice of the Task test or fight under way (its Assist/Sabotage window is closed)."""

    op: Literal["roll"] = "roll"


class FightWoundStep(Step):
    """The loser of a fight receives a Wound of his choice; ``asked``: Digital Mind was offered first."""

    op: Literal["fight_wound"] = "fight_wound"
    seat: str
    asked: bool = False


class IpStep(Step):
    op: Literal["ip"] = "ip"
    seat: str
    count: int = 1


class RewardStep(Step):
    """One success symbol of a Task (``space``: where it was tested, for the Clue)."""

    op: Literal["reward"] = "reward"
    seat: str
    what: Reward
    space: str = ""


class PenaltyStep(Step):
    """A Task's failure penalty; ``asked``: Digital Mind was offered first."""

    op: Literal["penalty"] = "penalty"
    seat: str
    what: Penalty
    asked: bool = False


class ChooseSkillStep(Step):
    op: Literal["choose_skill"] = "choose_skill"
    seat: str


class EquipPickStep(Step):
    op: Literal["equip_pick"] = "equip_pick"
    seat: str


class TerrorStep(Step):
    """Reveal the top Terror card and queue its effects."""

    op: Literal["terror"] = "terror"


class TerrorEffectStep(Step):
    """One effect of a Terror card, as the data pack writes it (see ``pack.TerrorEffect``)."""

    op: Literal["add_lags", "lasting", "player_lags", "rep_all", "credits_all", "wound_all"]
    count: int = 0
    flag: Literal["", "short_circuit", "both_wounds", "firewalls"] = ""
    kind: Literal["", "bio", "neuro"] = ""


GamedecStep = Annotated[
    DraftStep
    | DealStep
    | StartSkillStep
    | NewRoundStep
    | TurnStep
    | RevealDrawnStep
    | HandLimitStep
    | EquipLimitStep
    | EndTurnStep
    | HackerAttackStep
    | RollStep
    | FightWoundStep
    | IpStep
    | RewardStep
    | PenaltyStep
    | ChooseSkillStep
    | EquipPickStep
    | TerrorStep
    | TerrorEffectStep,
    Field(discriminator="op"),
]
