"""Text for people: who must act, progress of secret choices, event lines. No Discord objects here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.hand_text import private_part as private_part  # the one definition, shared with /hand
from engine.core.model import Event, Prompt, public_text
from engine.league.results import GameResult
from engine.records import GameRecord, SeatRecord

TEXT_LIMIT = 3800
"""Components V2 allow 4000 characters of text per message; keep a margin."""


def mention(seat: SeatRecord) -> str:
    if seat.user and seat.user.isdigit() and not seat.away:
        return f"<@{seat.user}>"
    return seat.name or seat.seat


def who(seat: SeatRecord) -> str:
    """A seat for a status line: the mention, plus the seat name players see on the board."""
    base = mention(seat)
    if seat.seat and seat.seat != (seat.name or seat.seat):
        return f"{base} ({seat.seat})"
    if seat.user is None or seat.away:
        return f"{base} (agent)" if seat.user is None else f"{base} (away: agent plays)"
    return base


def player(seat: SeatRecord) -> str:
    """Who played a seat, for a game's result: the mention (or name), and the seat's board name where it
    differs; a player away or replaced by an agent is still the seat's player."""
    name = seat.name or seat.seat
    base = f"<@{seat.user}>" if seat.user and seat.user.isdigit() else name
    return f"{base} ({seat.seat})" if seat.seat and seat.seat != name else base


def undoubled(text: str, seat_name: str, seat: SeatRecord | None = None) -> str:
    """A prompt's text without the seat's name in front (``cy: Bid or pass`` after ``@cy:``): the line
    names the seat already."""
    for name in {seat_name, *(n for n in ((seat.name, seat.seat) if seat else ()) if n)}:
        for sep in (": ", ", ", " - "):
            if text.casefold().startswith(name.casefold() + sep):
                rest = text[len(name) + len(sep) :]
                return rest[:1].upper() + rest[1:] if rest else text
    return text


def find_progress(view: Any, kind: str | None = None) -> tuple[int, int] | None:
    """The (count, of) of a secret choice in a public view, if the game publishes one
    (SecretChoice.progress)."""
    if isinstance(view, dict):
        if {"count", "of", "chosen"} <= view.keys() and isinstance(view.get("count"), int):
            if kind is None or view.get("kind") in (None, kind):
                return int(view["count"]), int(view["of"])
        for value in view.values():
            found = find_progress(value, kind)
            if found is not None:
                return found
    elif isinstance(view, list):
        for value in view:
            found = find_progress(value, kind)
            if found is not None:
                return found
    return None


def public_line(record: GameRecord, prompt: Prompt, named: Callable[[SeatRecord], str] | None = None) -> str:
    """One open decision as everyone else reads it: the seat's mention (or ``named(seat)``: the web page's
    plain name), then the prompt's public text in the third person (where that text begins with the seat's
    name, the mention takes its place)."""
    seat = record.seat_named(prompt.seat)
    name = (named or who)(seat) if seat else prompt.seat
    text = public_text(prompt)
    for after in (" ", "'s "):
        if text.startswith(prompt.seat + after):
            return f"**{name}**{after}{text[len(prompt.seat) + len(after) :]}"
    return f"**{name}**: {undoubled(text, prompt.seat, seat)}"


def waiting_lines(
    record: GameRecord,
    prompts: list[Prompt],
    public_view: dict[str, Any],
    named: Callable[[SeatRecord], str] | None = None,
) -> list[str]:
    """One public line per open decision: whose it is and what it is, in the third person (a prompt's
    ``text`` speaks to its seat and is for that seat only); secret choices show only a count. ``named``:
    how a seat is named (Discord's mention by default)."""
    who_is = named or who
    lines: list[str] = []
    secret: dict[str, list[Prompt]] = {}
    for prompt in prompts:
        if prompt.simultaneous:
            secret.setdefault(prompt.kind, []).append(prompt)
            continue
        lines.append(public_line(record, prompt, named))
    for kind, group in secret.items():
        progress = find_progress(public_view, kind)
        if progress is None:
            total = max(len(record.seats), len(group))
            progress = (total - len(group), total)
        names = ", ".join(who_is(s) for p in group if (s := record.seat_named(p.seat)) is not None)
        lines.append(
            f"**Secret choice** ({_secret_topic(group[0])}): {progress[0]} of {progress[1]} have chosen. "
            f"Waiting for {names}."
        )
    return lines


def _secret_topic(prompt: Prompt) -> str:
    """What a secret choice is about, for everyone: its public text (the same for every seat and every
    part); without one, only its kind, since a part's own question would tell how far a seat has got."""
    return prompt.public or prompt.kind.replace("_", " ")


def standing(view: dict[str, Any], round_word: str = "Round") -> str:
    """Where the game stands in its own words, from the public view: ``Round 2 · auction phase``, the count
    named as the game names it (``round_word``: :attr:`GameMeta.turn_word`, "Turn 4" in Nakamura Tower);
    the turn number only when the game counts no rounds. Never the internal version. A view with a
    ``standing`` text says it in its own words (Infamy: "Turn 4, Day Round · Contact Phase")."""
    own = view.get("standing")
    if isinstance(own, str) and own:
        return own
    parts = []
    round_ = view.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool) and round_ > 0:
        parts.append(f"{round_word} {round_}")
    phase = view.get("phase")
    if isinstance(phase, str) and phase:
        parts.append(f"{phase.replace('_', ' ')} phase")
    turn = view.get("turn")
    if not parts and isinstance(turn, int) and not isinstance(turn, bool) and turn > 0:
        parts.append(f"Turn {turn}")
    return " · ".join(parts)


def event_lines(events: Iterable[Event]) -> list[str]:
    return [f"• {e.text}" for e in events if e.audience is None and e.text]


def last_lines(lines: list[str], limit: int) -> str:
    """The most recent lines that fit in ``limit`` characters (a turn post shows the latest events)."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        line = line[: limit // 2]
        if size + len(line) + 1 > limit - 40:
            out.append("… (earlier events: /game log)")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


MORE = "\n… (more in /game log)"


def clip(text: str, limit: int = TEXT_LIMIT, more: str = MORE) -> str:
    """``text`` in at most ``limit`` characters: cut at a line break where it can be, ``more`` saying so."""
    if len(text) <= limit:
        return text
    cut = text[: max(0, limit - len(more))]
    if "\n" in cut:
        cut = cut.rsplit("\n", 1)[0]
    return cut + more


def short(text: str, limit: int) -> str:
    """A name or label in at most ``limit`` characters (Discord's bounds: a choice's name 100, a thread's
    name 100, a placeholder 150): cut after a whole word where it can be, an ellipsis saying so."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ·,;:-") + "…"


SUMMARY_LINES = 6
"""A turn post tells at most this many steps: an agent's whole turn of tests, rolls and windows would be a
wall of text; the rest is in /game log."""
LINE_MAX = 240


def shortened(line: str, limit: int = LINE_MAX) -> str:
    """One line in at most ``limit`` characters, cut at a word."""
    if len(line) <= limit:
        return line
    return line[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def summary(lines: list[str], budget: int, most: int = SUMMARY_LINES) -> str:
    """What happened since the last post, in a few lines: the latest steps that fit in ``budget``
    characters (at most ``most`` of them, each shortened), after a note of how many earlier ones
    ``/game log`` has."""
    reserve = len(_earlier(len(lines))) + 1  # room for the note of the steps left out
    shown: list[str] = []
    size = 0
    for line in reversed(lines):
        line = shortened(line)
        if len(shown) >= most or size + len(line) + 1 + reserve > budget:
            break
        shown.append(line)
        size += len(line) + 1
    left = len(lines) - len(shown)
    return "\n".join(([_earlier(left)] if left else []) + list(reversed(shown)))


def _earlier(count: int) -> str:
    return f"-# … {count} earlier step{'' if count == 1 else 's'}: /game log"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last ("the last Agent standing" reads "The last
    Agent standing.")."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def chunks(text: str, size: int = 1900) -> list[str]:
    """Split text for messages of at most ``size`` characters, at line breaks where possible."""
    out: list[str] = []
    while len(text) > size:
        cut = text.rfind("\n", 0, size)
        if cut <= 0:
            cut = size
        out.append(text[:cut])
        text = text[cut:].lstrip("\n")
    if text:
        out.append(text)
    return out or [""]


def status_word(record: GameRecord) -> str:
    return {
        "lobby": "Lobby open",
        "running": "In play",
        "paused": "Paused",
        "finished": "Finished",
        "aborted": "Cancelled",
        "damaged": "Set aside for a moderator",
    }[record.status]


# --- views as text (the terminal's `board` and `hand`, for play without images) -------------------------

VIEW_LINES_MAX = 120
_SKIP_KEYS = frozenset({"game", "version", "schema"})


def _words(key: str) -> str:
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "-" if value is None else str(value)


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{_words(str(k)).lower()} {_scalar(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return ", ".join(_scalar(v) for v in value) or "none"
    return _scalar(value)


def view_lines(value: Any, indent: int = 0) -> list[str]:
    """A view (the JSON of a game's typed view model) as indented lines a person can read: a key per
    line, flat records and lists of plain values on one line, nested ones indented below their key."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _SKIP_KEYS and indent == 0:
                continue
            if _is_flat(item):
                lines.append(f"{pad}{_words(str(key))}: {_flat(item)}")
            else:
                lines.append(f"{pad}{_words(str(key))}:")
                lines += view_lines(item, indent + 1)
    elif isinstance(value, list):
        for item in value:
            if _is_flat(item):
                lines.append(f"{pad}- {_flat(item)}")
            else:
                nested = view_lines(item, indent + 1)
                lines += [f"{pad}- {nested[0].strip()}", *nested[1:]] if nested else [f"{pad}-"]
    else:
        lines.append(f"{pad}{_scalar(value)}")
    return lines


def board_lines(game: Any, public_view: dict[str, Any]) -> list[str]:
    """The whole public table as text: the game's own board text (``game.board_lines(view)``, complete, in
    its words, sectioned), or for a game still in development the view written out generically (cut off)."""
    own = getattr(game, "board_lines", None)
    found = own(public_view) if own is not None else None
    return list(found) if found is not None else clipped_lines(view_lines(public_view))


def clipped_lines(lines: list[str], limit: int = VIEW_LINES_MAX) -> list[str]:
    if len(lines) <= limit:
        return lines
    return [*lines[:limit], f"... and {len(lines) - limit} more lines (the board image shows everything)"]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def how_they_did(result: GameResult, user: str) -> str:
    """How ``user`` did in the game ``result`` tells, in words: "2nd of 4 (unrated), resigned, rating +1.2"
    (the same on Discord's /history and the web companion's player page)."""
    line = result.line_of(user)
    if not result.finished:
        how = "abandoned (unrated)"
    elif line is not None and line.place is not None:
        how = f"{ordinal(line.place)} of {len(result.players)}" + ("" if result.rated else " (unrated)")
    else:
        how = "played"
    if line is not None and line.forfeit:
        how += ", resigned"
    if user in result.after and user in result.before:
        how += f", rating {result.after[user].shown - result.before[user].shown:+.1f}"
    return how
