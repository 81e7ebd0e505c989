"""The quiet thread (issue 16, item 1): when a game's thread gets a post, and when a post carries the board.

The status message is the living dashboard, edited as things change. The thread gets one post per *turn*:
when someone new must act (the seat to act changes, a window opens for other seats, a secret choice
begins), when the game's own Turn, Round or phase changes, when the game ends, or for a reminder or a
catch-up after a restart. The small steps in between are kept and go out together in that post (the
status message shows the latest of them meanwhile). Secret-choice progress ("ann has chosen") only
edits the status message. A post carries the board image only when the board changed since the last
image posted; the status message gets a new image only when its board changed.

Kept in memory per game: after a restart the first announcement is a turn boundary (everyone waited on
is new), and the lines not yet posted are recovered by the announcer's catch-up (the last announced
version is recorded only when a post went out).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from bot import present
from engine.core.model import Event, Prompt
from engine.records import GameRecord

MARK_KEYS = ("turn", "round", "phase", "day")
"""Public view fields naming where the game stands: a change is a turn boundary."""
VOLATILE = frozenset({"log", "awaiting", "choosing", "waiting_for", "my_choice", "result"})
"""Public view fields that are not the board (the log, who is awaited): left out of the board's signature."""
PROGRESS_KINDS = frozenset({"chosen", "answered"})
"""Events that only report who has answered a secret choice or window: the status message shows them."""
PENDING_MAX = 200
RECENT_MAX = 5


def board_signature(view: Any) -> str:
    """What the board image shows, as a digest: the public view without the log and who is awaited."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    text = json.dumps(strip(view), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def thread_lines(events: list[Event]) -> list[str]:
    """The public event lines a turn post may carry (progress notices stay on the status message)."""
    return present.event_lines(e for e in events if e.kind not in PROGRESS_KINDS)


@dataclass
class Plan:
    """What one announcement does."""

    post: bool
    lines: list[str] = field(default_factory=list)
    """The lines of the post (every step since the last post), when ``post``."""
    mentions: list[str] = field(default_factory=list)
    pings: list[str] = field(default_factory=list)
    """The user ids the post pings: those who must act now and did not before (others are named, unpinged)."""
    post_image: bool = False
    status_image: bool = True
    recent: list[str] = field(default_factory=list)
    """The latest steps not posted yet, for the status message."""


@dataclass
class _Thread:
    pending: list[str] = field(default_factory=list)
    asked: set[str] = field(default_factory=set)
    marks: tuple[Any, ...] | None = None
    """Where the game stood at the last post."""
    seen: tuple[Any, ...] | None = None
    """Where the game stood at the last announcement."""
    posted_board: str | None = None
    status_board: str | None = None


def marks_of(view: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(json.dumps(view.get(k), default=str) for k in MARK_KEYS)


class Quiet:
    def __init__(self) -> None:
        self._games: dict[str, _Thread] = {}

    def plan(
        self,
        record: GameRecord,
        prompts: list[Prompt],
        public_view: dict[str, Any],
        lines: list[str],
        force: bool = False,
    ) -> Plan:
        """Decide one announcement of ``record`` now waiting on ``prompts``; ``lines`` are its new public
        lines; ``force`` (a reminder, a catch-up) posts whatever is pending."""
        st = self._games.setdefault(record.id, _Thread())
        st.pending = [*st.pending, *lines][-PENDING_MAX:]
        awaited = {p.seat for p in prompts} if record.status == "running" else set()
        marks = marks_of(public_view)
        # someone new must act; at a new Turn, Round or phase everyone awaited has a new decision
        new = awaited if marks != st.seen else awaited - st.asked
        st.asked, st.seen = awaited, marks
        boundary = bool(new) or marks != st.marks or record.status != "running" or force
        people = [
            s
            for name in sorted(new)
            if (s := record.seat_named(name)) is not None
            and s.user is not None
            and s.user.isdigit()
            and not s.away
        ]
        mentions = [present.mention(s) for s in people]
        signature = board_signature(public_view) if public_view else None
        status_image = signature is not None and signature != st.status_board
        st.status_board = signature
        if not boundary or not (st.pending or mentions):
            if boundary:
                st.marks = marks  # a new Turn with nothing to say yet: its steps wait for its end
            return Plan(post=False, status_image=status_image, recent=st.pending[-RECENT_MAX:])
        plan = Plan(
            post=True,
            lines=st.pending,
            mentions=mentions,
            pings=[str(s.user) for s in people],
            status_image=status_image,
            post_image=signature is not None and signature != st.posted_board,
        )
        st.pending, st.marks = [], marks
        if plan.post_image:
            st.posted_board = signature
        return plan

    def unposted(self, record: GameRecord, plan: Plan) -> None:
        """The post of ``plan`` failed: keep its lines for the next one, and its image."""
        st = self._games.setdefault(record.id, _Thread())
        st.pending = [*plan.lines, *st.pending][-PENDING_MAX:]
        if plan.post_image:
            st.posted_board = None

    def status_failed(self, record: GameRecord) -> None:
        """The status edit failed: its next edit uploads the board again."""
        self._games.setdefault(record.id, _Thread()).status_board = None

    def forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)
