"""Building each seat's :class:`~.view.InfamyView` from the state (the renderer never sees the state)."""

from __future__ import annotations

from typing import Any

from engine.core.flowgame import FlowGame
from engine.core.model import public_text

from . import rules as R
from .pack import FACTIONS, RESOURCES, Requirements
from .state import InfamyState
from .view import (
    PHASE_NAMES,
    AuctionView,
    BenefitView,
    Bribes,
    DoneMission,
    Flags,
    HandCard,
    Holdings,
    InfamyView,
    MissionView,
    PlayerView,
    SectorView,
    Supply,
    TrackEntry,
    Waiting,
    ZoneView,
    round_name,
    sectors_of,
    turn_of,
)


def hand(state: InfamyState, seat: str) -> list[HandCard]:
    pack = R.pack()
    return [
        HandCard(
            id=c,
            name=pack.schemes[c].name,
            faction=pack.schemes[c].faction,
            text=pack.schemes[c].text,
            cost=pack.schemes[c].cost.words() if pack.schemes[c].cost != Requirements() else "",
        )
        for c in state.players[seat].hand
    ]


def player(state: InfamyState, s: str) -> PlayerView:
    pack = R.pack()
    a = state.auction
    p = state.players[s]
    return PlayerView(
        seat=s,
        colour=p.colour,
        infamy=p.infamy,
        rep=dict(p.rep),
        res=Holdings(**{r: state.held(s, r) for r in RESOURCES}),
        henchmen=state.held(s, "henchman"),
        favors=state.held(s, "favor"),
        bribes=Bribes(
            available=p.avail, spent=p.spent, on_contacts=p.markers, bid=a.bids.get(s, 0) if a else 0
        ),
        hand_count=len(p.hand),
        missions=[
            DoneMission(
                name=pack.missions[m].name, sector=pack.missions[m].sector, types=list(pack.missions[m].types)
            )
            for m in p.missions
        ],
        contacts=[pack.contacts[c].name for c, w in zip(state.track, state.winners, strict=False) if w == s],
        triggerman=s == state.triggerman,
        benefits=[
            BenefitView(name=b.name, faction=b.faction, level=b.level, text=b.text)
            for b in pack.benefits
            if p.rep[b.faction] >= b.level
        ],
        hand=hand(state, s) if state.opts.open_hands else None,
    )


def track(state: InfamyState) -> list[TrackEntry]:
    pack = R.pack()
    a = state.auction
    out = []
    for i, c in enumerate(state.track):
        contact = pack.contacts[c]
        current = a is not None and a.pos == i
        out.append(
            TrackEntry(
                pos=i + 1,
                id=c,
                name=contact.name,
                factions=list(contact.factions),
                text=contact.text,
                ongoing=contact.ongoing,
                winner=state.winners[i],
                face_down=state.face_down[i],
                current=current,
                bids=dict(a.bids) if a is not None and current else None,
                high=a.high if a is not None and current else None,
            )
        )
    return out


def sectors(state: InfamyState) -> list[SectorView]:
    return [
        SectorView(
            id=sid,
            name=sec.name,
            zones=[
                ZoneView(
                    id=z.id,
                    kind=z.kind,
                    faction=z.faction,
                    hazard=z.id in state.hazards,
                    pawn=state.pawns.get(z.id),
                )
                for z in sec.zones
            ],
            mission_pawn=state.pawns.get(f"s{sid}m"),
            watchdogs=state.watchdogs.count(sid),
        )
        for sid, sec in R.pack().sectors.items()
    ]


def missions(state: InfamyState) -> list[MissionView]:
    pack = R.pack()
    out = []
    for m in state.available:
        mm = pack.missions[m]
        out.append(
            MissionView(
                id=m,
                name=mm.name,
                sector=mm.sector,
                types=list(mm.types),
                requires=mm.requires.model_dump(),
                short=mm.requires.short(),
                reward=mm.reward_text,
                infamy=mm.infamy,
                rep=mm.rep,
                factions=list(mm.factions),
            )
        )
    return out


def build_view(game: FlowGame[InfamyState], state: InfamyState, seat: str | None) -> InfamyView:
    a = state.auction
    mine = seat is not None and seat in state.players
    common: dict[str, Any] = game.table_view(state, seat)
    common["turn"] = turn = turn_of(state.round)
    over = " · game over" if state.result is not None else ""
    common["my_choice"] = sectors_of(common["my_choice"]) if mine else None
    return InfamyView(
        **common,
        round=state.round,
        day=state.day,
        standing=f"{round_name(turn, state.day)} · {PHASE_NAMES[state.phase]}{over}",
        phase=state.phase,
        triggerman=state.triggerman,
        seats=list(state.seats),
        players=[player(state, s) for s in state.seats],
        track=track(state),
        contact_deck=len(state.contact_deck),
        auction=None
        if a is None
        else AuctionView(
            pos=a.pos + 1, to_act=a.to_act, high=a.high, bids=dict(a.bids), expenses=dict(a.expenses)
        ),
        sectors=sectors(state),
        missions=missions(state),
        mission_deck=len(state.missions),
        scheme_decks={f: len(state.schemes[f]) for f in FACTIONS},
        scheme_discards={f: len(state.schemes[f].discards) for f in FACTIONS},
        supply=Supply(
            **{t: R.supply_left(state, t) for t in R.TOKENS},
            hazard=R.hazards_left(state),
            watchdog=R.watchdogs_left(state),
        ),
        watchdogs=list(state.watchdogs),
        hazards=list(state.hazards),
        revealed=dict(state.sectors),
        order=list(state.order),
        slot=state.slot,
        placed=dict(state.placed),
        flags=Flags(
            accomplice=state.acc_owner, smuggler=state.smuggler, chief=state.chief, informant=state.informant
        ),
        waiting_for=[
            Waiting(seat=p.seat, kind=p.kind, text=p.text if p.seat == seat else public_text(p))
            for p in game.prompts(state)
        ],
        last=state.last,
        me=seat,
        hand=hand(state, seat) if mine and seat is not None else None,
    )
