"""Why an answer a question does not offer is refused, in the rulebook's words: each question's declared
``refusal`` (see :mod:`.answers`, where the topics are registered). The runtime says it, then what the seat
can do instead (:mod:`engine.core.refusals`).

Every function reads the question's own offer (``frame.fixed``) and payload, never another seat's hand: a
refusal speaks of the seat's own hand and choice, or of public counts (tokens, hand sizes, Watchdogs).
"""

from __future__ import annotations

from engine.core import Intent
from engine.core.frame import Frame, option_intents

from . import rules as R
from .pack import FACTIONS, RESOURCES
from .payloads import HazardAsk
from .state import InfamyState

# --- the Sector Phase ---------------------------------------------------------------------------


def sector(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    """Why a sector card is refused (None: nothing precise to say). The Accomplice's controller chooses his
    own card, then the Accomplice's: the part he is on is the one his question offers now."""
    own, acc = intent.get("own"), intent.get("acc")
    owner = state.acc_owner
    second = owner == seat and all(i.get("acc") is not None for i in option_intents(frame.fixed(seat)))
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
    n = R.sector_number(acc if second else own)
    if n is None:
        return "There is no such sector: the sectors are 1 to 6"
    if n in state.watchdogs and seat != state.chief:
        only = f" (only {state.chief}, who won the Sector Chief, may)" if state.chief else ""
        return f"Sector {n} holds a Watchdog: no freelancer may select it{only}"
    return None


# --- answers to the questions effects ask -------------------------------------------------------


def resource(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    what = intent.get("type")
    if what not in RESOURCES:
        return "There is no such resource: the resources are Weapons, Data and Compound"
    return f"The General Supply has no {R.WHAT_NAMES[str(what)]} left"


def _faction_name(value: object) -> str | None:
    return R.FACTION_NAMES[value] if isinstance(value, str) and value in FACTIONS else None


def _offered_factions(frame: Frame, seat: str) -> list[str]:
    names = []
    for offered in option_intents(frame.fixed(seat)):
        name = _faction_name(offered.get("faction") or offered.get("gain"))
        if name:
            names.append(name)
    return names


def rep(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    if _faction_name(intent.get("faction")) is None:
        return "There is no such faction: the factions are Cartel, Megacorp and Militia"
    shown = _offered_factions(frame, seat)
    either = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"This Rep goes to one of the factions shown on the card: {either}"


def liaison(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    gain = intent.get("gain")
    if _faction_name(gain) is not None and seat in state.rep_locked:
        return "You can gain no Rep this Round (you won the Accomplice)"
    return "The Liaison gives 2 Infamy or 1r in one faction"


def deck(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    name = _faction_name(intent.get("faction"))
    if name is None:
        return "There is no such Scheme deck: the decks are Cartel, Megacorp and Militia"
    return f"The {name} Scheme deck and its discard pile are empty"


def discard(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    return "You do not hold that Scheme"


def _rival(state: InfamyState, seat: str, rival: object) -> str | None:
    if rival == seat:
        return "Choose a rival, not yourself"
    if rival not in state.seats:
        return "There is no freelancer of that name"
    return None


def steal(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    rival = intent.get("rival")
    wrong = _rival(state, seat, rival)
    if wrong:
        return wrong
    mine = [i for i in option_intents(frame.fixed(seat)) if i.get("rival") == rival]
    if not mine:
        return f"{rival} has nothing this steal can take"  # resource counts and hand sizes are public
    what = intent.get("type")
    if what is None:
        return f"Name what to steal from {rival}"
    if all(i.get("type") is None for i in mine):
        return "This steal takes a random Scheme: name only the rival"
    name = R.WHAT_NAMES.get(str(what))
    return f"{rival} has no {name} to steal" if name else "There is no such thing to steal"


def target(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    rival = intent.get("rival")
    wrong = _rival(state, seat, rival)
    if wrong:
        return wrong
    return f"{rival} has nothing of that kind to lose"


def sabotage(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    return "That mission is not available: Sabotage one of the available missions"


def hazard(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    zone = intent.get("zone")
    if zone == "none":
        return "A Hazard must be added here (only the Saboteur's Hazard may be left out)"
    if isinstance(zone, str) and zone.endswith("m") and len(zone) == 3:
        return "A Hazard goes on a resupply zone, never on a mission zone"
    if not R.zone_known(zone):
        return "There is no such zone"
    zone = str(zone)
    label = R.zone_label(zone)
    if zone in state.hazards:
        return f"The {label} already holds a Hazard"
    asked = HazardAsk.model_validate(frame.data)
    if asked.sector is not None and int(zone[1]) != asked.sector:
        return f"This Hazard goes in sector {asked.sector}, the Sabotaged mission's sector"
    if asked.non_hq and R.pack().zone(zone).kind == "hq":
        return f"The {label} is a faction HQ: this Hazard goes on a non-HQ resupply zone"
    return None


def unhazard(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    zone = intent.get("zone")
    if not R.zone_known(zone):
        return "There is no such zone"
    return f"There is no Hazard on the {R.zone_label(str(zone))}"


WATCHDOG_NEEDS = {
    "watchdog_add": (False, True, "the sector for the new Watchdog"),
    "watchdog_move": (True, True, "the Watchdog's sector and its new sector"),
    "watchdog_remove": (True, False, "the sector of the Watchdog to remove"),
}
"""Per Watchdog question: whether it names the Watchdog's sector (``frm``), a new one (``to``), and what."""


def watchdog(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    frm, to = intent.get("frm"), intent.get("to")
    want_frm, want_to, what = WATCHDOG_NEEDS[frame.topic]
    if (frm is not None) != want_frm or (to is not None) != want_to:
        return f"Name {what}"
    a, b = R.sector_number(frm), R.sector_number(to)
    if (want_frm and a is None) or (want_to and b is None):
        return "There is no such sector: the sectors are 1 to 6"
    if want_frm and a not in state.watchdogs:
        return f"There is no Watchdog in sector {a}"
    if frame.topic == "watchdog_move" and a == b:
        return f"A Watchdog must move to a different sector: this one is in sector {a} now"
    return None


def resolve(state: InfamyState, frame: Frame, seat: str, intent: Intent) -> str | None:
    return "That effect is not waiting to resolve"
