"""The crossing puzzle: one colour alone on the empty star, carrying its camp across in as few
moves as possible (docs/rules/chinese_checkers.md, "Crossing the star alone").

* :mod:`.puzzle` — the puzzle of a game's first colour, as flat arrays (cells, lines, rows);
* :mod:`.kernel` — compiled moves and positions (numba), and the entry bound;
* :mod:`.search` — a beam search that finds crossings, and the entry bound no crossing beats;
* :mod:`.prove` — the exact search from both ends that proves a crossing shortest;
* :mod:`.sets` — the sorted sets of positions that search keeps;
* :mod:`.known` — the best crossings known for the puzzles the web table offers;
* :mod:`.web`, :mod:`.cli` — the web table's services and the ``cross`` command.
"""
