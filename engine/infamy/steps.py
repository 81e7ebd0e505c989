"""Infamy's procedure as steps: a Round opens, each Contact is auctioned, the sectors are chosen in secret
and revealed, pawns are placed in Contact Order, Schemes are played, then the end of the Round (Henchman
Infamy, the win check, Bribes, the Sector Chief's removal) and the clean-up that opens the next Round."""

from __future__ import annotations

from engine.core import Event, Intent, clockwise
from engine.core.flowgame import FlowGame

from . import rules as R
from .actions import bidding, passing, placing, scheming
from .answers import load_slot
from .pack import FACTIONS, Effect
from .rules import RULES
from .state import Auction, AuctionStep, CleanupStep, InfamyState, PlaceStep, RoundStep, SchemeStep
from .view import round_name, turn_of

RULES.ends_alone("place")
"""A placement with one possible zone (or only the Smuggler's stay-out) is made without asking: where a pawn
may go is public (the revealed sector, the free zones, Watchdogs, the missions and the resources paid)."""


def sector_text(state: InfamyState) -> str:
    """The secret choice's question: one text for every seat (the bot shows it publicly), so it names the
    Sector Chief's winner, to whom Watchdog sectors are open (public: he won the Contact in the open)."""
    closed = "sectors with a Watchdog are closed" + (
        f" to all but {state.chief}, who has the Sector Chief" if state.chief is not None else ""
    )
    return f"Choose the sector to enter this Round, in secret ({closed})"


@RULES.step("round")
def open_round(state: InfamyState, step: RoundStep) -> list[Event]:
    pack = R.pack()
    if state.day:
        state.contact_deck = state.rng.shuffled(sorted(pack.contacts))
    state.track = [state.contact_deck.pop() for _ in range(min(5, len(state.contact_deck)))]
    state.winners = [None] * len(state.track)
    state.face_down = [False] * len(state.track)
    state.phase = "auction"
    state.auction = Auction(pos=0, to_act=state.triggerman)
    names = ", ".join(pack.contacts[c].name for c in state.track)
    events = [
        R.say(
            state,
            f"{round_name(turn_of(state.round), state.day)}. Contacts: {names}.",
            "round",
            round=state.round,
            day=state.day,
        )
    ]
    first = (
        []
        if state.round == 1 or not state.watchdogs
        else state.effect_steps(state.triggerman, [Effect(op="watchdog_move")], "contact_phase")
    )
    state.now(*first, AuctionStep())
    return events


# --- Contact Phase ---------------------------------------------------------------------------------


@RULES.step("auction")
def auction(state: InfamyState, step: AuctionStep) -> list[Event]:
    a = state.auction
    assert a is not None
    if a.pos >= len(state.track):
        state.auction = None
        return start_sectors(state)
    seat = a.to_act
    if state.opts.auto_pass and not bidding.bid_range(state, seat) and not bidding.favor_options(state, seat):
        state.now(AuctionStep())
        return passing.pass_on_contact(state, seat, auto=True)
    RULES.turn(
        state,
        seat,
        "bid",
        bid_text(state),
        ["pass", "bid", "favor"],
        default=R.intent("pass"),
        pace="quick",
        public=bid_public(state),
    )
    return []


def _contact(state: InfamyState) -> tuple[str, str, str]:
    """The Contact being auctioned: "Contact 2 of 5, the Hacker", its text, and its lead ("Bo leads with
    3", "no bid yet")."""
    a = state.auction
    assert a is not None
    contact = R.pack().contacts[state.track[a.pos]]
    high = f"{a.high} leads with {a.bids[a.high]}" if a.high else "no bid yet"
    return f"Contact {a.pos + 1} of {len(state.track)}, the {contact.name}", contact.text, high


def bid_public(state: InfamyState) -> str:
    """The bid told to the others: the Contact and the lead (all public), not the bidder's options; not
    the Contact's text either, which speaks to its winner ("of your choice") and is on the board."""
    a = state.auction
    assert a is not None
    which, _, high = _contact(state)
    return f"{a.to_act} bids or passes on {which} ({high})."


def bid_text(state: InfamyState) -> str:
    a = state.auction
    assert a is not None
    seat, p = a.to_act, state.players[a.to_act]
    which, reward, high = _contact(state)
    own = a.bids.get(seat, 0)
    mine = f"; you have {own} on it" if own else ""
    text = (
        f"{seat}: {which}: {reward} {high[:1].upper()}{high[1:]}{mine}. "
        f"Bid (1 Bribe of Expenses + Bribes to top the highest bid) or pass. You have {p.avail} available."
    )
    if bidding.favor_options(state, seat):
        text += " Last chance to use a Favor on it."
    return text


# --- Sector Phase ----------------------------------------------------------------------------------


def sector_label(n: int, whose: str) -> str:
    return f"{whose}: sector {n} ({R.pack().sectors[n].name})"


def start_sectors(state: InfamyState) -> list[Event]:
    """Everyone picks a sector card in secret; the Accomplice's controller picks his, then the Accomplice's
    (two parts of one private choice, so each menu holds 6 sectors at most)."""
    state.order = R.contact_order(state)
    state.phase = "select"
    offers = {
        s: [
            (R.intent("sector", own=f"s{n}"), sector_label(n, "Your card"))
            for n in R.allowed_sectors(state, s)
        ]
        for s in state.seats
    }
    more = {}
    text = sector_text(state)
    owner = state.acc_owner
    if owner is not None:
        # One text for every seat and both parts: the public line of a secret choice shows it, and it must not
        # tell whether the Accomplice's controller has put his first card down.
        text += f"; {owner} also chooses one for the Accomplice"
        acc = [
            (R.intent("sector", acc=f"s{n}"), sector_label(n, "Accomplice's card"))
            for n in R.allowed_sectors(state, owner)
        ]
        more[owner] = [(text + ".", acc)]
    event = R.say(
        state,
        "Sector Phase: everyone chooses a sector in secret. Contact Order: " + ", ".join(state.order) + ".",
    )
    public = "Everyone chooses the sector to enter this Round, in secret" + text.removeprefix(
        "Choose the sector to enter this Round, in secret"
    )
    RULES.secret(
        state,
        state.seats,
        "sector",
        text + ".",
        offers,
        more=more,
        public=public + ".",
        announce="{seat} has chosen a sector in secret.",
    )
    return [event]


@RULES.step("place")
def place(state: InfamyState, step: PlaceStep) -> list[Event]:
    seat = placing.placer(state)
    if seat is None:
        return start_schemes(state)
    # With two pawns (the Accomplice) he "places both ... in whichever order he chooses": a pawn with no zone
    # now may get one from the other pawn's mission (a Hazard removed), so fail only when all are stuck.
    events: list[Event] = []
    stuck = [pawn for pawn in state.to_place if not placing.pawn_options(state, seat, pawn)]
    if len(stuck) == len(state.to_place):
        for pawn in stuck:
            events.append(fail(state, seat, pawn))
    if not state.to_place:
        state.slot += 1
        load_slot(state)
        state.now(PlaceStep())
        return events
    legal = placing.Place().options(state, seat)
    # Deadline default: a resupply zone, else the Smuggler's skip; a mission only if nothing else.
    default = next(
        (i for i in legal if i.kind == "place" and not i.word("zone").endswith("m")),
        next((i for i in legal if i.kind == "smuggle"), legal[0]),
    )
    RULES.turn(
        state,
        seat,
        "place",
        place_text(state, seat),
        ["place"],
        default=default,
        public=place_text(state, seat, public=True),
    )
    return events


def fail(state: InfamyState, seat: str, pawn: str) -> Event:
    pid = placing.pawn_id(seat, pawn)
    state.to_place.remove(pawn)
    state.placed[pid] = "failed"
    sector = state.sectors[pid]
    why = "a Watchdog is there" if sector in state.watchdogs and seat != state.chief else "no zone is free"
    who = f"{seat}'s Accomplice" if pawn == "acc" else seat
    return R.say(state, f"{who} fails to place in sector {sector}: {why}.", "failed")


def place_text(state: InfamyState, seat: str, public: bool = False) -> str:
    """The placement question; ``public``: told to the others (their pawn, a mission it can pay)."""
    parts = []
    for pawn in state.to_place:
        sector = state.sectors[placing.pawn_id(seat, pawn)]
        own = f"{seat}'s pawn" if public else "your pawn"
        parts.append(f"{'the Accomplice' if pawn == 'acc' else own} in sector {sector}")
    order = " (either first)" if len(parts) > 1 else ""
    stay = (
        ", or stay out (Smuggler: 1 resource and 1 Scheme instead)"
        if state.day and state.smuggler == seat
        else ""
    )
    if public:
        return (
            f"{seat} places {' and '.join(parts)}{order}: a free resupply zone, or the mission zone to "
            f"complete a mission {seat} can pay{stay}."
        )
    return (
        f"{seat}: place {' and '.join(parts)}{order}: a free resupply zone, or the mission zone to "
        f"complete a mission you can pay{stay}."
    )


# --- Scheme Phase and the end of the Round ---------------------------------------------------------


def start_schemes(state: InfamyState) -> list[Event]:
    state.phase = "scheme"
    state.scheme_order = clockwise(state.seats, state.triggerman)
    state.scheme_idx = 0
    state.plays_left = 1 + (1 if state.informant == state.scheme_order[0] else 0)
    state.now(SchemeStep())
    return [R.say(state, "Scheme Phase, from the Triggerman clockwise.")]


@RULES.step("scheme")
def scheme(state: InfamyState, step: SchemeStep) -> list[Event]:
    if state.scheme_idx >= len(state.scheme_order):
        return end_round(state)
    seat = state.scheme_order[state.scheme_idx]
    if not state.players[seat].hand or state.plays_left <= 0:
        scheming.next_schemer(state)
        state.now(SchemeStep())
        return []
    extra = " (Informant: you may play 2)" if state.informant == seat and state.plays_left > 1 else ""
    RULES.turn(
        state,
        seat,
        "scheme",
        f"{seat}: play a Scheme from your hand{extra}, or pass.",
        ["pass", "play"],
        default=R.intent("pass"),
        public=f"{seat} plays a Scheme or passes{' (Informant: up to 2)' if extra else ''}.",
    )
    return []


def henchman_infamy(state: InfamyState) -> list[Event]:
    events = []
    for seat in clockwise(state.seats, state.triggerman):
        k = state.held(seat, "henchman") // 2
        if k:
            state.players[seat].infamy += k
            events.append(R.say(state, f"{seat} gains {k} Infamy for Henchmen."))
    return events


def game_won(state: InfamyState) -> list[Event] | None:
    result = R.winners(state)
    if result is None:
        return None
    seats, how = result

    def standing(seat: str) -> str:
        p = state.players[seat]
        best = max(FACTIONS, key=lambda f: p.rep[f])
        return f"{seat} ({p.infamy} Infamy, {p.rep[best]}r in {R.FACTION_NAMES[best]})"

    detail = ", ".join(standing(x) for x in seats)
    order, scores = R.ranking(state, seats, how), R.scores(state)
    if len(seats) == 1:
        return [
            R.say(state, f"{_when(state)}: {detail} wins by {how}.", "winner"),
            FlowGame.finish(state, seats, f"{how} victory", ranking=order, scores=scores),
        ]
    return [
        R.say(state, f"{_when(state)}: a full tie between {detail}.", "winner"),
        FlowGame.finish(state, seats, f"tie on {how}", draw=True, ranking=order, scores=scores),
    ]


def _when(state: InfamyState) -> str:
    return f"End of {round_name(turn_of(state.round), state.day)}"


def end_round(state: InfamyState) -> list[Event]:
    events = henchman_infamy(state) if not state.day else []
    won = game_won(state)
    if won is not None:
        return events + won
    cap = state.opts.round_cap
    if cap and state.round >= cap:
        leaders = R._rank(state, list(state.seats), R.CASE1)
        return events + [
            FlowGame.finish(
                state,
                leaders,
                f"Round limit ({cap}) reached",
                draw=len(leaders) > 1,
                ranking=R.ranking(state, leaders, "Infamy"),
                scores=R.scores(state),
            )
        ]
    for p in state.players.values():
        p.spent += p.markers
        p.markers = 0
        if not state.day:
            p.avail += p.spent
            p.spent = 0
    state.phase = "cleanup"
    state.now(CleanupStep())
    if (
        state.chief is not None
        and state.watchdogs
        and (state.chief_added or state.opts.sector_chief_literal_removal)
    ):
        offer = [
            (Intent.of("watchdog", frm=f"s{n}"), f"Remove the Watchdog in sector {n}")
            for n in sorted(set(state.watchdogs))
        ]
        events += RULES.ask(
            state,
            state.chief,
            "watchdog_remove",
            f"{state.chief}: remove 1 Watchdog (Sector Chief).",
            offer,
            public=f"{state.chief} removes 1 Watchdog (Sector Chief).",
        )
    return events


@RULES.step("cleanup")
def cleanup(state: InfamyState, step: CleanupStep) -> list[Event]:
    n = len(state.seats)
    while len(state.available) < n and not state.missions.empty:
        state.available.extend(state.missions.draw(state.rng, 1))
    state.pawns = {}
    state.placed = {}
    state.sectors = {}
    state.acc_owner = state.smuggler = state.chief = state.informant = None
    state.chief_added = False
    state.rep_locked = []
    state.order = []
    state.round += 1
    state.day = not state.day
    state.now(RoundStep())
    return []
