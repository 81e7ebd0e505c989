"""The small game the core and table tests play: High Card, the example game on the runtime
(engine/example), registered under the id ``toy``."""

from engine.example import EXAMPLE as TOY

__all__ = ["TOY"]
