"""The asobiba engine protocol (docs/research.md, "The engine protocol"): a line protocol in the
spirit of UCI by which outside programs play asobiba's games. :mod:`.protocol` reads and writes
its lines and :mod:`.server` answers them for ``asobiba engine GAME``; :mod:`asobiba.ai.external`
drives a program that speaks it (``ext:COMMAND`` agents of ``asobiba arena``)."""
