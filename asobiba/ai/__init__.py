"""Computer opponents for every asobiba game, through the core interface only.

* :mod:`.agent` — the :class:`~.agent.Agent` protocol, search results, shared helpers.
* a game's evaluation, levels and explanations come from its descriptor's ``knowledge``
  (:mod:`asobiba.core.descriptor`).
* :mod:`.simple` — uniform random and one-ply greedy (with human-like noise for low levels).
* :mod:`.alphabeta` — alpha-beta (negamax for two players, paranoid for more), *-minimax chance nodes.
* :mod:`.mcts` — UCT with chance nodes and max^n backups, cut-off evaluation.
* :mod:`.levels` — the five levels (入門 … 最強) per game, and ``make_agent``.
* :mod:`.hints` — ``analyse(state)``: suggested move, value, principal line, reason.
* :mod:`.arena` / :mod:`.elo` — round robins with seats rotated, Elo with 95 % intervals.
* :mod:`.think_time` — think time per level (for ``asobiba bench``).
"""
