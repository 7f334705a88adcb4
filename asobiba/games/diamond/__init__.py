"""Diamond Game (ダイヤモンドゲーム): star board, rules, notation, positions, pictures (RULINGS.md §1)."""
