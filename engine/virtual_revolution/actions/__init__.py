"""The actions of a turn: its phases (:mod:`.turn`), the five Actions (:mod:`.main`), the free actions
(:mod:`.free`) and the Titles (:mod:`.titles`)."""

from . import free, main, titles, turn  # noqa: F401 - they register into RULES
