"""The cards that go into a Terminal taken (ruling C19), chosen as one part of the secret plan.

RB: "If an attack against a Terminal is successful the Player can place any cards from his Tactical Network
or the Player's hand on the Terminal up to the Terminal's defence value"; FAQ: "the attacker can put present
CW card, or change to any number of CW cards from his hand (paying appropriate costs) or TN, into the
Terminal, equal to the Terminal Strength". The part's value is short, to fit an action's key: the cards by
position, ``h<i>`` in the hand or ``t<i>`` on the Tactical Network, after ``-`` when the attacking programme
goes back to the Tactical Network instead of staying in the Terminal (``none``: it stays alone).
"""

from __future__ import annotations

from itertools import combinations

from engine.core import Intent

from .loading import pack
from .naming import plural
from .pack import DEFENSIVE, OFFENSIVE
from .state import NtState

PART = "fill"
LEAVES = "-"
KINDS = DEFENSIVE | OFFENSIVE


def _sources(state: NtState, seat: str, taken: set[str]) -> list[tuple[str, str, str]]:
    """(code, what it is, label) of each card that could go in, but those another part of the plan takes: at
    most two copies of a programme from the hand (two copies are the same choice otherwise), and the Team's
    own running programmes."""
    team = state.teams[seat]
    out: list[tuple[str, str, str]] = []
    for i, card in enumerate(team.hand):
        data = pack().card(card)
        what = "h" + card.split(".")[0]
        if data.kind in KINDS and card not in taken and sum(1 for _, w, _ in out if w == what) < 2:
            out.append((f"h{i}", what, f"{data.name} ({data.install} SR)"))
    for i, slot in enumerate(team.tn):
        data = pack().card(slot.card)
        if slot.owner == seat and data.kind in KINDS and slot.card not in taken:
            out.append((f"t{i}", "t" + slot.card.split(".")[0], f"{data.name} (running)"))
    return out


def _together(labels: list[str]) -> str:
    """ "Frostline Ice (1 SR) and W32.Navajo (running)"; two copies of one card: "... twice"."""
    named = [f"{label} twice" if labels.count(label) > 1 else label for label in dict.fromkeys(labels)]
    return " and ".join(named)


def codes(value: str) -> int:
    """How many cards a fill value names."""
    return 0 if value == "none" else len(value.removeprefix(LEAVES)) // 2


def fill_part(
    state: NtState, seat: str, defence: int, taken: set[str]
) -> tuple[str, list[tuple[Intent, str]]] | None:
    """The question and its offer (the cards ``taken`` by other parts of the plan left out), or None when no
    card could go in (nothing to ask)."""
    sources = _sources(state, seat, taken)
    if not sources:
        return None
    offer = [(Intent.of("plan", **{PART: "none"}), "The attacking programme alone")]
    seen: set[tuple[bool, tuple[str, ...]]] = set()
    for stays in (True, False):
        for size in range(1, defence + (0 if stays else 1)):
            for picked in combinations(sources, size):
                what = (stays, tuple(sorted(w for _, w, _ in picked)))
                if what in seen:
                    continue
                seen.add(what)
                names = _together([label for _, _, label in picked])
                code = ("" if stays else LEAVES) + "".join(c for c, _, _ in picked)
                text = f"The attacker and {names}" if stays else f"{names}, not the attacker"
                offer.append((Intent.of("plan", **{PART: code}), text))
    if len(offer) == 1:
        return None
    return (f"If the Terminal falls, what goes into it (up to {plural(defence, 'card')})?", offer)


def decode(state: NtState, seat: str, value: str, taken: set[str]) -> tuple[list[str], bool]:
    """The card instances a fill value names (skipping any that another part of the plan uses) and whether
    the attacking programme stays in the Terminal."""
    if value == "none":
        return [], True
    stays = not value.startswith(LEAVES)
    codes = value.removeprefix(LEAVES)
    team = state.teams[seat]
    out: list[str] = []
    for where, index in zip(codes[::2], codes[1::2], strict=False):
        if where == "h":
            pool = list(team.hand)
        elif where == "t":
            pool = [s.card if s.owner == seat else "" for s in team.tn]
        else:
            continue
        spot = int(index) if index.isdigit() else len(pool)
        if spot < len(pool) and pool[spot] and pool[spot] not in taken:
            out.append(pool[spot])
            taken.add(pool[spot])
    return out, stays
