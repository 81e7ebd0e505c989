"""The flows the components start (:class:`cogs.ui.dispatch.Flows`), as the composition root provides
them: each method is the flow of its name in :mod:`cogs.ui.flows`, :mod:`cogs.ui.flows_seat` or
:mod:`cogs.ui.flows_undo`."""

from __future__ import annotations

from . import flows, flows_seat, flows_undo


class AllFlows:
    """Every flow a component starts; mypy checks it against :class:`~cogs.ui.dispatch.Flows` where the
    composition root hangs it on the client."""

    submit = staticmethod(flows.submit)
    show_options = staticmethod(flows.show_options)
    show_part = staticmethod(flows.show_part)
    stale = staticmethod(flows.stale)
    show_hand = staticmethod(flows_seat.show_hand)
    show_board = staticmethod(flows_seat.show_board)
    lobby_action = staticmethod(flows_seat.lobby_action)
    confirm = staticmethod(flows_seat.confirm)
    undo_request = staticmethod(flows_undo.undo_request)
    undo_mine = staticmethod(flows_undo.undo_mine)
    undo_answer = staticmethod(flows_undo.undo_answer)
