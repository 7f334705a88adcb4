"""Toy Slide (石すべり), a game that lives in the tests: see :mod:`.game` for its rules."""
