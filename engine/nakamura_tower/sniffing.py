"""Sniffing (table option ``sniffers``): Fly Eye cards let a Hacker look at an enemy's hand before planning.

FAQ: "Sniffer programmes are one use only and should be discarded after use. They are used after deciding
on Initiative but before planning the Tactical Network"; RB: the sniffer "spends one System Resource point to
look at the one Terminal defence card ... (This method can also be used to look at an opponent's CW cards;
even those currently in their hand, paying one SR point for each card looked at)". Ruling C11: every Hacker's
Team is asked at once and in secret (so whether a Team holds a Fly Eye tells nothing), the cards looked at
are picked at random from the enemy hand, and only the sniffer is shown them. Looking at Terminal defence
cards is not played (they are drawn at the reveal here, ruling C7).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, private, public

from .battles import pay
from .cyber import open_plan
from .loading import pack
from .rules import RULES
from .state import NtState


def _offer(state: NtState, seat: str) -> list[tuple[Intent, str]]:
    offer = [(Intent.of("sniff", n=0), "No sniffing")]
    team = state.teams[seat]
    if not any(pack().card(c).kind == "sniffer" for c in team.hand):
        return offer
    for other, enemy in state.teams.items():
        if other == seat:
            continue
        for n in range(1, min(team.sr, len(enemy.hand)) + 1):
            offer.append(
                (Intent.of("sniff", seat=other, n=n), f"Fly Eye: see {n} of {other}'s cards ({n} SR)")
            )
    return offer


class SniffPayload(BaseModel):
    hackers: dict[str, str]


def ask_sniff(state: NtState, hackers: dict[str, str]) -> list[Event]:
    seats = list(hackers)
    return RULES.secret(
        state,
        seats,
        "sniff",
        "Sniff an enemy hand before planning?",
        {s: _offer(state, s) for s in seats},
        defaults={s: Intent.of("sniff", n=0) for s in seats},
        payload=SniffPayload(hackers=hackers),
        announce="{seat} is ready to plan.",
        confirm="",
    )


@RULES.revealed("sniff", SniffPayload)
def sniffed(state: NtState, choices: dict[str, Intent], payload: SniffPayload) -> list[Event]:
    events: list[Event] = []
    for seat, intent in choices.items():
        n, target = intent.num("n"), intent.get("seat")
        team = state.teams[seat]
        sniffer = next((c for c in team.hand if pack().card(c).kind == "sniffer"), None)
        if n <= 0 or sniffer is None or not isinstance(target, str) or not pay(state, seat, n):
            continue
        team.hand.remove(sniffer)
        team.deck.discard(sniffer)
        hand = state.teams[target].hand
        seen = state.rng.shuffled(list(range(len(hand))))[:n]
        names = ", ".join(pack().card(hand[i]).name for i in sorted(seen))
        events.append(public("sniff", f"{seat} runs a Fly Eye on {target}'s hand ({n} SR)."))
        events.append(private(seat, "sniffed", f"Your Fly Eye sees in {target}'s hand: {names}."))
    return events + open_plan(state, payload.hackers)
