"""Matches of asobiba's strongest Chinese Checkers level against other engines' players
(docs/benchmarks.md, "Matches against other engines / 他のエンジンとの対戦").

Each opponent (:mod:`.vs_openspiel`, :mod:`.vs_magmacrunch`) is an adapter that keeps the other
engine's own state and rules and translates moves both ways; :mod:`.match` plays one game with an
asobiba state kept in step beside it and checks, move after move, that both engines list the same
moves and hold the same board; :mod:`.run` is the command line::

    python -m bench.peers --opponent mcts-distance --end blocked-goal --games 100 --think 1

The other engines are optional: ``pip install 'asobiba[peers]'``.
"""
