"""Strong solution of Dice Out (docs/rules/diceout.md) by retrograde analysis.

* :mod:`.geometry` numbers (cell, value) slots on the game's board (:mod:`..board`), ranks 3-dice sets
  and knows the 180° rotation.
* :mod:`.kernels` holds the compiled (numba) move generator and the solving passes.
* :mod:`.retrograde` drives the passes, checkpoints and resumes.
* :mod:`.table` opens a finished table and answers verdicts and best moves for engine states.
* :mod:`.positions` turns position JSON / engine states into table coordinates.
* :mod:`.study` derives the opening figures and plots; :mod:`.cli` is what ``asobiba solve`` /
  ``asobiba study`` call; :mod:`.jobs` builds a table in a background thread for the web table.
"""
