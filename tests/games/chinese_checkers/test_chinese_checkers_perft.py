"""Perft from the start for every seating and every rule option that changes the opening, each
depth-3 figure counted again by the independent reference (tests/games/star/star_reference.py),
and, where OpenSpiel is installed, by OpenSpiel's own Chinese checkers.

Depth 1 by hand: the four men of the front row (q = 5) each step to the two cells ahead (8), and the
three men of the row behind each hop a front-row man straight ahead in both forward directions (6):
14. Without hopping one's own pieces only the 8 steps remain; a king on the apex adds its two line
jumps over the point's edges (16), and with ``hop_own=false`` it is shut in like the others. Depth 2
is the square of depth 1 while the first two seats cannot touch; with 6 players white sits next to
red, and red's first move can put a man beside white's point, giving white's men new hops (199, or
260 with kings, when pieces may stop in any point; 197 and 257 when they may not).
"""

from __future__ import annotations

import pytest
from games.star.star_reference import reference_perft

from asobiba.core.perft import perft
from asobiba.games.chinese_checkers.game import ChineseCheckersGame

# (players, other_points, hop_own, king): perft depths 1, 2, 3
PERFT = {
    (2, "open", True, False): (14, 196, 4760),
    (2, "open", True, True): (16, 256, 6688),
    (2, "open", False, False): (8, 64, 848),
    (2, "pass", True, False): (14, 196, 4648),
    (2, "pass", True, True): (16, 256, 6528),
    (2, "pass", False, False): (8, 64, 832),
    (2, "closed", True, False): (14, 196, 4648),
    (2, "closed", True, True): (16, 256, 6528),
    (3, "open", True, False): (14, 196, 2744),
    (3, "open", True, True): (16, 256, 4096),
    (3, "open", False, False): (8, 64, 512),
    (3, "closed", True, False): (14, 196, 2744),
    (4, "open", True, False): (14, 196, 2786),
    (4, "open", True, True): (16, 256, 4160),
    (4, "pass", True, False): (14, 196, 2758),
    (4, "closed", True, True): (16, 256, 4112),
    (6, "open", True, False): (14, 199, 2828),
    (6, "open", True, True): (16, 260, 4224),
    (6, "open", False, False): (8, 64, 512),
    (6, "pass", True, False): (14, 197, 2772),
    (6, "pass", True, True): (16, 257, 4128),
    (6, "closed", True, False): (14, 197, 2772),
    (6, "closed", True, True): (16, 257, 4128),
}


def _game(combo):
    players, other, hop_own, king = combo
    return ChineseCheckersGame(dict(players=players, other_points=other, hop_own=hop_own,
                                    king=king))


@pytest.mark.parametrize("combo", sorted(PERFT, key=str), ids=str)
def test_perft_from_the_start(combo):
    state = _game(combo).new_state()
    assert tuple(perft(state, d) for d in (1, 2, 3)) == PERFT[combo]


@pytest.mark.parametrize("combo", sorted(PERFT, key=str), ids=str)
def test_the_reference_counts_the_same(combo):
    game = _game(combo)
    assert reference_perft(game.new_state().to_json(), 3, list(game.player_names)) == PERFT[combo][2]


def openspiel_perft(players: int, depth: int) -> int:
    """Perft of OpenSpiel's chinese_checkers in whole moves: there a chain of hops is several
    actions (the mover hops on or passes to stop), so every chain is followed to each cell it can
    stop on, and a move is its (start, end) pair, as in asobiba."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("chinese_checkers", {"players": players})

    def moves(state):
        mover = state.current_player()
        out = {}

        def walk(s, origin):
            for action in s.legal_actions():
                text = s.action_to_string(action)
                if text == "Pass":
                    continue
                after = s.clone()
                after.apply_action(action)
                start, end = text.replace("=>", "->").split("->")
                start = origin or start
                if after.current_player() == mover and not after.is_terminal():
                    stop = after.clone()
                    stop.apply_action(next(a for a in stop.legal_actions()
                                           if stop.action_to_string(a) == "Pass"))
                    out.setdefault((start, end), stop)
                    walk(after, start)
                else:
                    out.setdefault((start, end), after)

        walk(state, None)
        return [s for (start, end), s in out.items() if start != end]

    def count(state, d):
        if d == 0:
            return 1
        return sum(count(s, d - 1) for s in moves(state))

    return count(game.new_initial_state(), depth)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_openspiel_counts_the_same(players):
    """OpenSpiel lets pieces stop anywhere and hop any piece: other_points=open, hop_own=true.
    Its 4-player seats take their turns in another order (the second seat sits next to the
    first), so only 2, 3 and 6 players compare."""
    assert openspiel_perft(players, 3) == PERFT[(players, "open", True, False)][2]
