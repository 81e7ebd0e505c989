"""High Card's options, steps and state.

Each round every player secretly picks 1, 2 or 3. The unique highest pick scores that many points
(twice as many in a doubled round); ties score nothing. From the second round on, the round's leader
first decides whether the round is doubled, and the others may object (one objection cancels it). The
first to ``target`` points wins; after ``max_rounds`` rounds the game is a draw.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.flow import Step
from engine.core.flowgame import FlowState


class HighCardOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = Field(5, ge=1, le=50, description="Points needed to win")
    max_rounds: int = Field(20, ge=1, le=200, description="Rounds before the game is a draw")


class RoundStep(Step):
    """Everyone picks in secret."""

    op: Literal["round"] = "round"


class LeaderStep(Step):
    """The round's leader decides whether it is doubled."""

    op: Literal["leader"] = "leader"


HighCardStep = Annotated[RoundStep | LeaderStep, Field(discriminator="op")]


class HighCardState(FlowState):
    format: int = 4
    """The snapshot format: bump it (and ``HighCardGame.format``) whenever the state's shape changes."""
    steps: list[HighCardStep] = Field(default_factory=list)
    opts: HighCardOptions
    scores: dict[str, int]
    round: int = 1
    leader: str
    doubled: bool = False
