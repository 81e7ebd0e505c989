"""Set-up (RB "Preparing the Game"): the board, the decks, the detectives, the hands and the starting
Skills. RULINGS 1-4."""

from __future__ import annotations

from engine.core import Deck, Event, Intent, Rng, clockwise, public
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.kits import display
from engine.core.labels import fit
from engine.core.rules import NoPayload

from . import rules as R
from . import story as ST
from .answers import SKILL, skill_label, skill_refused
from .board import CORPS, REP_NAMES
from .names import skill_name
from .pack import load_pack
from .runtime import RULES
from .state import GamedecOptions, GamedecState, Player
from .steps import DealStep, DraftStep, NewRoundStep, StartSkillStep, TerrorStep


def new_state(seats: list[str], rng: Rng, opts: GamedecOptions) -> GamedecState:
    """The board before the first decision: the Equipment and Commission decks, the Task deck, the detectives
    (drawn by the seed, or chosen in turn with the ``choose_detectives`` option) and the Starting Player."""
    if opts.scenarios:
        opts = opts.model_copy(update={"longer_game": True, "variable_start": True, "terror": True})
    pack = load_pack()
    # RB set-up 5: "Each player, beginning with the Starting Player, chooses or draws at random one gamedec
    # card" - drawn by the seed, or chosen in turn with the choose_detectives option.
    draft = opts.choose_detectives
    detectives = [""] * len(seats) if draft else rng.shuffled(sorted(pack.detectives))[: len(seats)]
    start = rng.choice(seats)
    players = {
        seat: Player(detective=det, rep=pack.detectives[det].start_rep if det else 0)
        for seat, det in zip(seats, detectives, strict=True)
    }
    equip = rng.shuffled(sorted(pack.equipment))
    corp_equip: dict[str, str | None] = dict.fromkeys(CORPS)
    display.refill(
        corp_equip, display.from_pile(equip)
    )  # "next to each of the Corporation spaces one Equipment card"
    faceup = [equip.pop()]
    commissions = rng.shuffled(sorted(pack.commissions))
    state = GamedecState(
        seats=seats,
        rng=rng,
        opts=opts,
        players=players,
        start_player=start,
        task_deck=Deck.shuffled(sorted(pack.tasks), rng),
        equip_deck=equip,
        equip_faceup=faceup,
        corp_equip=corp_equip,
        commission_deck=commissions,
    )
    # RULINGS 1: the detectives are chosen before the Task cards are dealt (step 7 comes after step 5)
    drafting = [DraftStep(seat=seat) for seat in clockwise(seats, start)] if draft else []
    state.later(*drafting, DealStep(), StartSkillStep())
    return state


@RULES.step("draft")
def _draft(state: GamedecState, step: DraftStep) -> list[Event]:
    taken = {p.detective for p in state.players.values()}
    offer = [Intent.of("detective", id=d) for d in sorted(load_pack().detectives) if d not in taken]
    return RULES.ask(
        state,
        step.seat,
        "detective",
        "Choose your detective (players choose in turn, beginning with the Starting Player).",
        [(i, _detective_label(i.word("id"))) for i in offer],
        public=f"{step.seat} chooses a detective (in turn, beginning with the Starting Player).",
    )


def _detective_label(ident: str) -> str:
    d = load_pack().detectives[ident]
    best = max(d.skills, key=lambda x: (d.skills[x], x))
    return fit(f"{d.name} ({best} +{d.skills[best]}): {d.ability_text}")


def _detective_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    if intent.get("id") not in load_pack().detectives:
        return "There is no such detective"
    return "That detective is already taken"


DETECTIVE = Shape(
    "detective", (word("id", lambda state, v: load_pack().detectives[str(v)].name),), asks="a detective"
)


@RULES.answers("detective", takes=[DETECTIVE], refusal=_detective_refused)
def _chosen(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    det = load_pack().detectives[intent.word("id")]
    state.players[seat].detective = det.id
    state.players[seat].rep = det.start_rep
    return [public("detective", f"{seat} chooses {det.name}.", seat=seat, detective=det.id)]


@RULES.step("deal")
def _deal(state: GamedecState, step: DealStep) -> list[Event]:
    """Set-up steps 7-8 (hands, the two set-aside Commissions) and the optional decks."""
    pack = load_pack()
    rng = state.rng
    for seat in clockwise(state.seats, state.start_player):
        state.players[seat].hand = state.task_deck.draw(rng, 8)
    for _ in range(2):
        card = state.commission_deck.pop()
        state.commission_used.append(card)
        target = pack.commissions[card].target
        if target not in state.lags:
            state.lags.append(target)
    if state.opts.terror:
        state.terror_deck = rng.shuffled(sorted(pack.terror))
    if state.opts.scenarios:
        ST.deal(state)
    if state.opts.choose_detectives:
        return [public("deal", "Each detective takes 8 Task cards; choose your starting Skill.")]
    return []


@RULES.step("start_skill")
def _start_skill(state: GamedecState, step: StartSkillStep) -> list[Event]:
    """RULINGS 2: a secret simultaneous choice after the deal; the default is the detective's +3 Skill."""
    skills = [Intent.of("skill", id=s) for s in load_pack().skills]
    # one label for every seat (a label is read without its seat): the values are in each seat's text
    offer = [(i, skill_label(state, "", i)) for i in skills]
    best = {seat: _best_skill(state, seat) for seat in state.seats}
    return RULES.secret(
        state,
        state.seats,
        "start_skill",
        "Choose your starting Skill (your +3 Skill is advised).",
        {seat: offer for seat in state.seats},
        texts={seat: _start_skill_text(state, seat) for seat in state.seats},
        defaults=best,
        announce="{seat} has chosen a starting Skill.",
        public="Each detective chooses a starting Skill in secret.",
    )


def _start_skill_text(state: GamedecState, seat: str) -> str:
    """Item 6 of issue 30: what the detective is, beside the question (his Skill values, his Wounds'
    penalties and his Reputation range)."""
    d = R.detective(state, seat)
    values = ", ".join(f"{skill_name(s)} +{v}" for s, v in sorted(d.skills.items(), key=lambda kv: -kv[1]))
    low, high = REP_NAMES[d.rep_min], REP_NAMES[d.rep_max]
    return (
        f"Choose {d.name}'s starting Skill (the +3 Skill is advised). Skill values: {values}. Wounds: Bio "
        f"-{d.bio}, Neuro -{d.neuro}. Reputation from {low} ({d.rep_min:+d}) to {high} ({d.rep_max:+d})."
    )


def _best_skill(state: GamedecState, seat: str) -> Intent:
    d = R.detective(state, seat)
    return Intent.of("skill", id=max(d.skills, key=lambda s: (d.skills[s], s)))


def _skill_value(state: GamedecState, seat: str) -> str:
    skill = state.players[seat].skills[0]
    return f"{skill_name(skill)} +{R.detective(state, seat).skills.get(skill, 0)}"


@RULES.revealed("start_skill", takes=[SKILL], refusal=skill_refused)
def _start_skills(state: GamedecState, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    for seat, intent in choices.items():
        state.players[seat].skills = [intent.word("id")]
    events = [
        public(
            "skills",
            "Starting Skills: "
            + ", ".join(f"{R.name(state, s)} {_skill_value(state, s)}" for s in state.seats)
            + ".",
        )
    ]
    if state.opts.scenarios:
        state.later(TerrorStep())  # RB "More Terror Cards": "one Terror card at the start of the game"
    state.later(NewRoundStep())
    return events
