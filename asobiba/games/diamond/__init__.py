"""Diamond Game (ダイヤモンドゲーム): star board, rules, notation, positions, pictures
(docs/rules/diamond.md)."""
