"""The star engine: one engine for every game on the star board, Diamond Game
(:mod:`asobiba.games.diamond`, docs/rules/diamond.md) and Chinese Checkers
(:mod:`asobiba.games.chinese_checkers`, docs/rules/chinese_checkers.md). A game on the star is a
thin variant: its options build the :class:`~.layout.StarRules` the engine plays
(``options.star_rules()``), and its game class is :class:`~.game.StarGame` under those options.

The board and the rules:

* :mod:`.geometry` — the standard and small stars, cell indices, grid bits, colours and points;
* :mod:`.layout` — :class:`~.layout.StarRules` and each seat's start, goal and allowed cells;
* :mod:`.options` — the options every star game declares alike, and the ``goal_block`` default;
* :mod:`.game` — :class:`~.game.StarGame` and its immutable :class:`~.game.StarState`;
* :mod:`.endgame` — finishing, ranks and the end of a game; :mod:`.position` — position JSON;
* :mod:`.notation` — cell names and moves as people write them;
* :mod:`.svg`, :mod:`.render` — the pictures (SVG, terminal text);
* :mod:`.heuristic` — the evaluation and levels of the computer players;
  :mod:`.capabilities` — what both descriptors declare from it;
* :mod:`.bench_positions` — mid-game positions for ``asobiba bench``.

The move generators: four of them, one set of moves.

* :mod:`.movegen` — **the readable generator**, :meth:`~.movegen.MoveGenerator.walk`: the rules
  sentence by sentence, walking the rays of every landing cell; it alone does long hops, swaps
  and the hop path of a move, and :meth:`~.movegen.MoveGenerator.moves` hands it every position
  the fast generator does not play. It is the reference the others are held to, and is itself
  held to the slow, independent generator of the tests (``tests/games/star/star_reference.py``)
  by ``tests/games/diamond/test_diamond_reference.py``,
  ``tests/games/chinese_checkers/test_chinese_checkers_reference.py`` and both games' perft tests.
* :mod:`.fast_moves` (with the tables of :mod:`.neighbourhood`) — **the fast generator** the
  readable one hands the common rules to (no long hops, no swaps): shared hop components and
  local tables. Held to the readable walk by ``tests/games/star/test_star_fast_moves.py``.
* :mod:`.kernel` — **the compiled engine** (numba): moves, make/unmake, evaluation and alpha-beta
  search on flat arrays, for the agent kind ``kernel``. Held to the readable engine move set for
  move set, and on evaluation and search, by ``tests/games/star/test_star_kernel.py``,
  ``test_star_kernel_search.py``, ``test_star_kernel_stars.py`` and
  ``tests/games/diamond/test_diamond_small_board.py``.
* :mod:`.crossing` — the crossing puzzle (one colour alone on the empty star), with its own
  **compiled puzzle moves** (:mod:`.crossing.kernel`: one colour, no opponents), its searches and
  the page module it serves (``crossing/client/``). Held to the readable engine by
  ``tests/games/star/test_star_crossing.py`` and ``test_star_crossing_proof.py``.

Mid-game perft files (``tests/games/star/perft/*.perft``: positions of both games, the options they
were set up with and their counts per depth, counted by :meth:`~.movegen.MoveGenerator.walk`) hold
all three generators to the same counts (``tests/games/star/test_star_perft_files.py``).

This package imports only :mod:`asobiba.core`, the agents' base :mod:`asobiba.ai.agent` (for the
compiled player) and :mod:`asobiba.cli_support` (for the ``cross`` command); the game packages
import it, never each other (docs/architecture.md, "Layers").
"""
