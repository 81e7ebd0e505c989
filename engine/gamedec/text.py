"""Gamedec's board text and hand text (the terminal's ``board`` and ``hand``, Discord's ``/hand`` and **My
hand**), written from the typed view (:mod:`.view`): complete, sectioned with short headings, in the game's
words. The board: the round and who acts, what the last turn changed, the Commission, the roll or trade in
progress, each detective (Skills with their values, Wounds with their penalties, the Reputation range,
Equipment, Clues and Obligations), the 13 spaces with their entry rules and exchanges, then the decks. The
hand: the Task cards with their world, Difficulty Level, Skills, success and failure and the detective's
own modifier, the secret choice pending, the cards set aside for Assists and Sabotages, the detective
himself and his Scenario."""

from __future__ import annotations

from typing import Any

from .board import NAMES, REP_NAMES
from .names import plural, skill_name
from .pack import load_pack
from .view import (
    PENALTY_WORDS,
    REWARD_WORDS,
    CardView,
    GamedecView,
    HandCard,
    LastView,
    PlayerView,
    SpaceView,
    TestView,
    TradeView,
)

INDENT = "  "
STORY = {"hidden": "not started yet", "started": "started", "done": "completed", "": "none"}
"""A Scenario's status in words."""
KINDS = {"realium": "the Realium", "world": "Sensory World", "corp": "Corporation"}


def _checked(view: dict[str, Any] | GamedecView) -> GamedecView:
    return view if isinstance(view, GamedecView) else GamedecView.model_validate(view)


def space_name(space: str) -> str:
    return NAMES.get(space, "any world" if space == "universal" else space.replace("_", " ").title())


def rep_text(rep: int) -> str:
    return f"{REP_NAMES.get(rep, str(rep))} ({rep:+d})"


def card_line(card: CardView, bold: bool = False) -> str:
    """ "The Velvet Heir: Brahma, DL 8, Agility or Melee · success Clue + Skill · failure Bio Wound" """
    skills = "Skills " + ", ".join(skill_name(s) for s in card.skills) if card.skills else "any Skill"
    success = " + ".join(REWARD_WORDS.get(r, r) for r in card.success)
    failure = PENALTY_WORDS.get(card.failure, card.failure)
    story = " (a Scenario Task)" if card.story else ""
    name = f"**{card.name}**" if bold else card.name
    return (
        f"{name}{story}: {space_name(card.world)}, DL {card.dl}, {skills} · success {success} · "
        f"failure {failure}"
    )


def hand_card_line(card: HandCard) -> str:
    why = f" ({card.explain})" if card.explain and card.explain != "no modifiers" else ""
    return card_line(card, bold=True) + f" · your modifier {card.bonus:+d}{why}"


def skills_text(p: PlayerView) -> str:
    """The detective's Skills (those he has, with values), then the rest of his Skill table."""
    has = ", ".join(f"{skill_name(s)} +{v}" for s, v in p.skills.items()) or "none yet"
    rest = [f"{skill_name(s)} +{v}" for s, v in p.skill_table.items() if s not in p.skills]
    return f"Skills: {has}" + (f" (not yet taken: {', '.join(rest)})" if rest else "")


def wounds_text(p: PlayerView) -> str:
    parts = []
    for kind, has in (("bio", p.bio), ("neuro", p.neuro)):
        value = p.wound_values.get(kind, 0)
        parts.append(f"{kind.capitalize()} -{value}" + (" (wounded)" if has else ""))
    return "Wounds: " + ", ".join(parts)


def rep_range_text(p: PlayerView) -> str:
    low, high = (p.rep_range + [0, 0])[:2]
    return f"Reputation {rep_text(p.rep)}, range {rep_text(low)} to {rep_text(high)}"


def player_lines(p: PlayerView) -> list[str]:
    """One detective: where and how he stands, then his Skills, Wounds, Equipment and tokens."""
    pad = INDENT * 2
    tags = [t for t, on in (("Start Player", p.start_player), ("finished", p.finished)) if on]
    tags += ["a Lag token: one move fewer"] if p.lag else []
    head = f"{p.seat} · {p.name}" + (f" ({', '.join(tags)})" if tags else "")
    where = space_name(p.pos) if p.pos else "off the board"
    lines = [
        INDENT + head + f", in {where}: {p.ip} IP · {plural(p.credits, 'Credit')} · "
        f"{plural(p.hand, 'Task card')} in hand · {p.set_aside} set aside",
        pad + rep_range_text(p),
        pad + skills_text(p),
        pad + wounds_text(p),
    ]
    if p.equipment:
        lines.append(
            pad + "Equipment: " + ", ".join(f"{e.name} (+2 {skill_name(e.skill)})" for e in p.equipment)
        )
    if p.clues or p.obligations:
        clues = ", ".join(space_name(c) for c in p.clues) or "none"
        obligations = ", ".join(space_name(o) for o in p.obligations) or "none"
        lines.append(pad + f"Clues: {clues} · Obligations: {obligations}")
    if p.ability:
        lines.append(pad + f"Ability: {p.ability}")
    if p.scenario is not None:
        status = STORY.get(p.scenario.status, "")
        lines.append(pad + "Scenario: " + (f"{p.scenario.name} ({status})" if p.scenario.name else status))
        lines += [pad + "Finales: " + ", ".join(p.scenario.finales)] if p.scenario.finales else []
    return lines


def space_line(view: GamedecView, s: SpaceView) -> str:
    marks = []
    if s.id == view.target:
        marks.append("TARGET, Lag side up" if view.target_lag else "TARGET, safe side up")
    if s.id == view.threatened:
        marks.append("THREATENED")
    if s.lag:
        marks.append("a Lag")
    head = f"{s.name}" + (f" [{', '.join(marks)}]" if marks else "")
    parts = [f"detectives {', '.join(s.pawns)}"] if s.pawns else []
    parts += [f"Clues of {', '.join(s.clues)}"] if s.clues else []
    parts += [f"Obligations of {', '.join(s.obligations)}"] if s.obligations else []
    rules = [s.entry] if s.entry else []
    rules += [f"exchange {s.exchange}"] if s.exchange else []
    if s.equipment is not None:
        rules.append(f"Equipment on offer {s.equipment.name} (+2 {skill_name(s.equipment.skill)})")
    rules += [f"Corporate Aid: {s.aid}"] if s.aid else []
    body = " · ".join(parts) or "empty"
    return INDENT + f"{head}: {body}" + (f" ({'; '.join(rules)})" if rules else "")


def test_line(view: GamedecView, t: TestView) -> str:
    where = space_name(t.space)
    if t.card is not None:
        mod = f", modifier {t.modifier:+d} so far" if t.modifier is not None else ""
        what = f"{t.actor} tests {t.card.name} (DL {t.card.dl}) in {where}{mod}"
    else:
        what = f"{t.actor} attacks {t.defender} in {where} with {skill_name(t.skill)}"
    help_ = [f"Assists: {', '.join(f'{s} +{n}' for s, n in t.assists.items())}"] if t.assists else []
    help_ += [f"Sabotages: {', '.join(f'{s} -{n}' for s, n in t.sabotages.items())}"] if t.sabotages else []
    return what + (" · " + " · ".join(help_) if help_ else "") + "."


def goods(item: str) -> str:
    """A traded good as the view gives it ("t054+c1", "task_card", "e04") in words."""
    pack = load_pack()
    names = []
    for one in item.split("+"):
        if not one or one == "none":
            names.append("nothing")
        elif one in ("c1", "c2"):
            names.append(plural(int(one[1]), "Credit"))
        elif one in ("task", "task_card"):
            names.append("a Task card")
        elif one in pack.equipment:
            names.append(pack.equipment[one].name)
        elif one in pack.tasks:
            names.append(pack.tasks[one].name)
        else:
            names.append("something")
    return " and ".join(names)


def trade_lines(t: TradeView) -> list[str]:
    lines = [f"Trade: {t.from_} with {t.to or 'everyone'}"]
    if t.give or t.get:
        lines[0] += f": gives {goods(t.give) if t.give else '(not chosen yet)'}, asks for " + (
            goods(t.get) if t.get else "(not chosen yet)"
        )
    for seat, offer in (t.offers or {}).items():
        said = (
            "passes"
            if offer.passed
            else (f"offers {goods(offer.give)} for {goods(offer.get)}" if offer.give else "")
        )
        lines += [INDENT + f"{seat} {said}"] if said else []
    if t.sent:
        lines.append(INDENT + "Chosen what to send: " + ", ".join(t.sent))
    return lines


def fight_line(roll: dict[str, Any]) -> str:
    a, d = str(roll.get("attacker", "")), str(roll.get("defender", ""))
    dice, totals = roll.get("dice") or {}, roll.get("totals") or {}

    def side(seat: str) -> str:
        rolled = " + ".join(str(n) for n in dice.get(seat, []))
        return f"{seat} {rolled} = {totals.get(seat, '?')}"

    return f"Last fight ({skill_name(str(roll.get('skill', '')))}): {side(a)}, {side(d)}."


def roll_line(roll: dict[str, Any]) -> str:
    if roll.get("kind") == "attack":
        return fight_line(roll)
    dice = roll.get("dice") or []
    seat = roll.get("seat", "")
    card = load_pack().tasks.get(str(roll.get("card", "")))
    what = f" on {card.name}" if card is not None else ""
    extra = roll.get("cards") or 0
    cards = f" {extra:+d} from cards" if extra else ""
    total = roll.get("total")
    dl = roll.get("dl")
    verdict = "success" if roll.get("success") else "failure"
    lag = " (a 1 on a Lag space)" if roll.get("lag_fail") else ""
    rolled = " + ".join(str(d) for d in dice)
    return (
        f"Last roll: {seat}{what}: {rolled} {int(roll.get('modifier') or 0):+d}{cards} = {total}"
        + (f" against DL {dl}" if dl else "")
        + f", {verdict}{lag}."
    )


def last_lines(last: LastView | None) -> list[str]:
    if last is None or not (last.changes or last.spaces):
        return []
    head = (
        f"{last.seat}'s turn (Round {last.round}) changed:"
        if last.done
        else f"Since {last.seat}'s turn began:"
    )
    lines = [head]
    lines += [INDENT + f"{seat}: {', '.join(moved)}." for seat, moved in last.changes.items()]
    if last.spaces:
        lines.append(INDENT + "Changed on the board: " + ", ".join(space_name(s) for s in last.spaces) + ".")
    return lines


def status_line(view: GamedecView) -> str:
    if view.result is not None:
        won = ", ".join(view.result.winners) or "nobody"
        return f"Game over: {view.result.reason}. Won: {won}."
    if view.draft:
        return f"Choosing detectives: {view.draft[0]} chooses now."
    if view.setup is not None:
        done = f"{view.setup.count} of {view.setup.of} chosen"
        return f"Each detective chooses a starting Skill in secret ({done})."
    if view.active:
        mode = {"tasks": ", a turn of Tasks", "attacks": ", a turn of Attacks"}.get(view.turn_mode, "")
        return f"Now: {view.active}'s turn, {plural(view.moves_left, 'move')} left{mode}."
    return ""


def header_lines(view: GamedecView) -> list[str]:
    cap = f" (Clues give IP up to {view.clue_cap})" if view.clue_cap is not None else ""
    lines = [
        f"Gamedec · Round {view.round} · {plural(view.rounds_left, 'Commission')} left · first to "
        f"{view.goal} IP wins{cap}"
    ]
    lines += [status_line(view)] if status_line(view) else []
    if view.awaiting and view.result is None:
        lines.append("Waiting for: " + ", ".join(view.awaiting))
    if view.commission is not None:
        side = "Lag side up" if view.target_lag else "safe side up"
        lines.append(
            f"Commission: Target {space_name(view.target)} ({side}), Threatened Corporation "
            f"{space_name(view.threatened)}"
        )
    if view.test is not None:
        lines.append(test_line(view, view.test))
    if view.window is not None and view.window.waiting:
        lines.append(
            "Before the roll, waiting for an Assist, a Sabotage or a pass: " + ", ".join(view.window.waiting)
        )
    if view.trade is not None:
        lines += trade_lines(view.trade)
    if view.last_roll:
        lines.append(roll_line(view.last_roll))
    return lines


def deck_lines(view: GamedecView) -> list[str]:
    top = view.task_discard_top
    lines = [
        "Decks: "
        + " · ".join(
            (
                plural(view.task_deck, "Task card"),
                f"{view.task_discards} discarded" + (f" (top: {top.name})" if top else ""),
                plural(view.equipment_deck, "Equipment card"),
                plural(view.commission_deck, "Commission card"),
            )
        )
    ]
    if view.equipment_top is not None:
        e = view.equipment_top
        lines.append(
            f"Face-up Equipment: {e.name} (+2 {skill_name(e.skill)}), {view.equipment_faceup} in the pile"
        )
    lines += [f"Terror: {t.name}: {t.text}" for t in view.terror]
    if view.available_detectives:
        names = load_pack().detectives
        lines.append(
            "Detectives to choose from: " + ", ".join(names[d].name for d in view.available_detectives)
        )
    if view.placings:
        lines.append("Placings: " + ", ".join(f"{i + 1}. {s}" for i, s in enumerate(view.placings)))
    return lines


def board_lines(data: dict[str, Any] | GamedecView) -> list[str]:
    """The whole public table."""
    view = _checked(data)
    lines = header_lines(view) + last_lines(view.last)
    lines.append("Detectives:")
    for p in view.players:
        lines += player_lines(p)
    lines.append("The Net (Realium, Sensory Worlds, Corporations):")
    lines += [space_line(view, s) for s in view.spaces]
    return lines + deck_lines(view)


def _secret_lines(view: GamedecView) -> list[str]:
    me = view.me
    if me is None:
        return []
    lines = []
    if me.start_skill:
        lines.append(f"**Your secret choice**: starting Skill {_skill_of(me.start_skill)}")
    if me.window_answer:
        lines.append(f"**Your answer before the roll**: {_answer(me.window_answer)}")
    if me.trade_sent:
        lines.append(f"**You send**: {goods(_value_of(me.trade_sent))}")
    return lines


def _value_of(key: str) -> str:
    """The value of an intent key's one argument ("send:card=t071" -> "t071")."""
    _, _, args = key.partition(":")
    return "+".join(a.partition("=")[2] for a in args.split(",") if a) if args else ""


def _skill_of(key: str) -> str:
    value = _value_of(key) or key
    return skill_name(value) if value in load_pack().skills else value


def _answer(key: str) -> str:
    kind = key.partition(":")[0]
    value = _value_of(key)
    said = {"assist": "Assist (+2)", "sabotage": "Sabotage (-2)", "pass": "pass"}.get(kind, "an answer")
    return said + (f" with {goods(value)}" if value and kind in ("assist", "sabotage") else "")


def scenario_lines(scenario: dict[str, Any]) -> list[str]:
    if not scenario:
        return []
    name, status = scenario.get("name", ""), STORY.get(str(scenario.get("status", "")), "")
    lines = [f"**Your Scenario**: {name} ({status}): {scenario.get('text', '')}"]
    task = scenario.get("path1")
    if isinstance(task, dict):
        named = ", ".join(skill_name(s) for s in task.get("skills", []))
        skills = f"Skills {named}" if named else "any Skill"
        lines.append(
            f"• Path 1: the Task {task.get('name')} in {space_name(str(task.get('world')))}, "
            f"DL {task.get('dl')}, {skills}"
        )
    cond = scenario.get("path2")
    if isinstance(cond, dict):
        cost = {"equipment": "Equipment card", "credits": "Credit", "set_aside": "set-aside Task card"}
        paid = plural(int(cond.get("count", 1)), cost.get(str(cond.get("cost")), "card"))
        lines.append(f"• Path 2: {cond.get('name')}: pay {paid} for {cond.get('ip')} IP")
    return lines


def hand_lines(
    own: dict[str, Any] | GamedecView, public: dict[str, Any] | GamedecView | None = None
) -> list[str]:
    """What only this detective sees, first; then the detective himself (to decide with)."""
    view = _checked(own)
    me = view.me
    if me is None:
        return []
    lines = [f"**Your hand** ({plural(len(me.hand), 'Task card')}; the limit is 8 at the end of your turn):"]
    lines += [f"• {hand_card_line(c)}" for c in me.hand] or ["• none"]
    if me.drawn:
        lines.append(
            f"**Drawn face down this turn**: {plural(me.drawn, 'Task card')}, seen when your turn ends"
        )
    lines += _secret_lines(view)
    if view.trade is not None and view.seat in (view.trade.from_, view.trade.to):
        lines += ["**Your trade**: " + trade_lines(view.trade)[0].removeprefix("Trade: ")]
    lines.append(f"**Set aside** (for Assists +2 and Sabotages -2): {plural(len(me.set_aside), 'Task card')}")
    lines += [f"• {card_line(c, bold=True)}" for c in me.set_aside]
    p = me.detective
    lines.append(
        f"**Your detective**: {p.name} in {space_name(p.pos)}: {p.ip} IP · {plural(p.credits, 'Credit')}"
    )
    lines += [f"• {rep_range_text(p)}", f"• {skills_text(p)}", f"• {wounds_text(p)}"]
    lines += [f"• Equipment: {e.name} (+2 {skill_name(e.skill)})" for e in p.equipment]
    lines += [f"• Ability: {p.ability}"] if p.ability else []
    return lines + scenario_lines(me.scenario)
