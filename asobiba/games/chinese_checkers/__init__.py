"""Chinese Checkers (チャイニーズチェッカー): 2, 3, 4 or 6 players on the star, played by the star
engine of :mod:`asobiba.games.star` under Chinese Checkers' options
(docs/rules/chinese_checkers.md)."""
