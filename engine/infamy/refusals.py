"""Why an Infamy intent is refused, in plain words, and what the seat can do instead.

Every refusal reads ``<the reason>. <what is possible>``: the reason comes from the action (bids,
Favors, placement, Schemes: their ``refusal``), the Sector Phase's secret choice, or the question an
effect asks (its topic, below); what is possible is a short summary of the seat's legal intents
(:func:`alternatives`), never the raw intent keys. A refusal never tells a seat anything hidden: it
speaks of the seat's own hand and choice, or of public counts (tokens, hand sizes, Watchdogs).
"""

from __future__ import annotations

from typing import Any

from engine.core import Intent
from engine.core.labels import listing
from engine.core.waiting import AskFrame, SecretFrame

from . import rules as R
from .pack import FACTIONS, RESOURCES
from .state import InfamyState

ANSWERS = {
    "resource": ("resource",),
    "rep": ("rep",),
    "liaison": ("liaison",),
    "deck": ("deck",),
    "discard": ("discard",),
    "steal": ("steal",),
    "thug_cancel": ("allow", "cancel"),
    "target": ("target",),
    "sabotage": ("sabotage",),
    "hazard": ("hazard",),
    "unhazard": ("unhazard",),
    "watchdog_add": ("watchdog",),
    "watchdog_move": ("watchdog",),
    "watchdog_remove": ("watchdog",),
    "order": ("resolve",),
}
"""Each question's topic and the intent kinds that answer it."""

WHEN = {
    "bid": "Bids are made in the Contact Phase, by the freelancer whose turn it is to bid",
    "favor": "A Favor is used in the Contact Phase, at your first opportunity to bid on a Contact",
    "pass": "There is no bid or Scheme to pass on now",
    "sector": "Sector cards are chosen in the Sector Phase, once every Contact is auctioned",
    "place": "Pawns are placed once the sectors are revealed, in Contact Order",
    "smuggle": "Staying out (Smuggler) is chosen when you would place your pawn",
    "play": "Schemes are played in the Scheme Phase, each freelancer in turn",
}
"""When an action kind is possible, for an intent of that kind at another moment."""

ASKED = {
    "resource": "a resource to gain",
    "rep": "a faction for Rep",
    "liaison": "the Liaison's reward",
    "deck": "a Scheme deck to draw from",
    "discard": "a Scheme to discard",
    "steal": "what to steal",
    "allow": "whether to cancel a theft",
    "cancel": "whether to cancel a theft",
    "target": "a rival to lose tokens",
    "sabotage": "a mission to Sabotage",
    "hazard": "a zone for a Hazard",
    "unhazard": "a Hazard to remove",
    "watchdog": "where a Watchdog goes",
    "resolve": "which effect resolves first",
}
"""What an answer kind chooses, for an answer to a question nobody asks."""

SHOWN = 6
"""Labels of one kind shown among the alternatives before "and N more"."""


# --- what is possible instead ------------------------------------------------------------------


def alternatives(game: Any, state: InfamyState, seat: str) -> str:
    """ "You can: pass, bid 4 to 11 or use a Favor." (the seat's legal intents, grouped by kind), or whom
    the game waits for when the seat has nothing to do."""
    legal = game.legal(state, seat)
    if not legal:
        awaited = game.awaiting(state)
        return f"The game is waiting for {listing(awaited)}." if awaited else "Nothing can be played now."
    kinds: dict[str, list[Intent]] = {}
    for intent in legal:
        kinds.setdefault(intent.kind, []).append(intent)
    parts: list[str] = []
    for kind, intents in kinds.items():
        if kind == "bid":
            totals = [i.num("to") for i in intents]
            parts.append(f"bid {totals[0]}" if len(totals) == 1 else f"bid {min(totals)} to {max(totals)}")
            continue
        labels = [game.describe(state, i).rstrip(".") for i in intents]
        parts += (
            labels[:SHOWN]
            if len(labels) <= SHOWN
            else [*labels[: SHOWN - 1], f"{len(labels) - SHOWN + 1} more"]
        )
    return f"You can: {_or(parts)}."


def _or(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def explain(game: Any, state: InfamyState, seat: str, intent: Intent) -> str:
    """The refusal of an intent the top frame does not accept from ``seat``: the reason, then what is
    possible instead."""
    reason = reason_for(game, state, seat, intent) or f"{game.describe(state, intent)} is not possible now"
    return f"{reason.rstrip('.')}. {alternatives(game, state, seat)}"


def reason_for(game: Any, state: InfamyState, seat: str, intent: Intent) -> str | None:
    top = state.waiting.top()
    if top is None:
        return None
    if isinstance(top, SecretFrame):
        return (
            sector_reason(state, top, seat, intent)
            if intent.kind == "sector"
            else (
                f"{WHEN[intent.kind]}; now everyone chooses a sector in secret"
                if intent.kind in WHEN
                else f"Nobody asks you for {ASKED.get(intent.kind, 'that')} now: "
                "everyone chooses a sector in secret"
            )
        )
    if isinstance(top, AskFrame):
        return answer_reason(state, top, seat, intent)
    actions = getattr(top, "actions", [])
    action = game.rules.actions.get(intent.kind)
    if action is not None and game.rules.actions.offers(actions, intent.kind):
        reason: str | None = action.refusal(state, seat, intent)
        return reason
    if intent.kind in WHEN:
        return WHEN[intent.kind]
    return f"Nobody asks you for {ASKED.get(intent.kind, 'that')} now"


# --- the Sector Phase ---------------------------------------------------------------------------


def sector_number(value: object) -> int | None:
    """``s3`` as 3; None for anything that is not a sector card's name."""
    if isinstance(value, str) and len(value) == 2 and value[0] == "s" and value[1] in "123456":
        return int(value[1])
    return None


def allowed_sectors(state: InfamyState, seat: str) -> list[int]:
    if seat == state.chief:
        return list(range(1, 7))
    return [n for n in range(1, 7) if n not in state.watchdogs]


def sector_reason(state: InfamyState, frame: SecretFrame, seat: str, intent: Intent) -> str | None:
    """Why a sector card is refused, in the rulebook's words (None: nothing precise to say)."""
    if seat in frame.chosen:
        return "Your sector card is down: it is revealed when everyone has chosen"
    own, acc = intent.get("own"), intent.get("acc")
    owner = state.acc_owner
    second = owner == seat and seat in frame.drafts
    if acc is not None and owner != seat:
        who = f"{owner} controls it this Round" if owner else "nobody won it this Round"
        return (
            f"Only the Accomplice's controller plays an Accomplice sector card ({who}): "
            "choose your own sector"
        )
    if own is not None and acc is not None:
        return "Choose one card at a time: your own sector first, then the Accomplice's"
    if second and acc is None:
        return "Your own sector card is down; now choose the Accomplice's sector"
    if not second and own is None:
        return "First choose your own sector" + (", then the Accomplice's" if owner == seat else "")
    n = sector_number(acc if second else own)
    if n is None:
        return "There is no such sector: the sectors are 1 to 6"
    if n in state.watchdogs and seat != state.chief:
        only = f" (only {state.chief}, who won the Sector Chief, may)" if state.chief else ""
        return f"Sector {n} holds a Watchdog: no freelancer may select it{only}"
    return None


# --- answers to the questions effects ask -------------------------------------------------------


def answer_reason(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    kinds = ANSWERS.get(frame.topic, ())
    if intent.kind not in kinds:
        question = frame.text.removeprefix(f"{seat}: ").rstrip(".")
        if intent.kind in WHEN:
            return f"{WHEN[intent.kind]}. First answer the question you are asked: {question}"
        return f"That does not answer the question you are asked now: {question}"
    check = TOPIC_REASONS.get(frame.topic)
    return check(state, frame, seat, intent) if check is not None else None


def _resource(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    what = intent.get("type")
    if what not in RESOURCES:
        return "There is no such resource: the resources are Weapons, Data and Compound"
    return f"The General Supply has no {R.WHAT_NAMES[str(what)]} left"


def _faction_name(value: object) -> str | None:
    return R.FACTION_NAMES[value] if isinstance(value, str) and value in FACTIONS else None


def _offered_factions(frame: AskFrame) -> list[str]:
    names = []
    for option in frame.options:
        faction = Intent.parse(option.key).get("faction") or Intent.parse(option.key).get("gain")
        name = _faction_name(faction)
        if name:
            names.append(name)
    return names


def _rep(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    if _faction_name(intent.get("faction")) is None:
        return "There is no such faction: the factions are Cartel, Megacorp and Militia"
    return f"This Rep goes to one of the factions shown on the card: {_or(_offered_factions(frame))}"


def _liaison(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    gain = intent.get("gain")
    if _faction_name(gain) is not None and seat in state.rep_locked:
        return "You can gain no Rep this Round (you won the Accomplice)"
    return "The Liaison gives 2 Infamy or 1r in one faction"


def _deck(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    name = _faction_name(intent.get("faction"))
    if name is None:
        return "There is no such Scheme deck: the decks are Cartel, Megacorp and Militia"
    return f"The {name} Scheme deck and its discard pile are empty"


def _discard(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    return "You do not hold that Scheme"


def _rival(state: InfamyState, seat: str, rival: object) -> str | None:
    if rival == seat:
        return "Choose a rival, not yourself"
    if rival not in state.seats:
        return "There is no freelancer of that name"
    return None


def _steal(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    rival = intent.get("rival")
    wrong = _rival(state, seat, rival)
    if wrong:
        return wrong
    offered = [Intent.parse(o.key) for o in frame.options]
    mine = [i for i in offered if i.get("rival") == rival]
    if not mine:
        return f"{rival} has nothing this steal can take"  # resource counts and hand sizes are public
    what = intent.get("type")
    if what is None:
        return f"Name what to steal from {rival}"
    if all(i.get("type") is None for i in mine):
        return "This steal takes a random Scheme: name only the rival"
    name = R.WHAT_NAMES.get(str(what))
    return f"{rival} has no {name} to steal" if name else "There is no such thing to steal"


def _target(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    rival = intent.get("rival")
    wrong = _rival(state, seat, rival)
    if wrong:
        return wrong
    return f"{rival} has nothing of that kind to lose"


def _sabotage(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    return "That mission is not available: Sabotage one of the available missions"


def _zone_known(zone: object) -> bool:
    return isinstance(zone, str) and any(z.id == zone for s in R.pack().sectors.values() for z in s.zones)


def _hazard(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    zone = intent.get("zone")
    if zone == "none":
        return "A Hazard must be added here (only the Saboteur's Hazard may be left out)"
    if isinstance(zone, str) and zone.endswith("m") and len(zone) == 3:
        return "A Hazard goes on a resupply zone, never on a mission zone"
    if not _zone_known(zone):
        return "There is no such zone"
    zone = str(zone)
    z = R.pack().zone(zone)
    label = R.zone_label(zone)
    if zone in state.hazards:
        return f"The {label} already holds a Hazard"
    data = frame.data
    if data.get("sector") is not None and int(zone[1]) != data["sector"]:
        return f"This Hazard goes in sector {data['sector']}, the Sabotaged mission's sector"
    if data.get("non_hq") and z.kind == "hq":
        return f"The {label} is a faction HQ: this Hazard goes on a non-HQ resupply zone"
    return None


def _unhazard(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    zone = intent.get("zone")
    if not _zone_known(zone):
        return "There is no such zone"
    return f"There is no Hazard on the {R.zone_label(str(zone))}"


def _watchdog(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    frm, to = intent.get("frm"), intent.get("to")
    needs = {"watchdog_add": (False, True), "watchdog_move": (True, True), "watchdog_remove": (True, False)}
    want_frm, want_to = needs[frame.topic]
    what = {
        "watchdog_add": "the sector for the new Watchdog",
        "watchdog_move": "the Watchdog's sector and its new sector",
        "watchdog_remove": "the sector of the Watchdog to remove",
    }[frame.topic]
    if (frm is not None) != want_frm or (to is not None) != want_to:
        return f"Name {what}"
    a, b = sector_number(frm), sector_number(to)
    if (want_frm and a is None) or (want_to and b is None):
        return "There is no such sector: the sectors are 1 to 6"
    if want_frm and a not in state.watchdogs:
        return f"There is no Watchdog in sector {a}"
    if frame.topic == "watchdog_move" and a == b:
        return f"A Watchdog must move to a different sector: this one is in sector {a} now"
    return None


def _resolve(state: InfamyState, frame: AskFrame, seat: str, intent: Intent) -> str | None:
    return "That effect is not waiting to resolve"


TOPIC_REASONS = {
    "resource": _resource,
    "rep": _rep,
    "liaison": _liaison,
    "deck": _deck,
    "discard": _discard,
    "steal": _steal,
    "target": _target,
    "sabotage": _sabotage,
    "hazard": _hazard,
    "unhazard": _unhazard,
    "watchdog_add": _watchdog,
    "watchdog_move": _watchdog,
    "watchdog_remove": _watchdog,
    "order": _resolve,
}
