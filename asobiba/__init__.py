"""asobiba (遊び場): Diamond Game, Chinese Checkers, Dice Out and Gandice for the screen and the study
desk."""

__version__ = "0.1.0"
