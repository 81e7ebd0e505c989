"""A game's glossary: its terms and what each means, for the terminal's ``rules`` and ``rules TERM``.

A game may give its glossary in :attr:`GameMeta.glossary`; otherwise its data pack's ``glossary.json`` (a
list of records ``{"id", "term", "text", "provenance"}``, house texts in our own words) is read. A pack
without one (a player's own pack) has no glossary, which is no error; a bad one raises the pack's
:class:`~engine.core.errors.DataError`, naming the file, record and field.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .datapack import Provenance, load_records, pack_dir

FILE = "glossary.json"


class Term(BaseModel):
    id: str
    term: str
    text: str
    provenance: Provenance


def glossary(game: Any) -> dict[str, str]:
    """Term -> meaning, in the order the game gives them."""
    meta = game.meta
    if meta.glossary:
        return dict(meta.glossary)
    path = pack_dir(meta.id) / FILE
    if not path.is_file():
        return {}
    return {record.term: record.text for record in load_records(path, Term)}


def lookup(terms: dict[str, str], word: str) -> list[tuple[str, str]]:
    """The entries ``word`` names: the term itself (any case), else every term that starts with it or has
    it as a word, else every term whose meaning mentions it."""
    typed = " ".join(word.casefold().split())
    if not typed:
        return []
    exact = [(t, x) for t, x in terms.items() if t.casefold() == typed]
    if exact:
        return exact
    named = [
        (t, x) for t, x in terms.items() if t.casefold().startswith(typed) or typed in t.casefold().split()
    ]
    if named:
        return named
    return [(t, x) for t, x in terms.items() if typed in x.casefold()]


__all__ = ["FILE", "Term", "glossary", "lookup"]
