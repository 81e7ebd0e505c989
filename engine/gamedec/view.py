"""What each seat may see. ``seat=None`` is the public view: no hand, no face-down card, no secret."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rules as R
from .board import AID, CORPS, EXCHANGES, NAMES, REALIUM, REP_NAMES, SPACES, WORLDS
from .pack import load_pack
from .state import GamedecState
from .story import private_view, public_status, story_card, story_modifier

if TYPE_CHECKING:
    from .game import GamedecGame


def _task(card: str) -> dict[str, Any]:
    t = load_pack().tasks[card]
    return {"id": t.id, "name": t.name, "world": t.world, "dl": t.dl, "skills": list(t.skills),
            "success": list(t.success), "failure": t.failure}


def _equip(card: str | None) -> dict[str, Any] | None:
    if card is None:
        return None
    e = load_pack().equipment[card]
    return {"id": e.id, "name": e.name, "skill": e.skill}


def build_view(game: GamedecGame, state: GamedecState, seat: str | None) -> dict[str, Any]:
    pack = load_pack()
    rounds_left = len(state.commission_deck)
    if state.options.get("longer_game") and not state.options.get("scenarios") and not state.second_deck_used:
        rounds_left += 8
    spaces = []
    for space in SPACES:
        entry: dict[str, Any] = {
            "id": space, "name": NAMES[space],
            "kind": "realium" if space == REALIUM else ("world" if space in WORLDS else "corp"),
            "pawns": [s for s in state.seats if state.players[s].pos == space and not state.players[s].finished],
            "clues": [s for s in state.seats if space in state.players[s].clues],
            "obligations": [s for s in state.seats if space in state.players[s].obligations],
            "lag": space in state.lags,
            "exchange": EXCHANGES.get(space, ""),
        }
        if space in CORPS:
            heal, cash = AID[space]
            entry["equipment"] = _equip(state.corp_equip.get(space))
            entry["aid"] = f"heal {heal} / {'1 Credit' if cash == 'credit' else 'Reputation +1'} / equipment"
        spaces.append(entry)
    players = []
    for i, s in enumerate(state.seats):
        p = state.players[s]
        chosen = bool(p.detective)
        d = pack.detectives[p.detective or min(pack.detectives)]  # a placeholder while still choosing
        players.append({
            "seat": s, "index": i, "detective": d.id if chosen else "",
            "name": d.name if chosen else "(choosing a detective)", "ability": d.ability_text if chosen else "",
            "pos": p.pos, "ip": p.ip, "rep": p.rep, "rep_name": REP_NAMES[p.rep], "rep_range": [d.rep_min, d.rep_max],
            "bio": p.bio, "neuro": p.neuro, "wound_values": {"bio": d.bio, "neuro": d.neuro},
            "skills": {k: d.skills[k] for k in p.skills}, "skill_table": dict(d.skills) if chosen else {},
            "equipment": [_equip(e) for e in p.equipment], "credits": p.credits, "lag": p.lag,
            "hand": len(p.hand), "drawn": len(p.drawn), "set_aside": len(p.set_aside),
            "clues": list(p.clues), "obligations": list(p.obligations), "finished": p.finished,
            "start_player": s == state.start_player, "active": s == state.active,
            "scenario": public_status(state, s),
        })
    test = _test_view(state)
    window = None
    if state.window is not None:
        window = {"answered": [s for s in state.window.seats if s in state.window.answers],
                  "waiting": state.window.open_seats()}
    trade: dict[str, Any] | None = None
    if state.trade is not None:
        tr = state.trade
        involved = seat in (state.active, tr.partner)
        trade = {"from": state.active, "to": tr.partner, "stage": tr.stage,
                 "give": _public_item(tr.give, involved), "get": _public_item(tr.get, involved)}
        if tr.offers:
            trade["offers"] = {
                s: {"give": _public_item(g, seat in (s, state.active)) if g else "",
                    "get": _public_item(a, seat in (s, state.active)) if a else "", "passed": s in tr.passed}
                for s, (g, a) in tr.offers.items()}
        if tr.sending is not None and trade is not None:
            trade["sent"] = [s for s in tr.sending.seats if s in tr.sending.choices]
    com = None
    if state.commission:
        c = pack.commissions[state.commission]
        com = {"id": c.id, "target": c.target, "threatened": c.threatened}
    view: dict[str, Any] = {
        "game": "gamedec", "seat": seat, "round": state.round, "rounds_left": rounds_left,
        "goal": R.goal(state), "clue_cap": None if state.options.get("longer_game") else R.CLUE_CAP,
        "start_player": state.start_player, "active": state.active, "moves_left": state.moves_left,
        "moved": state.moved, "turn_mode": state.turn_mode, "commission": com, "target": state.target,
        "target_lag": state.target_lag, "threatened": state.threatened, "lags": list(state.lags),
        "spaces": spaces, "players": players,
        "equipment_top": _equip(state.equip_faceup[-1] if state.equip_faceup else None),
        "equipment_deck": len(state.equip_deck), "equipment_faceup": len(state.equip_faceup),
        "task_deck": len(state.task_deck.cards), "task_discards": len(state.task_deck.discards),
        "task_discard_top": _task(state.task_deck.discards[-1]) if state.task_deck.discards else None,
        "commission_deck": len(state.commission_deck),
        "test": test, "window": window, "trade": trade, "last_roll": state.last_roll,
        "terror": [{"id": x, "name": pack.terror[x].name, "text": pack.terror[x].text}
                   for x in state.terror_revealed],
        "flags": list(state.flags), "options": dict(state.options),
        "setup": state.setup_choice.progress() if state.setup_choice is not None else None,
        "draft": list(state.draft),
        "available_detectives": sorted(d for d in pack.detectives
                                       if all(q.detective != d for q in state.players.values()))
        if state.draft else [],
        "placings": list(state.placings),
        "awaiting": game.awaiting(state), "log": list(state.log),
        "result": state.result.model_dump() if state.result else None,
    }
    if seat is not None and seat in state.players:
        p = state.players[seat]
        hand = []
        for card in p.hand:
            entry = _task(card)
            task = pack.tasks[card]
            where = task.world if task.world in WORLDS or task.world == REALIUM else WORLDS[0]
            entry["bonus"] = R.task_modifier(state, seat, task, where) + (
                2 if state.options.get("less_randomness") and R.lag_on(state, where) else 0)
            hand.append(entry)
        mine: dict[str, Any] = {
            "hand": hand,
            "set_aside": [_task(c) for c in p.set_aside],
            "drawn": len(p.drawn),
            "detective": players[state.seats.index(seat)],
            "scenario": private_view(state, seat),
        }
        if state.window is not None and seat in state.window.answers:
            mine["window_answer"] = state.window.answers[seat]
        if state.setup_choice is not None:
            mine["start_skill"] = state.setup_choice.own(seat)
        if state.trade is not None and state.trade.sending is not None:
            mine["trade_sent"] = state.trade.sending.own(seat)
        view["me"] = mine
    return view


def _test_view(state: GamedecState) -> dict[str, Any] | None:
    """The Task test or fight waiting for its roll (public: it is announced when it begins)."""
    t = state.test
    if t is None:
        return None
    test: dict[str, Any] = {
        "kind": t.kind, "actor": t.actor, "defender": t.defender, "skill": t.skill, "space": t.space,
        "card": (story_card(t.card) if t.kind == "story" else _task(t.card)) if t.card else None,
        "assists": dict(t.plus), "sabotages": dict(t.minus), "window_round": t.window_round}
    if t.kind == "task" and t.card:
        test["modifier"] = R.task_modifier(state, t.actor, load_pack().tasks[t.card], t.space)
    elif t.kind == "story" and t.card:
        test["modifier"] = story_modifier(state, t.actor, t.card, t.space)
    return test


def _public_item(item: str, involved: bool) -> str:
    pack = load_pack()
    if item in pack.tasks and not involved:
        return "task_card"
    return item
