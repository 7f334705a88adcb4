"""Colours of the study figures, by the first player's result."""

from __future__ import annotations

from .table import DRAW, LOSS, WIN

RESULT_COLOURS = {WIN: "#2e7d32", DRAW: "#9e9e9e", LOSS: "#c62828"}
