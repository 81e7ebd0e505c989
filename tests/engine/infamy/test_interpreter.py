"""Infamy's effect interpreter: one handler per op, and a pack naming an unknown op is refused at load."""

from __future__ import annotations

import pytest

from engine.core import DataError


def test_effect_interpreter_dispatches_by_op_and_refuses_unknown_ops() -> None:
    from dataclasses import dataclass

    from engine.core import Event, public
    from engine.infamy.interpreter import EffectInterpreter, handles

    @dataclass
    class Fx:
        op: str
        amount: int = 0

    class Counter(EffectInterpreter[dict[str, int], None]):
        @handles("gain")
        def gain(self, state: dict[str, int], effect: Fx, ctx: None) -> list[Event]:
            state["cash"] += effect.amount
            return [public("gain", f"+{effect.amount}")]

        @handles("pay")
        def pay(self, state: dict[str, int], effect: Fx, ctx: None) -> list[Event]:
            state["cash"] -= effect.amount
            return []

    state = {"cash": 1}
    events = Counter().run(state, [Fx("gain", 3), Fx("pay", 2)], None)
    assert state["cash"] == 2 and [e.text for e in events] == ["+3"]
    assert Counter.ops() == {"gain", "pay"}
    with pytest.raises(DataError, match="effect 2 has unknown op 'fly'"):
        Counter.check_ops("cards.json: record 'c1'", [Fx("gain"), Fx("fly")])
