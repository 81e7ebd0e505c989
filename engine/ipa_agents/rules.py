"""The rules registry of IPA: The Agents and the queries every part of the rules shares: who stands where,
line of sight and clear shot, abilities with their bonuses, requirements and the piles."""

from __future__ import annotations

from collections.abc import Container
from functools import lru_cache

from engine.core.board import Cell, GridSpec, grid_of
from engine.core.board.grid import Grid
from engine.core.intent import Intent, Value
from engine.core.rules import Rules

from .pack import ABILITIES, Ability, Card, Pack, pack
from .state import AgentState, EquipmentState, IpaState

RULES: Rules[IpaState] = Rules()

_SPECS: dict[int, GridSpec] = {}


def grid(state: IpaState) -> Grid:
    spec = _SPECS.get(state.size)
    if spec is None:
        spec = _SPECS[state.size] = GridSpec(id="ipa", width=state.size, height=state.size)
    return grid_of(spec)


def P() -> Pack:
    return pack()


@lru_cache(maxsize=16_384)
def offered(kind: str, /, **args: Value) -> Intent:
    """``Intent.of``, kept: the option lists offer the same intents again after every deed (intents are
    immutable), and reading the arguments' words was most of making them."""
    return Intent.of(kind, **args)


def card_of(instance: str) -> Card:
    return pack().cards[instance.split(".")[0]]


def named_card(intent: Intent, arg: str = "card") -> Card | None:
    """The card an intent's argument names, or None when it names none of the pack's (labels of hostile
    or partial intents)."""
    instance = intent.get(arg)
    if isinstance(instance, str) and instance.split(".")[0] in P().cards:
        return card_of(instance)
    return None


def recycle_from_hand(state: IpaState, seat: str, instance: str) -> Card:
    """An inactive card leaves the hand for the recycle pile (sold, discarded, a Rift used)."""
    state.agents[seat].hand.remove(instance)
    state.recycle.append(instance)
    return card_of(instance)


def not_in_hand(state: IpaState, seat: str, intent: Intent) -> str | None:
    """The refusal of an intent whose ``card`` is none of ``seat``'s inactive cards (None: it is one)."""
    if intent.get("card") in state.agents[seat].hand:
        return None
    return "That card is not among your inactive cards"


def cell(label: str) -> Cell:
    return Cell.parse(label)


def agent_of_unit(state: IpaState, unit: str) -> AgentState | None:
    return next((a for a in state.agents.values() if a.unit == unit), None)


def unit_cell(state: IpaState, unit: str) -> str | None:
    agent = agent_of_unit(state, unit)
    if agent is not None:
        return agent.cell
    fe = state.equipment.get(unit)
    return fe.cell if fe is not None else None


def living(state: IpaState) -> list[AgentState]:
    return [state.agents[s] for s in state.seats if state.agents[s].alive]


def walls(state: IpaState) -> frozenset[Cell]:
    return _walls(tuple(state.walls))


@lru_cache(maxsize=64)
def _walls(labels: tuple[str, ...]) -> frozenset[Cell]:
    return frozenset(Cell.parse(w) for w in labels)


def occupied(state: IpaState, but: str = "") -> dict[str, str]:
    """Cells holding a living unit or field equipment -> the unit id (corpses do not count: "You may stand
    on squares on which dead units lie")."""
    out = {a.cell: a.unit for a in state.agents.values() if a.alive and a.unit != but}
    out.update({e.cell: e.unit for e in state.equipment.values() if e.unit != but})
    return out


def stunned(agent: AgentState) -> bool:
    return bool(agent.statuses) and any(s.status == "stun" for s in agent.statuses)


def actions_left(state: IpaState) -> int:
    """Actions the Agent in turn has left; RB Helpless: "The target cannot take an action when it is next in
    turn"."""
    agent = state.agents.get(state.acting)
    if agent is not None and any(s.status == "helpless" for s in agent.statuses):
        return 0
    return 1 + state.turn.used("bonus_action") - state.turn.used("action")


def able(state: IpaState, seat: str) -> AgentState | None:
    """``seat``'s Agent if it may act at all (alive, not stunned: RB Stun "may neither move nor
    activate/deactivate an Item Card, nor use the shop"; A-28: nor give, pay or trade)."""
    agent = state.agents[seat]
    return agent if agent.alive and not stunned(agent) else None


def ability(state: IpaState, agent: AgentState, which: Ability) -> int:
    """The ability with the bonuses (and burdens) of active Constructs ("Brain Juicer ... +4 Intellect")."""
    bonus = 0
    for act in agent.active:
        card = card_of(act.card)
        if card.type == "construct":
            bonus += sum(e.amount for e in card.effects if e.op == "ability" and e.ability == which)
    return max(0, agent.abilities[which] + bonus)  # a planted burden stops at 0


def meets(state: IpaState, agent: AgentState, card: Card) -> bool:
    """RB: "for the ability Strength you must have a 6 to be able to use the Butcher's Axe" (a threshold,
    not a cost); Rules for Beginners: "no abilities are required"."""
    if state.opts.beginners:
        return True
    return all(ability(state, agent, a) >= n for a, n in card.requires.items())


def missing(state: IpaState, agent: AgentState, card: Card) -> list[str]:
    return [f"{a} {n}" for a, n in card.requires.items() if ability(state, agent, a) < n]


def sees(state: IpaState, a: str, b: str) -> bool:
    """RB "Line of Sight": blocked by walls only (units and field equipment do not block it); where the
    line passes exactly through a corner it is blocked only between two walls (A-17)."""
    return line_free(cell(a), cell(b), walls(state))


def line_free(a: Cell, b: Cell, blockers: Container[Cell]) -> bool:
    """Whether the centre-to-centre line from ``a`` to ``b`` is free of ``blockers``: what
    :meth:`Grid.sees` answers with ``corner="sides"`` on IPA's map, which has no walls of its own on
    edges or squares (so only the squares passed and the corners squeezed through count), walked here
    square by square as :func:`engine.core.board.line.line` does, without making the line. A square the
    line passes through (the ends excepted) blocks; at a corner the line passes exactly through, it is
    blocked only when the squares on both sides block. The tests hold it to :meth:`Grid.sees`."""
    if a == b:
        return True
    dx, dy = b.col - a.col, b.row - a.row
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    i = j = 1
    col, row = a
    while i <= nx or j <= ny:
        # the i-th column line is met at (2i - 1) / (2 nx), the j-th row line at (2j - 1) / (2 ny)
        order = -1 if j > ny else 1 if i > nx else (2 * i - 1) * ny - (2 * j - 1) * nx
        if order < 0:
            col += sx
            i += 1
        elif order > 0:
            row += sy
            j += 1
        else:  # through the corner: blocked between two blocking squares
            if (col + sx, row) in blockers and (col, row + sy) in blockers:
                return False
            col, row = col + sx, row + sy
            i += 1
            j += 1
        if (i <= nx or j <= ny) and (col, row) in blockers:
            return False
    return True


def clear_shot(state: IpaState, shooter: str, a: str, b: str) -> bool:
    """RB "Physics": "For a ranged weapon to hit its target, no units or field equipment may stand in the
    way of the attack"; stunned and dead units do not obstruct; UE 2 lets an Agent and its own Sentries
    shoot past one another."""
    owner = seat_of_unit(state, shooter)
    exempt: set[str] = set()
    if owner is not None and state.agents[owner].ue == "clear_shot":
        exempt = {state.agents[owner].unit} | {e.unit for e in state.equipment.values() if e.owner == owner}
    blockers = set(walls(state))
    for agent in state.agents.values():
        if agent.alive and not stunned(agent) and agent.unit not in exempt:
            blockers.add(cell(agent.cell))
    for fe in state.equipment.values():
        if fe.unit not in exempt:
            blockers.add(cell(fe.cell))
    return line_free(cell(a), cell(b), blockers)


def seat_of_unit(state: IpaState, unit: str) -> str | None:
    agent = agent_of_unit(state, unit)
    if agent is not None:
        return agent.seat
    fe = state.equipment.get(unit)
    return fe.owner if fe is not None else None


def distance(a: str, b: str) -> int:
    ca, cb = cell(a), cell(b)
    return abs(ca.col - cb.col) + abs(ca.row - cb.row)


def adjacent8(a: str, b: str) -> bool:
    ca, cb = cell(a), cell(b)
    return a != b and max(abs(ca.col - cb.col), abs(ca.row - cb.row)) == 1


def hand_limit(agent: AgentState) -> int:
    """RB: at most 7 inactive cards at the end of the turn; UE 3: "+2 inactive Item Cards"."""
    return P().numbers.hand + (2 if agent.ue == "hand" else 0)


def draw_card(state: IpaState) -> str | None:
    """Draw from the stack; RB "Recycle Pile": it "is shuffled together with the stack of Item Cards when
    only two cards remain on the stack" (A-30)."""
    if not state.deck and state.recycle:
        _reshuffle(state)
    if not state.deck:
        return None
    card = state.deck.pop()
    if len(state.deck) <= 2 and state.recycle:
        _reshuffle(state)
    return card


def _reshuffle(state: IpaState) -> None:
    state.deck = state.rng.shuffled(state.deck + state.recycle)
    state.recycle = []


def equipment_of(state: IpaState, seat: str) -> list[EquipmentState]:
    return [e for e in state.equipment.values() if e.owner == seat]


def owns(agent: AgentState, card_id: str) -> bool:
    return any(c.split(".")[0] == card_id for c in agent.hand) or any(
        a.card.split(".")[0] == card_id for a in agent.active
    )


def unit_name(state: IpaState, unit: str) -> str:
    """A unit as players read it: an Agent by its seat ("Ann's Agent"), field equipment by its owner, kind
    and square (:func:`equipment_name`)."""
    agent = agent_of_unit(state, unit)
    if agent is not None:
        return f"{agent.seat}'s Agent"
    fe = state.equipment.get(unit)
    if fe is not None:
        return equipment_name(fe)
    return "field equipment no longer on the map"


def equipment_name(fe: EquipmentState) -> str:
    """A piece of field equipment by its owner, kind and square: "Ann's Sentry on T23", "the ownerless Sentry
    on T23" (its id is never shown; the map shows the square)."""
    kind = P().equipment[fe.kind].name
    return f"{fe.owner}'s {kind} on {fe.cell}" if fe.owner else f"the ownerless {kind} on {fe.cell}"


def cap(text: str) -> str:
    """``text`` opening a sentence (a name such as "the ownerless Sentry ..." gets its capital)."""
    return text[:1].upper() + text[1:]


def heal_text(seat: str, healed: int) -> str:
    """A heal's public line: the life gained, or that there was none to gain."""
    if healed <= 0:
        return f"{seat}'s Agent is at full life: nothing to heal."
    return f"{seat}'s Agent heals {healed} life."


def joined(names: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def plural(n: int, word: str, many: str = "") -> str:
    """``1 square``, ``2 squares`` (``many``: an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def abilities_text(state: IpaState, agent: AgentState) -> str:
    return " ".join(f"{a[0].upper()}{ability(state, agent, a)}" for a in ABILITIES)


def is_equipment(state: IpaState, unit: str) -> EquipmentState | None:
    return state.equipment.get(unit)
