"""One package per game; each implements the core interface (asobiba.core.game)."""
