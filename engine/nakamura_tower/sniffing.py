"""Sniffing (table option ``sniffers``): a Fly Eye lets a Hacker look, before planning, at the AI defence
cards drawn face down against its declared Terminal attack, at cards of an enemy hand, or at the face-down
programmes on an enemy Tactical Network (played there at Clean-Up, ruling C22).

FAQ: "Sniffer programmes are one use only and should be discarded after use. They are used after deciding
on Initiative but before planning the Tactical Network, which allows the Hacker to select the most
appropriate CW cards for the hack"; RB: the sniffer "spends one System Resource point to look at the one
Terminal defence card ... (This method can also be used to look at an opponent's CW cards; even those
currently in their hand, paying one SR point for each card looked at)". Ruling C11: the sniff is a further
part of the secret declaration of a Team holding a Fly Eye (every Hacker's Team declares, so being asked
tells nothing); the cards of a hand are picked at random; only the sniffing Team is told what it saw (a
private event, and its own view's ``my_seen`` until Clean-Up); everyone is told that a Fly Eye ran and how
much it cost. The Fly Eye takes a free field (the example: "He places the Fly Eye card on his Tactical Network
(field number 1)") and lies there spent until a card of the plan takes its field ("in this case the Fly Eye CW
card is discarded") or the plans have been carried out.
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.intent import Value

from .battles import TN_SLOTS, pay
from .loading import pack
from .naming import plural, terminal
from .state import NtState, Slot

TERMINAL = "terminal"
NETWORK = "tn_"
"""The prefix of a look at an enemy Tactical Network's face-down programmes (``tn_p2``)."""


def _face_down(state: NtState, seat: str) -> list[str]:
    """The face-down programmes on ``seat``'s Tactical Network, in field order (ruling C22)."""
    return [s.card for s in state.teams[seat].tn if s.face_down]


def look_named(state: NtState, value: Value) -> str:
    """What a Fly Eye looks at, as a menu names it."""
    look = str(value)
    if look == "none":
        return "No sniffing"
    if look == TERMINAL:
        return "The face-down defence of the Terminal you attack"
    if look.startswith(NETWORK):
        return f"The face-down programmes on {look.removeprefix(NETWORK)}'s Tactical Network"
    return f"Cards of {look}'s hand"


def sniff_offer(state: NtState, seat: str) -> list[tuple[Intent, str]]:
    offer = [(Intent.of("declare", look="none"), "No sniffing")]
    team = state.teams[seat]
    if not any(pack().card(c).kind == "sniffer" for c in team.hand) or len(team.tn) >= TN_SLOTS:
        return offer  # RB: "He places the Fly Eye card on his Tactical Network": it needs a free field
    if team.sr:
        offer.append(
            (
                Intent.of("declare", look=TERMINAL),
                "Fly Eye: look at the face-down defence of the Terminal you attack (1 SR a card)",
            )
        )
    for other, enemy in state.teams.items():
        if other == seat:
            continue
        for n in range(1, min(team.sr, len(enemy.hand)) + 1):
            offer.append(
                (Intent.of("declare", look=other, n=n), f"Fly Eye: see {n} of {other}'s cards ({n} SR)")
            )
        for n in range(1, min(team.sr, len(_face_down(state, other))) + 1):
            text = f"Fly Eye: see {plural(n, 'face-down card')} on {other}'s Tactical Network ({n} SR)"
            offer.append((Intent.of("declare", look=NETWORK + other, n=n), text))
    return offer


def _looked_at(state: NtState, seat: str, look: str, n: int, target: str) -> list[str] | None:
    """The cards the Fly Eye sees (paid for), or None when it cannot run."""
    team = state.teams[seat]
    if look == TERMINAL:
        if not target.startswith("t_"):
            return None
        cards = state.terminals[target].face_down.get(seat, [])
        cards = cards[: min(len(cards), team.sr)]
    elif look.startswith(NETWORK) and look[len(NETWORK) :] in state.teams and look[len(NETWORK) :] != seat:
        cards = _face_down(state, look[len(NETWORK) :])[: max(0, n)]
    elif look in state.teams and look != seat and 0 < n <= len(state.teams[look].hand):
        hand = state.teams[look].hand
        cards = [hand[i] for i in sorted(state.rng.shuffled(list(range(len(hand))))[:n])]
    else:
        return None
    return cards if cards and pay(state, seat, len(cards)) else None


def sniff(state: NtState, seat: str, intent: Intent, target: str) -> list[Event]:
    team = state.teams[seat]
    look = str(intent.get("look") or "none")
    sniffer = next((c for c in team.hand if pack().card(c).kind == "sniffer"), None)
    if look == "none" or sniffer is None:
        return []
    seen = _looked_at(state, seat, look, intent.num("n") if intent.get("n") is not None else 0, target)
    if seen is None:
        return []
    team.hand.remove(sniffer)
    team.tn.append(Slot(card=sniffer, owner=seat))  # spent; discarded once the plans are carried out (C11)
    names = ", ".join(pack().card(c).name for c in seen)
    where = f"the defence of {terminal(state, target)}" if look == TERMINAL else f"{look}'s hand"
    if look.startswith(NETWORK):
        where = f"{look[len(NETWORK) :]}'s Tactical Network"
    line = f"Your Fly Eye sees in {where}: {names}."
    team.seen.append(line)
    return [
        public("sniff", f"{seat} runs a Fly Eye on {where} ({len(seen)} SR)."),
        private(seat, "sniffed", line),
    ]


__all__ = ["TERMINAL", "sniff", "sniff_offer"]
