"""Games that live in the tests, to show that a game is added by its own folder and one line in the
registry."""
