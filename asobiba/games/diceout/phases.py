"""The phases of a Dice Out position: what the side to move does now (:mod:`.state`)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """What the side to move does now (:mod:`.state` says what each allows). An ``IntEnum``
    because the phase is packed into a position's key (:func:`~.state.pack_key`)."""

    TURN = 0
    WINDOW_AFTER_MOVE = 1
    WINDOW_EXIT = 2
    SETUP = 3
    PLACE = 4


TURN = Phase.TURN
WINDOW_AFTER_MOVE = Phase.WINDOW_AFTER_MOVE
WINDOW_EXIT = Phase.WINDOW_EXIT
SETUP = Phase.SETUP
PLACE = Phase.PLACE
"""The phases by their own names, as the engine's modules use them."""
