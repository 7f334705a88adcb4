"""Chinese Checkers (チャイニーズチェッカー): 2, 3, 4 or 6 players on the star, played by Diamond Game's
star engine (docs/rules/chinese_checkers.md)."""
