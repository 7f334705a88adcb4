"""The crossing puzzle: one colour alone on the empty star, carrying its camp across in as few
moves as possible (docs/rules/chinese_checkers.md, "Crossing the star alone").

* :mod:`.puzzle` — the puzzle of a game's first colour, as flat arrays (cells, lines, rows);
* :mod:`.kernel` — compiled moves and positions (numba);
* :mod:`.relax` — the row relaxation: exact tables of the fewest moves and the most rows gained
  when only the rows of the pieces count (the bounds of the proof);
* :mod:`.search` — a beam search that finds crossings, and the search that proves none is shorter.
"""
