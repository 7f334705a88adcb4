"""ダイスアウト (Dice Out): two players, three dice each, on a 5-column grid (docs/rules/diceout.md).

Modules: ``board`` (geometry), ``slots`` (the (cell, value) slot encoding and move tables),
``options``, ``setup`` (the opening roll as one chance node), ``actions`` (ids and notation),
``state`` (the rules), ``position`` (position JSON), ``render`` (text), ``svg`` (pictures),
``bench_positions`` and ``game`` (the :class:`~asobiba.core.game.Game` entry point).
"""
