"""What each seat of High Card sees: the scores, the round, and its own secret pick until the reveal."""

from __future__ import annotations

from engine.core.flowgame import TableView


class HighCardView(TableView):
    round: int
    scores: dict[str, int]
    leader: str
    doubled: bool
    my_pick: str | None
    """The viewer's own pick while the round's picks are secret (the same as ``my_choice``)."""
