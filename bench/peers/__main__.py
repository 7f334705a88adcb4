"""``python -m bench.peers``: see :mod:`bench.peers.run`."""

from bench.peers.run import main

main()
