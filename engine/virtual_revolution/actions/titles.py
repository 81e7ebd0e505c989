"""Activating a Title (``title:id=ND``, ``title:id=PI,at=pixel``, ``title:id=CE,at=b4|verse``): "Each Title
card grants a specific ability, which you may use once per Round, at any time during your Turn (except for the
Quartier Latin Title ...). Turn your Title card sideways." Quartier Latin is used in the losses it saves
(:mod:`..losses`)."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import word

from ..agents_row import discard_verse
from ..control import remove_server, servers_of
from ..promotions import ask_discard
from ..rules import RULES, P, VrAction, agent_name, borough_name, district_named, draw_corruption, verse_name
from ..state import VrState
from .free import peek_necro, target_named
from .main import open_for
from .turn import placed

ARMS = {"DR": ("work_ec5", "work"), "NA": ("server_no_it", "server")}


def _targets(state: VrState, seat: str, title: str) -> list[str]:
    """'' for a Title used without a target; the targets otherwise (none: not usable now)."""
    if title == "ND":
        return [""] if state.necro_deck else []
    if title == "MA":
        return [""]
    if title == "PI":
        return [d.agent for d in state.p(seat).duty if d.turned]
    if title in ARMS:
        arm, action = ARMS[title]
        return [""] if open_for(state, seat, action) and arm not in state.ctx.armed else []
    if title == "CE":
        return servers_of(state, seat) + [h.verse for h in state.p(seat).verses]
    return []


@RULES.action
class Title(VrAction):
    kind = "title"
    summary = "Use a Title"
    args = (word("id", district_named), word("at", target_named, optional=True))

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if not placed(state, seat):
            return []
        out: list[Intent] = []
        for title, holder in sorted(state.titles.items()):
            if holder != seat or title in state.turned_titles:
                continue
            for target in _targets(state, seat, title):
                out.append(
                    Intent.of("title", id=title, at=target) if target else Intent.of("title", id=title)
                )
        return out

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        title = intent.word("id")
        state.turned_titles.append(title)
        events = [public("title", f"{seat} uses the {P().district_names[title]} Title.")]
        at = str(intent.get("at") or "")
        if title == "ND":
            return events + peek_necro(state, seat)
        if title == "MA":
            return events + draw_corruption(state, seat, 2) + ask_discard(state, seat, 2)
        if title == "PI":
            duty = next(d for d in state.p(seat).duty if d.agent == at)
            duty.turned = False
            return events
        if title in ARMS:
            state.ctx.armed.append(ARMS[title][0])
            return events
        return events + _champs(state, seat, at)

    def label(self, state: VrState, intent: Intent) -> str:
        title = str(intent.get("id"))
        name = P().district_names.get(title, title)
        at = str(intent.get("at") or "")
        texts = {
            "ND": "look at the top Necro card",
            "MA": "draw 2, discard 2 Corruption",
            "DR": "+5 EC on this turn's Work",
            "NA": "Server without your Influence",
        }
        if title == "PI":
            return f"{name}: turn {agent_name(at)} upright" if at in P().agents else f"{name} Title"
        if title == "CE":
            what = borough_name(at) if at in P().graph.records else verse_name(at) if at in P().verses else at
            return f"{name}: give up {what} for 10 EC"
        return f"{name}: {texts.get(title, 'use')}"


def _champs(state: VrState, seat: str, at: str) -> list[Event]:
    """ "Remove 1 of your Servers from Neo Paris, OR discard one of your Verse cards (Online or not) to gain
    10
    Eurocredits." (Both give 10: the notes' reading.)"""
    player = state.p(seat)
    player.ec += 10
    if at in state.servers:
        return remove_server(state, at)
    held = next(h for h in player.verses if h.verse == at)
    player.verses.remove(held)
    discard_verse(state, held.verse)
    return [public("verse", f"{seat} discards {verse_name(held.verse)}.")]
