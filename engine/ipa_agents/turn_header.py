"""The header of a turn: what the Agent in turn still has (its move, its actions, the injections waiting
for their attack), told again after every deed of the turn, so it never offers what is spent.

RB "Turns": "Each unit may be moved once per round and take one action"; RB "Space Shop": an injection's
"effect lasts only in the round in which the injection was bought, and it works only once per purchase".
"""

from __future__ import annotations

from engine.core.frame import Frame

from .actions.move import agent_budget
from .actions.play import OCULAR_RANGE, boosted, free_artifacts
from .rules import RULES, actions_left, plural, stunned
from .state import IpaState

WAITING = (
    ("ocular", f"Ocular Precision: +{OCULAR_RANGE} range for the next ranged attack"),
    ("krono", "Modified Krono Blood: +1 damage for the next melee attack"),
    ("molecular", "Molecular Manipulation: one unit may be passed once"),
    ("gene", "Modified Gene Structuring: one trip through the Space Tunnels"),
)
"""The injections that wait for their use (the turn counter's name, what the header says)."""


def turn_texts(state: IpaState, seat: str) -> tuple[str, str]:
    """The turn's question to its seat, and as told to the others (everything in it is public: life, stun,
    the move and actions taken, the injections bought): made together, they share all but the opening and
    the sale credits."""
    agent = state.agents[seat]
    life = f"life {agent.life}/{agent.max_life}"
    own, told = f"Round {state.round}, your turn: {life}", f"{seat}'s turn (Round {state.round}): {life}"
    if stunned(agent):
        return (
            f"{own}; stunned: you can do nothing but discard and end.",
            f"{told}; stunned: {seat} can do nothing but discard and end.",
        )
    parts = [_move(state, seat)]
    if any(s.status == "helpless" for s in agent.statuses):
        parts.append("helpless: no action this turn")
    else:
        parts.append(f"actions left {actions_left(state)}/{1 + state.turn.used('bonus_action')}")
    free = free_artifacts(state)
    if free > 0:
        parts.append(f"Multitasking: {free} more Artifact{'s' if free > 1 else ''} without an action")
    uses = state.turn.uses  # counters only grow: one never used waits for nothing
    parts += [text for counter, text in WAITING if counter in uses and boosted(state, counter)]
    shared = "; ".join(parts)
    told = f"{told}; {shared}."
    if agent.turn_credits:
        shared += f"; {plural(agent.turn_credits, 'credit')} from sales to spend now"
    return f"{own}; {shared}.", told


def _move(state: IpaState, seat: str) -> str:
    if state.turn.used("focused"):
        return "no move (Focused Shot)"
    budget = agent_budget(state, seat)
    if not state.turn.used("move"):
        return f"move available (up to {plural(budget, 'square')})"
    if budget:
        return f"move used; Speed Boost: up to {budget} more {'square' if budget == 1 else 'squares'}"
    return "move used"


@RULES.header("turn")
def retell(state: IpaState, frame: Frame) -> None:
    """After a deed of the turn: the open turn of the Agent in turn says what it has left (a controlled
    turn, asked of its controller, has a header of its own)."""
    if frame.asked() != [state.acting] or state.result is not None:
        return
    frame.text, frame.public = turn_texts(state, state.acting)
