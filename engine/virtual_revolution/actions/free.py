"""Free actions, at any point of one's own turn once the Director is placed: activate an Agent on Duty
(``activate:agent=x[,at=..][,with=..]``), promote one (``promote:agent=x,use=..,to=retire|boost``), put a
Verse Online (``online:verse=v``), exchange a Verse for Immunity (``trade:verse=v``) and collect Influence
from the Recycle Area (``collect:ec=1,drop=0,peek=0,imm=1``). Titles are in :mod:`.titles`."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Intent, private, public
from engine.core.args import number, word
from engine.core.intent import Value

from ..agents_row import discard_verse
from ..cardtext import plural
from ..effects import activate, activation_intent, activation_targets
from ..promotions import promote, uses
from ..rules import (
    RULES,
    P,
    VrAction,
    agent,
    agent_name,
    agent_named,
    borough_name,
    corruption_label,
    discard_corruption,
    verse_name,
    verse_named,
)
from ..state import VrState
from ..verses import condition_met, go_online
from .turn import placed


@RULES.action
class Activate(VrAction):
    """ "Turn the Agent on Duty sideways and use the ability on its card. A turned Agent will remain turned
    for
    the entire Round." """

    kind = "activate"
    summary = "Activate an Agent on Duty"
    args = (
        word("agent", agent_named),
        word("at", lambda state, v: _target_name(str(v)), optional=True),
        word("with", lambda state, v: _target_name(str(v)), optional=True),
        number("slot", lambda state, v: f"Slot {v}", optional=True),
    )

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat):
            return []
        out: list[Intent] = []
        for d in state.p(seat).duty:
            if not d.turned:
                out += [activation_intent(d.agent, t) for t in activation_targets(state, seat, d.agent)]
        return out

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        agent_id = intent.word("agent")
        duty = next(d for d in state.p(seat).duty if d.agent == agent_id)
        duty.turned = True
        with_ = intent.get("with", intent.get("slot"))
        return activate(
            state, seat, agent_id, str(intent.get("at") or ""), "" if with_ is None else str(with_)
        )

    def label(self, state: VrState, intent: Intent) -> str:
        name = agent_name(intent.word("agent"))
        at = intent.get("at")
        target = ""
        if isinstance(at, str):
            target = (
                f" ({_target_name(at)}" + (f", slot {intent.get('slot')}" if intent.get("slot") else "") + ")"
            )
        return f"Activate {name}{target}"


ENDS = {"retire": "Retire it", "boost": "Make it a Boost"}
"""Where a promoted Agent goes."""


def _use_named(state: VrState, value: Value) -> str:
    if value == "no":
        return "Without its promotion"
    if value == "yes":
        return "Using its promotion"
    return f"Using it on {_target_name(str(value))}"


def target_named(state: VrState, value: Value) -> str:
    """What an activation or a Title is used on: a Borough, a Verse, an Agent, a copied promotion."""
    return _target_name(str(value))


def _target_name(value: str) -> str:
    copied, dot, target = value.partition(".")
    if dot and copied in P().agents:
        return f"{agent_name(copied)}'s promotion on {_target_name(target)}"
    if value in P().graph.records:
        return borough_name(value)
    if value in P().verses:
        return verse_name(value)
    if value in P().agents:
        return agent_name(value)
    if value.startswith(("add_", "rem_")) and value[4:] in P().graph.records:
        return ("adding in " if value.startswith("add") else "removing in ") + borough_name(value[4:])
    return value


@RULES.action
class Promote(VrAction):
    """ "Send the Agent to retirement ... Turn the Agent into a Boost (Level 1 Agents only) ... an Agent that
    has
    been promoted, retired or turned into a Boost is no longer considered to be on Duty." """

    kind = "promote"
    summary = "Promote an Agent"
    args = (word("agent", agent_named), word("use", _use_named), word("to", lambda state, v: ENDS[str(v)]))

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat):
            return []
        out: list[Intent] = []
        for d in state.p(seat).duty:
            card = agent(d.agent)
            ends = ["retire", "boost"] if card.level == 1 and card.boost else ["retire"]
            out += [
                Intent.of("promote", agent=d.agent, use=u, to=e)
                for u in uses(state, seat, d.agent)
                for e in ends
            ]
        return out

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        agent_id, use, to = intent.word("agent"), intent.word("use"), intent.word("to")
        player = state.p(seat)
        player.duty = [d for d in player.duty if d.agent != agent_id]
        card = agent(agent_id)
        if to == "boost" and card.boost is not None:
            player.boosts.setdefault(card.boost.action, []).append(agent_id)
            where = f"turns {card.name} into a Boost under {card.boost.action.capitalize()}"
        else:
            player.retired.append(agent_id)
            where = f"retires {card.name}"
        events = [public("promote", f"{seat} promotes and {where}.")]
        return events + (promote(state, seat, agent_id, use) if use != "no" else [])

    def label(self, state: VrState, intent: Intent) -> str:
        use = str(intent.get("use"))
        how = {"no": " without using it", "yes": " using it"}.get(use, f" using it on {_target_name(use)}")
        to = "retire it" if intent.get("to") == "retire" else "make it a Boost"
        return f"Promote {agent_name(intent.word('agent'))}{how}, then {to}"


@lru_cache(maxsize=256)
def _about_verse(kind: str, verse: str) -> Intent:
    """``online:verse=v`` or ``trade:verse=v``, built once for each Verse."""
    return Intent.of(kind, verse=verse)


@RULES.action
class Online(VrAction):
    """ "When you meet the indicated condition, you can put the Verse 'Online'. Get the bonus
    immediately." """

    kind = "online"
    summary = "Put a Verse Online"
    args = (word("verse", verse_named),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat):
            return []
        loading = [h.verse for h in state.p(seat).verses if not h.online]
        if not loading:
            return []
        verses = P().verses
        return [_about_verse("online", v) for v in loading if condition_met(state, seat, verses[v])]

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        held = next(h for h in state.p(seat).verses if h.verse == intent.word("verse"))
        return go_online(state, seat, held)

    def label(self, state: VrState, intent: Intent) -> str:
        return f"Put {verse_name(intent.word('verse'))} Online"


@RULES.action
class Trade(VrAction):
    """ "You may, at any time during your turn, exchange a Verse, whether it is Online or not, for 1 Immunity
    token. The Verse is discarded." """

    kind = "trade"
    family = "trade"
    summary = "Exchange a Verse for Immunity"
    args = (word("verse", verse_named),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat):
            return []
        return [_about_verse("trade", h.verse) for h in state.p(seat).verses]

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        player = state.p(seat)
        held = next(h for h in player.verses if h.verse == intent.word("verse"))
        player.verses.remove(held)
        discard_verse(state, held.verse)
        player.imm += 1
        return [public("trade", f"{seat} exchanges {verse_name(held.verse)} for 1 Immunity.")]

    def label(self, state: VrState, intent: Intent) -> str:
        return f"Exchange {verse_name(intent.word('verse'))} for 1 Immunity"


def collections(tokens: int, hand: int) -> list[tuple[int, int, int, int]]:
    """Every (ec, drop, peek, imm) split of the tokens collected: "1 token: +1 Eurocredit; 2 tokens: Discard 1
    Corruption card at random, or Secretly look at the top Necro card; 3 tokens: Gain 1 Immunity token"
    (a second look shows the same card, so one is offered)."""
    out = []
    for imm in range(tokens // 3 + 1):
        for peek in (0, 1):
            for drop in range(min(hand, tokens // 2) + 1):
                rest = tokens - 3 * imm - 2 * peek - 2 * drop
                for ec in range(max(rest, 0) + 1):
                    if rest >= 0 and ec + 2 * drop + 2 * peek + 3 * imm > 0:
                        out.append((ec, drop, peek, imm))
    return out


@lru_cache(maxsize=1024)
def _collect_offers(tokens: int, hand: int, peek_ok: bool) -> tuple[Intent, ...]:
    """Collect's intents for that many tokens and Corruption cards (``peek_ok``: a Necro card to look at),
    in the order of :func:`collections`: the same numbers always give the same offers."""
    return tuple(
        Intent.of("collect", ec=e, drop=d, peek=p, imm=i)
        for e, d, p, i in collections(tokens, hand)
        if peek_ok or not p
    )


@RULES.action
class Collect(VrAction):
    """ "At any time during your turn, if you have one or more Influence tokens in the Recycle Area, you may
    choose to collect some or all of them ... Then gain the benefits depending on the number of tokens." """

    kind = "collect"
    family = "trade"
    summary = "Collect Influence from the Recycle Area"
    args = (
        number("ec", lambda state, v: f"+{v} EC"),
        number("drop", lambda state, v: f"discard {v} at random"),
        number("peek", lambda state, v: "look at the top Necro card" if v else "no look"),
        number("imm", lambda state, v: f"+{v} Immunity"),
    )

    def options(self, state: VrState, seat: str) -> list[Intent]:
        tokens = state.recycle.get(seat, 0)
        if not placed(state, seat) or not tokens:
            return []
        return list(_collect_offers(tokens, len(state.p(seat).hand), bool(state.necro_deck)))

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        ec, drop, peek, imm = (intent.num(k) for k in ("ec", "drop", "peek", "imm"))
        n = ec + 2 * drop + 2 * peek + 3 * imm
        player = state.p(seat)
        state.recycle[seat] -= n
        player.reserve += n
        player.ec += ec
        player.imm += imm
        events = [public("collect", f"{seat} collects {n} Influence from the Recycle Area.")]
        if drop:
            dropped: list[str] = []
            for _ in range(drop):
                cards = [player.hand[state.rng.below(len(player.hand))]]
                discard_corruption(state, seat, cards)
                dropped += cards
            events.append(public("discard", f"{seat} discards {plural(drop, 'Corruption card')} at random."))
            told = "; ".join(corruption_label(c) for c in dropped)
            events.append(private(seat, "dropped", f"Discarded at random: {told}."))
        if peek:
            events += peek_necro(state, seat)
        return events

    def label(self, state: VrState, intent: Intent) -> str:
        parts = [
            f"+{intent.get('ec')} EC" if intent.get("ec") else "",
            f"discard {intent.get('drop')} at random" if intent.get("drop") else "",
            "look at the top Necro card" if intent.get("peek") else "",
            f"+{intent.get('imm')} Immunity" if intent.get("imm") else "",
        ]
        return "Collect: " + ", ".join(p for p in parts if p)


def peek_necro(state: VrState, seat: str) -> list[Event]:
    if not state.necro_deck:
        return []
    top = state.necro_deck[-1]
    state.p(seat).peek = top
    return [
        public("peek", f"{seat} secretly looks at the top Necro card."),
        private(seat, "necro_peek", f"The top Necro card is {P().necro[top].name}."),
    ]
