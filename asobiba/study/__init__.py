"""Studies: how much a deck, a level, a rule option or the first move is worth, measured by playing
(or worked out exactly where a game can), for every game (docs/study/README.md).

* :mod:`.stats` — the Wilson interval and the games a width needs;
* :mod:`.plan` — what a study compares: its cells, the seating of every game, the seeds;
* :mod:`.play` — one game played to its end, read as a :class:`~.play.Played` value;
* :mod:`.engines` — where the games run: local processes or Ray tasks, with the same results;
* :mod:`.run` — rounds of games with sequential stopping, and the progress bar;
* :mod:`.compare` — each difference with its interval and test, Holm's correction over them all;
* :mod:`.costs` — the games and CPU time a study will take (``--dry-run``), from a calibration;
* :mod:`.report` — the terminal table, the JSON and the plots;
* :mod:`.cli` — ``asobiba study GAME --compare …``.

Generic: a game is read only through its descriptor (levels from its knowledge, rule options from its
options class, the rest from its :class:`~asobiba.core.descriptor.StudySubjects`).
"""
