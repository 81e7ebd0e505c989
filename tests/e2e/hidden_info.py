"""Who may know what, derived from the engine, checked against everything the fake recorded.

The intent log in the bot's database is replayed with the engine; every saved version gives, for each
seat, its private view (``game.view(state, seat)``) and the public one (``game.view(state, None)``).
From them:

- a seat's *secret Scheme names*: the names in its hand that neither the public view nor a public event
  of that version shows (a discarded Scheme is named in public);
- a seat's *secret sector choice*: ``my_choice`` in its view while the sectors are not revealed;
- *private event texts*: texts of events whose audience is a set of seats (``You chose sector 3.``),
  attributed to those seats.

Every version of every recorded message is then checked against the states the table went through
shortly before it was posted (its clock and the bot's are the same wall clock): a member may only see
their own secrets and public information. A version is compared with every saved version committed in
``[created - LAG, created]`` (the bot reads the current state when it posts, so a post reflects one
of them), which errs on the side of allowing; a secret that stays secret for a while is still caught.
"""

from __future__ import annotations

import bisect
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

import engine
from renderers import (  # imported with the bot's code, at start
    board_renderer,
    compact_renderer,
    private_renderer,
    render_text,
)
from tests.e2e.fake_discord import FakeDiscord, Message

LAG = 2.0
"""Seconds a post may lag the commit it reflects (queued announcements, DMs in the background)."""
MIN_TEXT = 12
"""Private event texts shorter than this are not searched for (too likely to occur by chance)."""
OWN_RE = re.compile(r'"own": (\d+)')


@dataclass
class Moment:
    """One saved version of the game and what each seat (and the public) could know then."""

    at: float  # wall clock of the commit
    version: int
    public: str  # the public view as JSON text
    public_names: set[str]  # Scheme names the public view shows (played, discarded, open hands)
    hands: dict[str, set[str]]  # seat -> Scheme names in hand
    choices: dict[str, int | None]  # seat -> own sector chosen and not yet revealed
    selecting: bool
    views: dict[str | None, dict[str, Any]] = field(default_factory=dict)  # seat (None: public) -> view


@dataclass
class Secrets:
    moments: list[Moment]
    private_texts: dict[str, set[str]]  # text -> seats it was addressed to
    public_texts: set[str]

    def window(self, created_wall: float) -> list[Moment]:
        times = [m.at for m in self.moments]
        hi = bisect.bisect_right(times, created_wall)
        lo = bisect.bisect_right(times, created_wall - LAG)
        return self.moments[max(0, lo - 1) : max(hi, 1)]


@dataclass
class Leak:
    member: str
    message: Message
    what: str

    def __str__(self) -> str:
        return (
            f"{self.member} could see {self.what} in message {self.message.id} "
            f"({self.message.channel_kind}, via={self.message.via}, ephemeral={self.message.ephemeral}, "
            f"answering={self.message.answered_member_id}): {self.message.text()[:300]!r}"
        )


def secrets_of(
    record: dict[str, Any], intents: list[dict[str, Any]], commit_times: dict[int, float]
) -> Secrets:
    """Replay the logged intents; one :class:`Moment` per saved version."""
    game = engine.get(record["game"])
    seats = [s["seat"] for s in record["seats"]]
    state = game.setup(seats, record["seed"], record["options"])
    private_texts: dict[str, set[str]] = {}
    public_texts: set[str] = set()
    moments = [_moment(game, state, seats, 0.0, 0)]
    by_version: dict[int, list[dict[str, Any]]] = {}
    for item in intents:
        by_version.setdefault(int(item["version"]), []).append(item)
    patterns = _scheme_names()
    for version in sorted(by_version):
        said: list[str] = []
        for item in by_version[version]:
            state, events = game.apply(state, item["seat"], game.parse_intent(item["intent"]))
            for event in events:
                if not event.text:
                    continue
                if event.audience is None:
                    public_texts.add(event.text)
                    said.append(event.text)
                else:
                    private_texts.setdefault(event.text, set()).update(event.audience)
        moment = _moment(game, state, seats, commit_times.get(version, 0.0), version)
        moment.public_names |= names_in("\n".join(said), patterns)  # e.g. "cy discards the Scheme X."
        moments.append(moment)
    return Secrets(moments, private_texts, public_texts)


def _scheme_names() -> dict[str, re.Pattern[str]]:
    from engine.infamy import rules

    return {s.name: _word(s.name) for s in rules.pack().schemes.values()}


def names_in(text: str, patterns: dict[str, re.Pattern[str]]) -> set[str]:
    return {name for name, pattern in patterns.items() if name in text and pattern.search(text)}


def _moment(game: Any, state: Any, seats: list[str], at: float, version: int) -> Moment:
    public = game.view(state, None)
    public_text = json.dumps(public)
    public_names = names_in(public_text, _scheme_names())
    hands: dict[str, set[str]] = {}
    choices: dict[str, int | None] = {}
    views: dict[str | None, dict[str, Any]] = {None: public}
    for seat in seats:
        view = views[seat] = game.view(state, seat)
        hands[seat] = {c["name"] for c in view.get("hand") or []}
        mine = view.get("my_choice")
        choices[seat] = mine.get("own") if isinstance(mine, dict) else None
    return Moment(
        at, version, public_text, public_names, hands, choices, public.get("phase") == "select", views
    )


def commit_times_from_db(db_path: Any, gid: str) -> dict[int, float]:
    import sqlite3

    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT version, MAX(at) FROM intents WHERE game_id=? GROUP BY version", (gid,))
        return {int(v): float(at) for v, at in rows}
    finally:
        conn.close()


def _word(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])")


@dataclass
class Checker:
    fake: FakeDiscord
    seats: dict[str, int]  # seat -> member id (the members of the table)
    secrets: Secrets
    clock_offset: float = field(default_factory=lambda: time.time() - time.monotonic())
    """wall clock minus monotonic clock, taken in the test process (the fake records monotonic times)."""
    checked_versions: int = 0
    spectators: dict[str, int] = field(default_factory=dict)
    """Members who hold no seat (name -> id): they may see public information only."""

    def leaks(self) -> list[Leak]:
        out: list[Leak] = []
        patterns = _scheme_names()
        everyone = {**self.seats, **self.spectators}
        for msg in self.fake.state.all_messages():
            viewers = [(seat, uid) for seat, uid in everyone.items() if self.fake.state.can_see(uid, msg)]
            if not viewers:
                continue
            for created, text in _versions(msg):
                if not text:
                    continue
                self.checked_versions += 1
                window = self.secrets.window(created + self.clock_offset)
                shown = names_in(text, patterns) - set().union(*(m.public_names for m in window))
                out += self._private_texts(msg, text, viewers)
                for seat, _ in viewers:
                    mine = set().union(*(m.hands.get(seat, set()) for m in window))
                    for other in self.seats:
                        if other == seat:
                            continue
                        for m in window:
                            for name in sorted((m.hands.get(other, set()) & shown) - mine):
                                out.append(
                                    Leak(seat, msg, f"{other}'s Scheme {name!r} (version {m.version})")
                                )
                    out += self._choices(msg, text, seat, window)
        return _dedupe(out)

    def _private_texts(self, msg: Message, text: str, viewers: list[tuple[str, int]]) -> list[Leak]:
        out = []
        for private, audience in self.secrets.private_texts.items():
            if len(private) < MIN_TEXT or private in self.secrets.public_texts or private not in text:
                continue
            for seat, _ in viewers:
                if seat not in audience:
                    out.append(Leak(seat, msg, f"the private event {private!r} meant for {sorted(audience)}"))
        return out

    def _choices(self, msg: Message, text: str, seat: str, window: list[Moment]) -> list[Leak]:
        if not any(m.selecting for m in window):
            return []
        out = []
        own = {m.choices.get(seat) for m in window} - {None}
        for found in OWN_RE.finditer(text):
            if int(found.group(1)) not in own:
                out.append(Leak(seat, msg, f"a sector choice ({found.group(0)}) that is not {seat}'s"))
        if not msg.ephemeral and msg.channel_kind != "dm" and ("my_choice" in text or "chose sector" in text):
            out.append(Leak(seat, msg, "a sector choice in a public message before the reveal"))
        return out


def _versions(msg: Message) -> list[tuple[float, str]]:
    """(monotonic creation time, text) of every version of ``msg``, oldest first."""
    from tests.e2e.fake_discord.recording import _text_of

    created = _created(msg)
    texts = [_text_of(v.content, v.embeds, v.components, v.attachments) for v in msg.history] + [msg.text()]
    return list(zip(created, texts, strict=True))


def _created(msg: Message) -> list[float]:
    """When each version of ``msg`` (history, then current) appeared. A deferred answer's "thinking"
    placeholder is filled in without a history entry, so the current version dates from the last update."""
    return [msg.created_at, *(v.at for v in msg.history)][: len(msg.history)] + [msg.updated_at]


def _dedupe(leaks: list[Leak]) -> list[Leak]:
    seen: set[tuple[str, int, str]] = set()
    out = []
    for leak in leaks:
        key = (leak.member, leak.message.id, leak.what)
        if key not in seen:
            seen.add(key)
            out.append(leak)
    return out


def private_answers_not_public(fake: FakeDiscord, secrets: Secrets, seats: dict[str, int]) -> list[str]:
    """Messages that carry someone's private information must be ephemeral or DMs."""
    problems = []
    for msg in fake.state.all_messages():
        if msg.ephemeral or msg.channel_kind == "dm":
            continue
        text = msg.all_text()
        for marker in ("Only you see", "Your hand", "my_choice", "(secret: only you see this)"):
            if marker in text:
                problems.append(f"message {msg.id} in a {msg.channel_kind} is public but shows {marker!r}")
        for private in secrets.private_texts:
            if len(private) >= MIN_TEXT and private not in secrets.public_texts and private in text:
                problems.append(f"message {msg.id} in a {msg.channel_kind} is public but shows {private!r}")
        for att in msg.attachments:
            if att.filename == "hand.png":
                problems.append(f"message {msg.id} in a {msg.channel_kind} is public but has a private image")
    return problems


def _stamps(msg: Message) -> list[str]:
    """The unix times of the Discord timestamps (``<t:UNIX:R>``) in any version of ``msg``."""
    return sorted({t for _, text in _versions(msg) for t in re.findall(r"<t:(\d+):", text)})


def _image_versions(msg: Message) -> list[tuple[float, str, bytes]]:
    """(monotonic creation time, filename, bytes) of the attachments of every version of ``msg``."""
    created = _created(msg)
    versions = [v.attachments for v in msg.history] + [msg.attachments]
    return [(at, a.filename, a.data) for at, atts in zip(created, versions, strict=True) for a in atts]


def images_drawn_from_views(
    fake: FakeDiscord,
    secrets: Secrets,
    seats: dict[str, int],
    game_id: str,
    name: str,
    sample: int,
    seed: int = 0,
) -> tuple[int, list[str]]:
    """A sample of the images members saw, each compared byte for byte with the rendering of a view from
    its window: a public board must be the public view's board, a private image the viewer's own view.
    Returns (images checked, problems)."""
    import random

    by_id = {uid: seat for seat, uid in seats.items()}
    found: list[tuple[Message, float, str, bytes, str | None]] = []
    seen: set[bytes] = set()
    for msg in fake.state.all_messages():
        for created, filename, data in _image_versions(msg):
            if data in seen or filename != name:
                continue
            seen.add(data)
            private = msg.ephemeral or msg.channel_kind == "dm"
            seat = by_id.get(msg.answered_member_id or -1) if private else None
            if private and seat is None:
                continue
            found.append((msg, created, filename, data, seat))
    rng = random.Random(seed)
    chosen = rng.sample(found, min(sample, len(found)))
    problems = []
    for msg, created, filename, data, seat in chosen:
        window = secrets.window(created + time.time() - time.monotonic())
        # a public board is the full drawing (the Full board button) or the compact one (the thread's posts)
        draws = (
            [board_renderer(game_id), compact_renderer(game_id)]
            if filename == "board.png"
            else [private_renderer(game_id) or render_text]
        )
        target = None if filename == "board.png" else seat
        # the compact board also draws the deadline the adapter hands it: one of the message's timestamps
        dues = (
            [{}] + [{"due": {"deadline": float(t) - d}} for t in _stamps(msg) for d in (0, 1)]
            if filename == "board.png"
            else [{}]
        )
        drawn = (
            draw(dict(m.views[target], **due))
            for m in reversed(window)
            for draw in draws
            if draw is not None
            for due in dues
            if not due or draw is compact_renderer(game_id)
        )
        if not any(image == data for image in drawn):
            problems.append(
                f"{filename} of message {msg.id} ({'private to ' + str(seat) if seat else 'public'}) "
                f"is not the drawing of the {'public' if target is None else seat} view of any "
                f"version between {window[0].version} and {window[-1].version}"
            )
    return len(chosen), problems
