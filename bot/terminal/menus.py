"""The menus the terminal prints and what a typed line chooses in them: a flat numbered list of the legal
actions, or one part of a menu asked in parts (a kind, then each argument), as the Discord menus are."""

from __future__ import annotations

import re

from engine.core.intent import Intent
from engine.core.menus import Choice

from .keyboard import MORE, folded, match_label, not_understood, say


def menu(legal: list[tuple[Intent, str]], limit: int) -> None:
    for n, (_, label) in enumerate(legal[:limit], start=1):
        say(f"  {n:3}. {label}")
    if len(legal) > limit:
        say(f"  ... and {len(legal) - limit} more: type 'all' to list them.")


def part_menu(entries: list[Choice], limit: int) -> None:
    for n, entry in enumerate(entries[:limit], start=1):
        more = "" if entry.complete or entry.label.endswith("…") else " …"
        say(f"  {n:3}. {entry.label}{more}")
    if len(entries) > limit:
        say(f"  ... and {len(entries) - limit} more: type 'all' to list them.")


def pick(line: str, legal: list[tuple[Intent, str]], quiet: bool = False) -> str | None:
    """The key a line chose from a flat menu: a number, a label (or any unambiguous part of it), or a key
    typed in full; None, with a word to the player unless ``quiet``, for anything else."""
    if line.isdigit():
        n = int(line)
        if 1 <= n <= len(legal):
            return legal[n - 1][0].key()
        if not quiet:
            say(f"There is no action {n}. " + not_understood(line, len(legal)))
        return None
    labels = [label for _, label in legal]
    index, candidates = match_label(line, labels)
    if index is not None:
        return legal[index][0].key()
    by_key = next((i.key() for i, _ in legal if i.key() == line), None)
    if by_key is not None:
        return by_key
    if not quiet:
        say(not_understood(line, len(legal), [labels[i] for i in candidates]))
    return None


def pick_part(line: str, entries: list[Choice], legal: list[tuple[Intent, str]]) -> Choice | None:
    """What a line chose in a part: a number, an entry's label (or its unambiguous start), or a whole
    key or label legal now; None (with a word to the player) for anything else."""
    if not line:
        return None
    if line.casefold() in MORE:
        part_menu(entries, len(entries))
        return None
    if line.isdigit():
        n = int(line)
        if 1 <= n <= len(entries):
            return entries[n - 1]
        say(f"There is no choice {n}; type a number from 1 to {len(entries)}, a label, 'back' or 'help'.")
        return None
    index, candidates = match_label(line, [c.label.rstrip("…").strip() for c in entries])
    if index is not None:
        return entries[index]
    whole = next(
        (
            Choice(key=i.key(), label=label, complete=True)
            for i, label in legal
            if i.key() == line or folded(label) == folded(line)
        ),
        None,
    )
    if whole is None and not candidates:
        found, _ = match_label(line, [label for _, label in legal])
        if found is not None:
            whole = Choice(key=legal[found][0].key(), label=legal[found][1], complete=True)
    if whole is None and not candidates and (named := guess(line, legal)) is not None:
        return Choice(key=named.key(), label=line, complete=True)  # not offered: the game says why
    if whole is None and candidates:
        say(not_understood(line, len(entries), [entries[i].label for i in candidates]))
    elif whole is None:
        say(f"Not one of the choices: type a number from 1 to {len(entries)}, a label, 'back' or 'help'.")
    return whole


NUMBER = re.compile(r"-?\d+")


def guess(line: str, legal: list[tuple[Intent, str]]) -> Intent | None:
    """The move a line names that is not on the menu, so that the game can say why it is refused ("bid 2"
    when the lead is 2): the line's first word starts the labels of one kind of action, it holds one number,
    and that kind's options differ by one whole-number argument, which the number replaces. None when the
    line names no such move."""
    words = line.split()
    numbers = NUMBER.findall(line)
    if len(words) < 2 or len(numbers) != 1:
        return None
    first = folded(words[0])
    same = [i for i, label in legal if folded(label).split(" ")[0] == first]
    if not same or len({i.kind for i in same}) != 1:
        return None
    varying = [
        name
        for name, value in same[0].args
        if isinstance(value, int) and len({i.get(name) for i in same}) == len(same)
    ]
    if len(varying) != 1:
        return None
    value = int(numbers[0])
    return Intent(same[0].kind, tuple((n, value if n == varying[0] else v) for n, v in same[0].args))
