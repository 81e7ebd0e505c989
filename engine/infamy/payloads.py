"""The typed payloads of the questions Infamy's effects ask (see :mod:`.answers`): what a question carries
to the handler of its answer, and to the reason an answer it does not offer is refused."""

from __future__ import annotations

from pydantic import BaseModel

from .state import Block


class Left(BaseModel):
    """How many of a repeated effect remain, this answer included."""

    left: int = 1
    source: str = ""


class RepAsk(BaseModel):
    n: int


class StealAsk(BaseModel):
    cancel_cost: int = 0
    source: str = ""


class ThugAsk(BaseModel):
    thief: str
    type: str
    cost: int


class TargetAsk(BaseModel):
    what: str
    n: int


class SabotageAsk(BaseModel):
    left: int
    hazard_after: bool = False


class HazardAsk(BaseModel):
    left: int
    non_hq: bool = False
    sector: int | None = None


class OrderAsk(BaseModel):
    blocks: list[Block]
