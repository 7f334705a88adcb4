"""Strong solution of Dice Out (docs/rules/diceout.md) by retrograde analysis.

* :mod:`.geometry` numbers (cell, value) slots on the game's board (:mod:`..board`), ranks 3-dice sets
  and knows the 180° rotation.
* :mod:`.kernels` holds the compiled (numba) move generator and the solving passes.
* :mod:`.evaluate`, :mod:`.search` and :mod:`.agent`: the computer players' evaluation and
  alpha-beta compiled on the same coordinates and move generator (the agent kind ``kernel``);
  :mod:`.cache` keeps the search's compiled code in step with the sources it calls.
* :mod:`.retrograde` drives the passes, checkpoints and resumes.
* :mod:`.table` opens a finished table and answers verdicts and best moves for engine states.
* :mod:`.positions` turns position JSON / engine states into table coordinates.
* :mod:`.study` derives the opening figures and plots; :mod:`.cli` is what ``asobiba solve`` /
  ``asobiba study`` call; :mod:`.jobs` builds a table in a background thread for the web table.
"""
