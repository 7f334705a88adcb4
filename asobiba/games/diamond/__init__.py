"""Diamond Game (ダイヤモンドゲーム): two or three players with kings on the star, played by the star
engine of :mod:`asobiba.games.star` under Diamond Game's options (docs/rules/diamond.md)."""
