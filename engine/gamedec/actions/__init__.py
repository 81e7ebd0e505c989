"""Gamedec's actions, one class per intent kind (see :mod:`engine.core.actions`): the turn's (``moves``,
``tasks``, ``exchanges``, ``corporate``, ``story``) and the universal ones usable in other prompts too
(``anytime``). ``base`` holds what they share. ``game.py`` imports the modules, which registers them, in the
order a turn's menu lists them (:func:`engine.gamedec.procedure.turn_actions`)."""
