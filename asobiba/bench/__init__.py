"""What ``asobiba bench`` runs: speed figures for a game, printed and never asserted in tests
(docs/benchmarks.md).

* :mod:`.throughput` — ``asobiba bench GAME``: move generation, random playouts, think time per level;
* :mod:`.versus` — ``asobiba bench GAME --vs ENGINE``: the game's compiled engine beside another
  engine's nearest game, in interleaved rounds.

Everything the installed command runs lives here. The repository's top-level ``bench/`` holds the
standalone scripts that are not part of the package: the web table's load bench (it drives a
running server over WebSockets) and the matches against other engines (they need the ``peers``
extra).
"""
