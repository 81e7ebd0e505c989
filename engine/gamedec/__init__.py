"""Gamedec: game detectives against hackers in the Net (2-6 players), on the runtime of ``engine/core``.

Modules: ``board`` (the 13 spaces, exchanges, Aid menus), ``pack`` (data-pack models and the cached loader
of ``data/gamedec``), ``state`` (the state and the options model), ``steps`` (the procedure's typed steps),
``runtime`` (``RULES``, the registry everything below registers into), ``rules`` (Reputation, Wounds,
points, the final placing, entry rules, Equipment piles), ``names`` (how ids read for a player: spaces,
cards, traded goods), ``modifiers`` (a test's modifiers as ledgers), ``setup`` (the board, the detectives,
the hands and starting Skills), ``procedure`` (the round, the turn and its menu, the limits, Terror cards),
``window`` (the open Assist/Sabotage window before a roll), ``effects`` (the roll of a Task test or fight,
rewards and penalties), ``answers`` (the questions asked of one detective), ``trade`` (one-good offers and
calls for offers), ``bundles`` (trades of several goods), ``settle`` (exchanging agreed goods, Online
Trade), ``story`` (Scenarios and Finales), ``actions/`` (the turn's actions and the universal ones),
``view`` (the typed view schema), ``viewing`` (building it from the state), ``game`` (the wiring),
``agent`` (the heuristic agent). Rulings on the rulebook's gaps: ``RULINGS.md``.

Each action declares its arguments, its label, when it is possible and whether the turn offers it; each
question (``RULES.answers``, ``revealed``, ``closed``) the answers it takes (``takes``) and why one it does
not offer is refused (``refusal``): the runtime checks keys, labels intents and words every refusal from
them (:mod:`engine.core.refusals`).
"""

from .game import GAME, GamedecGame

__all__ = ["GAME", "GamedecGame"]
