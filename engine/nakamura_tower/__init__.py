"""Human Interface: Nakamura Tower (1-3 players), on the runtime and the board of ``engine/core``.

Modules. The data: ``pack`` (data-pack models: the CanDo deck, characters, drones, equipment, Cyberwarfare
cards, missions), ``packcheck`` (the checks across its files), ``tiles`` (boards built from tiles),
``loading`` (the pack in use, read once). The table: ``state`` (the options, the steps and the state),
``rules`` (``RULES``, the registry everything below registers into, and the CanDo deck every test draws
from), ``board`` (the floor: squares, sight, doors, cameras, Alarm tokens), ``stats`` (a model's numbers,
how menus name models and gear, limited-use cards), ``sharing`` (a Faction two players share, and who
answers its activation). Set-up: ``setup`` (the board, Terminals, Teams and decks), ``factions`` (who
chooses a Faction first), ``teambuild`` (each Team built at the table). The turn (``phases``: its seven
phases, one step each, and phases 2 and 3, System Resources and the Initiative), then by phase:

1. ``infection``: Cybershock tests, Cyberpsychosis, the viruses' and worms' special abilities;
4. ``declare`` (the cards drawn, the declarations), ``sniffing`` (Fly Eyes), ``plans`` and ``fills`` (the
   parts of a secret plan), ``cyber`` (the plans revealed and carried out, running programmes),
   ``battles`` (programme battles and infections);
5. ``activation`` (each Team's activation), ``actions/`` (move, attack, gear, doors and the rest),
   ``combat`` (attacks and reactions), ``intervening`` (Intervening Models), ``locations`` (hit
   locations), ``wounds`` (wounds, unconsciousness, stuns), ``grenades``, ``mines``, ``scoring`` (objectives,
   knock-outs, escapes, cooperative play and the end of the game);
6. ``drones``: AI Operations (the Security Protocol, alarm levels, the drones' algorithm);
7. ``keeping``: Clean-Up (doors, tokens, the Tactical Networks and hands).

What a seat sees: ``view`` (the typed view schema), ``viewing`` (building it from the state). The wiring:
``game``; the heuristic agent: ``agent`` and ``tactics`` (its use of gear). Rulings on the rulebook's gaps:
``RULINGS.md``. ``GAME`` is registered.
"""

from .game import NAKAMURA, NakamuraGame

GAME = NAKAMURA

__all__ = ["GAME", "NAKAMURA", "NakamuraGame"]
