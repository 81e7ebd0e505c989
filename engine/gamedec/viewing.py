"""Building each seat's :class:`~.view.GamedecView` from the state (the renderer never sees the state)."""

from __future__ import annotations

from typing import Any

from engine.core.waiting import SecretFrame

from . import modifiers as M
from . import rules as R
from .board import AID, CORPS, EXCHANGES, NAMES, REALIUM, REP_NAMES, SPACES, WORLDS, entry_rule
from .marks import last_view
from .pack import load_pack
from .state import GamedecState
from .story import private_view, public_status, story_card, story_modifier
from .view import (
    CardView,
    CommissionView,
    EquipView,
    GamedecView,
    HandCard,
    MeView,
    OfferView,
    PlayerView,
    SetupView,
    SpaceView,
    StoryStatus,
    TerrorView,
    TestView,
    TradeView,
    WindowView,
)


def _task(card: str) -> CardView:
    t = load_pack().tasks[card]
    return CardView(
        id=t.id,
        name=t.name,
        world=t.world,
        dl=t.dl,
        skills=list(t.skills),
        success=list(t.success),
        failure=t.failure,
    )


def _equip(card: str | None) -> EquipView | None:
    if card is None:
        return None
    e = load_pack().equipment[card]
    return EquipView(id=e.id, name=e.name, skill=e.skill)


def _space(state: GamedecState, space: str) -> SpaceView:
    view = SpaceView(
        id=space,
        name=NAMES[space],
        kind="realium" if space == REALIUM else ("world" if space in WORLDS else "corp"),
        pawns=[s for s in state.seats if state.players[s].pos == space and not state.players[s].left_board],
        clues=[s for s in state.seats if space in state.players[s].clues],
        obligations=[s for s in state.seats if space in state.players[s].obligations],
        lag=space in state.lags,
        entry=entry_rule(space),
        exchange=EXCHANGES.get(space, ""),
    )
    if space in CORPS:
        heal, cash = AID[space]
        view.equipment = _equip(state.corp_equip.get(space))
        support = "1 Credit" if cash == "credit" else "Reputation +1"
        view.aid = f"heal a {heal.capitalize()} Wound / {support} / an Equipment card"
    return view


def _player(state: GamedecState, index: int, s: str) -> PlayerView:
    pack = load_pack()
    p = state.players[s]
    chosen = bool(p.detective)
    d = pack.detectives[p.detective or min(pack.detectives)]  # a placeholder while still choosing
    status = public_status(state, s)
    return PlayerView(
        seat=s,
        index=index,
        detective=d.id if chosen else "",
        name=d.name if chosen else "(choosing a detective)",
        ability=d.ability_text if chosen else "",
        pos=p.pos,
        ip=p.ip,
        rep=p.rep,
        rep_name=REP_NAMES[p.rep],
        rep_range=[d.rep_min, d.rep_max],
        bio=p.bio,
        neuro=p.neuro,
        wound_values={"bio": d.bio, "neuro": d.neuro},
        skills={k: d.skills[k] for k in p.skills},
        skill_table=dict(d.skills) if chosen else {},
        equipment=[e for e in (_equip(c) for c in p.equipment) if e is not None],
        credits=state.credits.of(s),
        lag=p.lag,
        hand=len(p.hand),
        drawn=len(p.drawn),
        set_aside=len(p.set_aside),
        clues=list(p.clues),
        obligations=list(p.obligations),
        finished=p.finished,
        start_player=s == state.start_player,
        active=s == state.active,
        scenario=StoryStatus.model_validate(status) if status is not None else None,
    )


def _test(state: GamedecState) -> TestView | None:
    t = state.test
    if t is None:
        return None
    card = (
        (CardView.model_validate(story_card(t.card)) if t.kind == "story" else _task(t.card))
        if t.card
        else None
    )
    view = TestView(
        kind=t.kind,
        actor=t.actor,
        defender=t.defender,
        skill=t.skill,
        space=t.space,
        card=card,
        assists=dict(t.plus),
        sabotages=dict(t.minus),
        window_round=t.window_round,
    )
    if t.kind == "task" and t.card:
        view.modifier = M.task_modifier(state, t.actor, load_pack().tasks[t.card], t.space)
    elif t.kind == "story" and t.card:
        view.modifier = story_modifier(state, t.actor, t.card, t.space)
    return view


def _secret(state: GamedecState, topic: str) -> SecretFrame | None:
    frame = state.waiting.find("secret", topic)
    return frame if isinstance(frame, SecretFrame) else None


def _trade(state: GamedecState, seat: str | None) -> TradeView | None:
    tr = state.trade
    if tr is None:
        return None
    involved = seat in (state.active, tr.partner)
    view = TradeView(
        from_=tr.by or state.active,
        to=state.active if tr.by else tr.partner,
        stage=tr.stage,
        give="+".join(_public_item(i, involved) for i in tr.give_all)
        if tr.bundle
        else _public_item(tr.give, involved),
        get="+".join(_public_item(i, involved) for i in tr.get_all)
        if tr.bundle
        else _public_item(tr.get, involved),
    )
    if tr.offers:
        view.offers = {
            s: OfferView(
                give=_public_item(g, seat in (s, state.active)) if g else "",
                get=_public_item(a, seat in (s, state.active)) if a else "",
                passed=s in tr.passed,
            )
            for s, (g, a) in tr.offers.items()
        }
    sending = _secret(state, "trade_send")
    if sending is not None:
        view.sent = [s for s in sending.seats if s in sending.chosen]
    return view


def _public_item(item: str, involved: bool) -> str:
    return "task_card" if item in load_pack().tasks and not involved else item


def _me(state: GamedecState, seat: str, me: PlayerView) -> MeView:
    pack = load_pack()
    p = state.players[seat]
    hand = []
    for card in p.hand:
        task = pack.tasks[card]
        where = task.world if task.world in WORLDS or task.world == REALIUM else WORLDS[0]
        mods = M.task_ledger(state, seat, task, where)
        mods.entries = [m for m in mods.entries if m.source != "Lag"]
        hand.append(HandCard(**_task(card).model_dump(), bonus=mods.total, explain=mods.explain()))
    mine = MeView(
        hand=hand,
        set_aside=[_task(c) for c in p.set_aside],
        drawn=len(p.drawn),
        detective=me,
        scenario=private_view(state, seat),
    )
    window = state.window
    if window is not None and seat in window.answers:
        mine.window_answer = window.answers[seat]
    setup = _secret(state, "start_skill")
    if setup is not None:
        mine.start_skill = setup.own(seat)
    sending = _secret(state, "trade_send")
    if state.trade is not None and sending is not None:
        mine.trade_sent = sending.own(seat)
    return mine


def build(state: GamedecState, seat: str | None, table: dict[str, Any]) -> GamedecView:
    """``seat``'s view; ``table`` holds the fields every runtime game's view has (awaiting, log, result)."""
    pack = load_pack()
    rounds_left = len(state.commission_deck)
    if state.opts.longer_game and not state.opts.scenarios and not state.second_deck_used:
        rounds_left += 8
    players = [_player(state, i, s) for i, s in enumerate(state.seats)]
    window = state.window
    setup = _secret(state, "start_skill")
    progress = setup.progress() if setup is not None else None
    draft = state.draft
    com = pack.commissions[state.commission] if state.commission else None
    view = GamedecView(
        **table,
        seat=seat,
        round=state.round,
        rounds_left=rounds_left,
        goal=R.goal(state),
        clue_cap=None if state.opts.longer_game else R.CLUE_CAP,
        start_player=state.start_player,
        active=state.active,
        moves_left=state.moves_left,
        moved=state.moved,
        turn_mode=state.turn_mode,
        commission=CommissionView(id=com.id, target=com.target, threatened=com.threatened) if com else None,
        target=state.target,
        target_lag=state.target_lag,
        threatened=state.threatened,
        lags=list(state.lags),
        spaces=[_space(state, s) for s in SPACES],
        players=players,
        equipment_top=_equip(state.equip_faceup[-1] if state.equip_faceup else None),
        equipment_deck=len(state.equip_deck),
        equipment_faceup=len(state.equip_faceup),
        task_deck=len(state.task_deck.cards),
        task_discards=len(state.task_deck.discards),
        task_discard_top=_task(state.task_deck.discards[-1]) if state.task_deck.discards else None,
        commission_deck=len(state.commission_deck),
        test=_test(state),
        window=WindowView(answered=[s for s in window.seats if s in window.answers], waiting=window.asked())
        if window is not None
        else None,
        trade=_trade(state, seat),
        last_roll=state.last_roll,
        terror=[
            TerrorView(id=x, name=pack.terror[x].name, text=pack.terror[x].text)
            for x in state.terror_revealed
        ],
        flags=list(state.flags),
        options=state.opts.model_dump(),
        setup=SetupView(
            kind=progress["topic"], chosen=progress["chosen"], count=progress["count"], of=progress["of"]
        )
        if progress is not None
        else None,
        draft=draft,
        available_detectives=sorted(
            d for d in pack.detectives if all(q.detective != d for q in state.players.values())
        )
        if draft
        else [],
        placings=list(state.placings),
        last=last_view(state),
    )
    if seat is not None and seat in state.players:
        view.me = _me(state, seat, players[state.seats.index(seat)])
    return view
