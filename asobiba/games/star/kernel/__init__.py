"""A compiled (numba) engine for the games on the star, held to the readable one of the parent
package.

The rules are those of docs/rules/diamond.md and docs/rules/chinese_checkers.md, every board and
option included (one to six seats). Positions live in flat int32
arrays (:mod:`.arrays`), so that compiled functions take and change them without Python objects:

* :mod:`.arrays` — the layout of the board, rules and work arrays;
* :mod:`.tables` — neighbour and ray tables from :mod:`..geometry`, and the rules array of a game;
* :mod:`.convert` — :class:`~..game.StarState` to a board array and back;
* :mod:`.movegen` — legal moves, as the readable engine's action ids;
* :mod:`.play` — making and unmaking moves, the end of the game, random playouts and perft;
* :mod:`.evaluate` — the evaluation of :mod:`..heuristic`, equal to it within 1e-9;
* :mod:`.search` — alpha-beta (paranoid for three players) with iterative deepening, a Zobrist
  transposition table and move ordering, under a node budget;
* :mod:`.agent` — the computer player on that search (the agent kind ``kernel``);
* :mod:`.versus` — the timings of ``asobiba bench diamond --vs openspiel``;
* :mod:`.cache` — clearing compiled code cached from older sources (run here, on import).

Every compiled function is cached on disk (``cache=True``): the first run compiles, later runs load.
"""

from .cache import clear_stale_cache

clear_stale_cache()
