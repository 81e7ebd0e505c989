"""Building a seat's view: the projection that keeps the Corruption hands, the Objectives (until the scoring),
the Necro peeks and every deck order to those who may know them."""

from __future__ import annotations

from typing import Any

from engine.core.waiting import SecretFrame, TurnFrame

from .cardtext import (
    activation_text,
    boost_gain,
    boost_text,
    districts,
    necro_text,
    objective_rule,
    promotion_text,
    title_text,
    verse_bonus_text,
)
from .control import on_map, servers_of
from .finish import TYPED, kept_points, objective_named
from .marks import last_view
from .pack import ACTION_NAMES, GENRE_NAMES
from .picks import TYPE_NAMES, boost_label
from .rules import P, corruption_label
from .state import Duty, Player, VrState
from .view import (
    AgentView,
    BoroughView,
    ObjectiveView,
    PlayerView,
    PrivateView,
    SlotView,
    TitleView,
    VerseView,
    VrView,
)

CONDITION_TEXT = {
    "none": "no condition",
    "duty_of_type": "2 {agent}s on Duty",
    "duty_types": "{agents} on Duty",
    "duty_all_types": "a Fighter, Tech and Diplomat on Duty",
    "server_in": "a Server in {districts}",
    "raided_7": "raided with 7+ Corruption cards",
    "raided_no_imm": "raided spending no Immunity",
    "directors_one_district": "3 Directors in one District",
    "three_in_borough": "3 Influence in a Borough",
    "recycle_3": "3 Influence in the Recycle Area",
    "no_duty": "no Agent on Duty",
    "servers_adjacent_districts": "Servers in adjacent Districts",
    "immunity_5": "5 Immunity",
    "boosts_4": "4 Boosts",
}


SCORING_TEXT = {
    "per_agent_type": "{vp} VP per {agent} owned",
    "per_genre": "{vp} VP per {genre} Verse",
    "boroughs_in": "{vp} VP per Borough controlled in {districts}",
    "trios": "{vp} VP per Agent trio",
    "fewest_ec": "{vp} VP for the fewest EC",
    "most_ec": "{vp} VP for the most EC",
    "most_it": "{vp} VP for the most Influence on the map",
    "fewest_it": "{vp} VP for the least Influence on the map",
    "districts_without_it": "{vp} VP per District without your Influence",
    "hand_at_final_raid": "{vp} VP per card in the final raid",
    "boroughs_2plus": "{vp} VP per Borough with 2+ of your Influence",
    "recycled": "{vp} VP per Influence token in the Recycle Area",
    "boosts": "{vp} VP per Boost",
    "boost_actions": "{vp} VP per Action with a Boost",
    "servers": "{vp} VP per Server",
    "immunity": "{vp} VP per Immunity",
}


def boost_name(boost: str) -> str:
    """A Boost a player holds, with what it adds to its Action: "Leslie (+3 EC)", "Boost card (+3 EC)"."""
    card = P().agents.get(boost)
    line = card.boost if card is not None else P().boosts.get(boost)
    name = card.name if card is not None else "Boost card"
    return f"{name} ({boost_gain(line)})" if line is not None else name


def agent_view(agent_id: str, duty: Duty | None = None) -> AgentView:
    card = P().agents[agent_id]
    return AgentView(
        id=agent_id,
        name=card.name,
        type=card.type,
        level=card.level,
        turned=duty.turned if duty is not None else False,
        ability=activation_text(card),
        promotion=promotion_text(card),
        boost=boost_text(card.boost),
    )


def verse_view(verse_id: str, online: bool = False) -> VerseView:
    card = P().verses[verse_id]
    c = card.condition
    condition = CONDITION_TEXT.get(c.op, c.op).format(
        agent=TYPE_NAMES.get(c.agent or "", ""),
        agents=" and ".join(f"a {TYPE_NAMES[a]}" for a in c.agents),
        districts=districts(c.districts),
    )
    s = card.scoring
    scoring = SCORING_TEXT.get(s.op, s.op).format(
        vp=s.vp,
        agent=TYPE_NAMES.get(s.agent or "", ""),
        districts=districts(s.districts),
        genre=GENRE_NAMES.get(s.genre or "", ""),
    )
    return VerseView(
        id=verse_id,
        name=card.name,
        genre=GENRE_NAMES[card.genre],
        online=online,
        condition=condition,
        bonus=verse_bonus_text(card),
        scoring=scoring,
    )


def marker_texts(player: Player) -> list[str]:
    """ "this Round Work gives 3 EC", "next Round Recruit an Agent costs 8 EC"."""
    out = []
    for when, marks in (("this Round", player.markers), ("next Round", player.next_markers)):
        for action, value in marks.items():
            verb = "gives" if action == "work" else "costs"
            out.append(f"{when} {ACTION_NAMES.get(action, action)} {verb} {value} EC")
    return out


def player_view(state: VrState, player: Player, index: int) -> PlayerView:
    seat = player.seat
    boosts = {ACTION_NAMES[a]: [boost_name(b) for b in ids] for a, ids in player.boosts.items() if ids}
    kept = (
        objective_named(state, player.kept)
        + (f" ({TYPE_NAMES[player.kept_param]})" if player.kept_param else "")
        if player.kept and state.result is not None
        else None
    )
    return PlayerView(
        seat=seat,
        index=index,
        ec=player.ec,
        imm=player.imm,
        income=player.income,
        plus2=player.plus2,
        corruption=len(player.hand),
        reserve=player.reserve,
        on_map=on_map(state, seat),
        recycled=state.recycle.get(seat, 0),
        servers=len(servers_of(state, seat)),
        duty=[agent_view(d.agent, d) for d in player.duty],
        boosts=boosts,
        retired=[P().agents[a].name for a in player.retired],
        verses=[verse_view(h.verse, h.online) for h in player.verses],
        titles=sorted(d for d, h in state.titles.items() if h == seat),
        markers=dict(player.markers),
        next_markers=dict(player.next_markers),
        necro_markers=marker_texts(player),
        raided_7=player.raided_7,
        raided_no_imm=player.raided_no_imm,
        kept=kept,
        score=player.score,
        breakdown=dict(player.breakdown),
    )


def boroughs(state: VrState) -> list[BoroughView]:
    tokens = {where: slot + 1 for slot, where in state.located.items() if state.slots[slot]}
    out = []
    for b in P().boroughs:
        rec = P().graph.records[b]
        out.append(
            BoroughView(
                id=b,
                label=rec.label,
                district=rec.group,
                polygon=list(rec.polygon),
                anchor=rec.anchor or (0.0, 0.0),
                tokens=state.tokens.get(b, 0),
                owner=state.owner.get(b),
                server=state.servers.get(b),
                directors=[s for s, w in state.directors if w == b],
                agent_token=tokens.get(b),
            )
        )
    return out


def secret_choice(state: VrState, seat: str) -> str:
    """The seat's secret choice (or its parts so far) by its labels; "" when it has none pending."""
    frame = state.waiting.find("secret")
    own = frame.own(seat) if isinstance(frame, SecretFrame) else None
    if not isinstance(frame, SecretFrame) or not own:
        return ""
    labels = {o.key: o.label for o in frame.options.get(seat, [])}
    for part in frame.more.get(seat, []):
        labels.update({o.key: o.label for o in part})
    return "; ".join(labels[k] for k in own.split("+") if k in labels)


def asking(state: VrState) -> list[str]:
    """The open questions as everyone may read them (their public text, or who decides)."""
    top = state.waiting.top()
    found: list[str] = []
    if top is None or isinstance(top, TurnFrame) or state.result is not None:
        return found  # a turn is told by ``current``
    for prompt in top.prompts():
        line = prompt.public or f"{prompt.seat} decides."
        if line not in found:
            found.append(line)
    return found


def private(state: VrState, seat: str | None) -> PrivateView | None:
    if seat is None or seat not in state.players:
        return None
    player = state.p(seat)
    return PrivateView(
        seat=seat,
        hand=[corruption_label(c) for c in player.hand],
        objectives=[objective_named(state, o) for o in player.objectives],
        objective_cards=[objective_view(state, seat, o) for o in player.objectives],
        peek=P().necro[player.peek].name if player.peek else None,
        peek_text=necro_text(P().necro[player.peek]) if player.peek else "",
        choice=secret_choice(state, seat),
    )


def objective_view(state: VrState, seat: str, objective: str) -> ObjectiveView:
    """An Objective with its text and what it would score now (a typed one: its best type)."""
    op = P().objectives[objective].op
    points = max(kept_points(state, seat, objective, param) for param in TYPED.get(op, ("",)))
    return ObjectiveView(
        name=objective_named(state, objective), text=objective_rule(op, len(state.seats)), points=points
    )


def build_view(common: dict[str, Any], state: VrState, seat: str | None) -> VrView:
    slots = [
        SlotView(
            slot=i + 1,
            agent=agent_view(a) if a else None,
            borough=state.located.get(i),
            intercepted=i in state.intercepted,
        )
        for i, a in enumerate(state.slots)
    ]
    titles = [
        TitleView(
            id=t,
            name=P().district_names[t],
            holder=state.titles.get(t),
            turned=t in state.turned_titles,
            ability=title_text(t),
        )
        for t in P().titles
    ]
    current = state.ctx.seat if state.waiting.find("turn") is not None else None
    placed = sum(1 for s, _ in state.directors if s == current)
    nth = placed + (0 if state.ctx.borough is not None else 1) if current else 0
    return VrView(
        **common,
        round=state.round,
        rounds=state.opts.rounds,
        order=list(state.order),
        current=current,
        turn_of_round=nth,
        asking=asking(state),
        district_names=dict(P().district_names),
        boroughs=boroughs(state),
        titles=titles,
        slots=slots,
        verse_row=[verse_view(v) if v else None for v in state.verse_row],
        agent_deck=len(state.agent_deck),
        agent_discard=[P().agents[a].name for a in state.agent_discard],
        removed_agents=[P().agents[a].name for a in state.removed_agents],
        verse_deck=len(state.verse_deck),
        corruption_deck=len(state.corruption.cards),
        corruption_discard=len(state.corruption.discards),
        necro_deck=len(state.necro_deck),
        necro_seen=[P().necro[c].name for c in state.necro_seen],
        boost_cards=[boost_label(b) for b in state.boost_cards],
        players=[player_view(state, state.p(s), i) for i, s in enumerate(state.seats)],
        map_note="Reconstructed map, not the printed one",
        last=last_view(state),
        me=private(state, seat),
    )
