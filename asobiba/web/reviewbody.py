"""The body of ``POST /api/games/{id}/review/try`` (:mod:`.reviews`), in a module of its own so that
the contract (:mod:`.contract`) can state it without importing the routes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from .bodies import Body

Level = Literal["intro", "weak", "normal", "strong", "strongest"]
"""An analysis level (:data:`asobiba.ai.levels.LEVELS`)."""
NORMAL: Level = "normal"


class TryBody(Body):
    """``POST /api/games/{id}/review/try``: a move (``action``) tried instead of the one played at
    decision ``ply``, judged at ``level``."""

    ply: Annotated[StrictInt, Field(ge=0, le=2**31)]
    action: Annotated[StrictInt, Field(ge=0, le=2**31)]
    level: Level = NORMAL
