"""renderers/common: wrapping by word widths gives the lines that measuring every candidate line gave
(issue 21: the prefix measurements thrashed the width cache on boards full of log lines)."""

from __future__ import annotations

import random

from renderers.common import font, text_width, wrap

WORDS = (
    "g46p1 places its pawn in sector 4: a free resupply zone, or the Cartel HQ. Contact Order: > "
    "Watchdog; Accomplice (own secret sector card). W 15 D 12 C 14 Hazards Round 2 (Night) "
    "Ómega ÿ … — 1,000 Megacorp/Militia «quoted» détective's"
).split()


def measured_wrap(value: str, width_px: int, size: int) -> list[str]:
    """The reference: every candidate line measured whole."""
    lines: list[str] = []
    for paragraph in value.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and font(size).getlength(candidate) > width_px:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def test_wrapping_by_word_widths_matches_measuring_whole_lines() -> None:
    rng = random.Random(21)
    for _ in range(400):
        words = [rng.choice(WORDS) for _ in range(rng.randint(0, 40))]
        value = " ".join(words)
        if rng.random() < 0.2:
            value = value.replace(" ", "\n", 1)
        width, size = rng.randint(60, 700), rng.choice((11, 12, 13, 14, 16, 20))
        assert wrap(value, width, size) == measured_wrap(value, width, size), (value, width, size)


def test_a_lines_width_is_its_words_and_spaces() -> None:
    rng = random.Random(7)
    for size in (12, 16, 20):
        for _ in range(100):
            words = [rng.choice(WORDS) for _ in range(rng.randint(1, 12))]
            summed = sum(text_width(w, size) for w in words) + text_width(" ", size) * (len(words) - 1)
            assert summed == font(size).getlength(" ".join(words))
