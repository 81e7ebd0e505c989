"""The cogs' UI plumbing, apart from the command cogs (which import it; it imports none of them):

- :mod:`~cogs.ui.components`, :mod:`~cogs.ui.items`, :mod:`~cogs.ui.undo_items`: the persistent components
  (buttons and selects whose custom ids carry everything) and the registry of them; :mod:`~cogs.ui.stamps`:
  what an offered action was offered for;
- :mod:`~cogs.ui.dispatch`: the typed interface (:class:`~cogs.ui.dispatch.Flows`) through which a
  component starts its flow, provided by the composition root as :class:`~cogs.ui.all_flows.AllFlows`;
- :mod:`~cogs.ui.layouts`, :mod:`~cogs.ui.menus`: the messages that carry them, and how options are grouped;
- :mod:`~cogs.ui.flows`, :mod:`~cogs.ui.flows_seat`, :mod:`~cogs.ui.flows_undo`: what a click or a command
  does (submit, options, menus in parts, the hand, the lobby, confirmations, undo);
- :mod:`~cogs.ui.answer`, :mod:`~cogs.ui.errors`: answering an interaction, and the one place errors
  become messages;
- :mod:`~cogs.ui.admission`, :mod:`~cogs.ui.authority`: the rate limit and the gate every interaction
  passes, and who may do what to a game;
- :mod:`~cogs.ui.common`: what the command cogs share (their base class, autocompletes).
"""
