"""Building hand-made Diamond Game positions for the tests (and scattered positions of any game on
the star).

:func:`position` takes only the pieces a test cares about and fills each colour up to its full set
with men on its own start area (apex and deepest cells first; the king goes on the start apex
unless given), then on the hexagon cells nearest to it, and goes through the position JSON
parser like any user file.
"""

from __future__ import annotations

import itertools
import random

from games.star.star_reference import may_stand

from asobiba.games.diamond.game import DiamondGame
from asobiba.games.star.game import StarGame, StarState
from asobiba.games.star.geometry import STANDARD, STAR_COLOURS, cells_of
from asobiba.games.star.notation import parse_cell
from asobiba.games.star.options import LINE_CHAIN_RULES

DEFAULT_COLOURS = {2: ("red", "yellow"), 3: ("red", "yellow", "green")}


def _cell(c, star=STANDARD):
    return tuple(parse_cell(c, star)) if isinstance(c, str) else tuple(c)


def position(options=None, to_move="red", pieces=None, game=None, **extra) -> StarState:
    """A state with ``pieces = {colour: {"king": cell, "men": [cells]}}`` completed by padding.

    ``game`` is a game on the star (default: Diamond Game with ``options``). Cells may be
    ``(q, r)`` or names like ``"e3"``. ``extra`` goes into the JSON (ply, ranks...).
    """
    game = game or DiamondGame(options or {})
    rules = game.rules
    star = rules.star
    pieces = pieces or {}
    used = set()
    for entry in pieces.values():
        used.update(_cell(c, star) for c in entry.get("men", []))
        if entry.get("king"):
            used.add(_cell(entry["king"], star))
    out = {}
    for seat, colour in enumerate(rules.colours):
        entry = pieces.get(colour, {})
        men = [_cell(c, star) for c in entry.get("men", [])]
        king = _cell(entry["king"], star) if entry.get("king") else None
        start_apex = star.apex[STAR_COLOURS[colour]]
        area = sorted(cells_of(game.seats[seat].start_area),
                      key=lambda c, a=start_apex: abs(c[0] - a[0]) + abs(c[1] - a[1])
                      + abs(c[0] + c[1] - a[0] - a[1]))
        hexagon = sorted(cells_of(star.hexagon), key=lambda c, a=start_apex: abs(c[0] - a[0])
                         + abs(c[1] - a[1]) + abs(c[0] + c[1] - a[0] - a[1]))
        spare = [c for c in dict.fromkeys(area + hexagon) if c not in used]
        if rules.king and king is None:
            king = spare.pop(0)
            used.add(king)
        want = game.seats[seat].start_area.bit_count() - (1 if rules.king else 0)
        while len(men) < want:
            c = spare.pop(0)
            men.append(c)
            used.add(c)
        out[colour] = {"king": list(king) if king else None, "men": [list(c) for c in men]}
    data = {"game": game.id, "options": game.options.to_dict(), "to_move": to_move, "pieces": out}
    data.update(extra)
    return game.state_from_json(data)


def targets(state: StarState, cell) -> set[tuple[int, int]]:
    """Cells the piece on ``cell`` can move to."""
    origin = _cell(cell, state.game.star)
    out = set()
    for a in state.legal_actions():
        d = state.describe_action(a)
        if d["from"] is not None and tuple(d["from"]) == origin:
            out.add(tuple(d["to"]))
    return out


def move_set(state: StarState) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    out = set()
    for a in state.legal_actions():
        d = state.describe_action(a)
        if d["from"] is not None:
            out.add((tuple(d["from"]), tuple(d["to"])))
    return out


def all_combos():
    """Every combination of the options that change the rules (colours and limits aside)."""
    out = []
    for players, pieces, king, chain, long_jump, rule in itertools.product(
        (2, 3), (15, 10), (True, False), LINE_CHAIN_RULES, (True, False),
        ("full_with_king", "full_with_one", "swap", "no_camping"),
    ):
        if not king and (rule == "full_with_king" or chain != "single"):
            continue
        out.append(dict(players=players, pieces=pieces, king=king, king_chain_after_line=chain,
                        long_jump=long_jump, goal_block=rule))
    return out


COMBOS = all_combos()
"""Every rule combination on the standard board."""

SMALL_COMBOS = [{**{k: v for k, v in c.items() if k != "pieces"}, "board": "small"}
                for c in COMBOS if c["pieces"] == 10]
"""Every rule combination on the small board (where ``pieces`` does not apply)."""


def scattered(game: StarGame, rng: random.Random) -> StarState:
    """Every colour's pieces on random cells it may stand on (kings among them); a random colour
    to move."""
    rules = game.rules
    cells = list(rules.star.cells)
    rng.shuffle(cells)
    used: set = set()
    pieces = {}
    for seat, colour in enumerate(rules.colours):
        count = game.seats[seat].start_area.bit_count()
        mine = [c for c in cells if c not in used
                and may_stand(colour, c, rules.star.n, rules.other_points)][:count]
        used.update(mine)
        king = mine.pop() if rules.king else None
        pieces[colour] = {"king": list(king) if king else None, "men": [list(c) for c in mine]}
    return game.state_from_json({"pieces": pieces, "to_move": rng.choice(rules.colours)})
