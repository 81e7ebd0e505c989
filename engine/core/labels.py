"""Labels people read on buttons and in menus: fitted to Discord's 80 characters in one place."""

from __future__ import annotations

from collections.abc import Sequence

LABEL_MAX = 80
SHOWN_MAX = 8


def fit(text: str, limit: int = LABEL_MAX) -> str:
    """``text`` on one line, at most ``limit`` characters (cut at a word with an ellipsis)."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


def listing(labels: Sequence[str], most: int = SHOWN_MAX) -> str:
    """ "A, B, C and 4 more": a refusal names what is possible without a wall of text."""
    shown = ", ".join(labels[:most])
    more = len(labels) - most
    return shown + (f" and {more} more" if more > 0 else "")
