"""The best crossings known for the puzzles the web table offers (docs/rules/chinese_checkers.md,
"Crossing the star alone"; docs/play.md, "The crossing puzzle").

The web table never runs the search: a person who plays Chinese Checkers alone is given the
figure found beforehand for the puzzle their rules pose, and the line itself as a record to replay.
:data:`KNOWN` holds, for each option set whose puzzle differs (the lobby's other options either
pose one of these puzzles again or are ones the puzzle does not play, e.g. ``hop_own=false``), the
line the beam search found at the width it names (``asobiba chinese_checkers cross --offered
--width N`` finds them again; a beam of 100 000 shortened only the crossings where a king's line
jump ends the move, 30 to 29) and whether its length is known to be the shortest; one lower
bound, proven by the exact search, holds for them all (:data:`TEN_PIECES_AT_LEAST`). A puzzle
is matched by :meth:`.puzzle.Puzzle.signature`, so an option that does not change the puzzle
(``goal_block``, ``max_plies``) finds the same entry.

Only one length is known to be the shortest: 27 moves for ten pieces on the board of the two facing
points and the hexagon (``other_points=closed``), shown by a published computer search (G. I. Bell,
2009). Every other figure is the best the beam search found, above a proven lower bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ....core.errors import AsobibaError
from ....core.names import Names
from ....core.record import Record
from ....core.registry import make_game
from ..game import StarGame, star_game
from .puzzle import puzzle_of

TEN_PIECES_AT_LEAST = 22
"""No crossing of ten pieces takes fewer moves, under any rules the lobby offers: the exact search
from both ends (:mod:`.prove`, ``asobiba chinese_checkers cross --prove --limit 21``) finds none of
21 moves or fewer with the other points closed, passed or open, without a king and with a king
whose line jump may be followed by a single hop or by any; a king whose line jump ends the move
has fewer moves still, so the bound holds for it too (docs/rules/chinese_checkers.md, "Crossing
the star alone")."""

PUBLISHED = "published"
"""The length is known to be the shortest (a published proof for exactly this board)."""
FOUND = "found"
"""The length is the best found; the lower bound is proven, the gap between them open."""



@dataclass(frozen=True)
class KnownCrossing:
    """The best crossing known for one puzzle."""

    game: str
    options: Mapping[str, Any]
    line: str
    """The moves in notation, separated by spaces."""
    shortest: str = FOUND
    width: int = 30_000
    """The beam width that found the line."""
    lower_bound: int = TEN_PIECES_AT_LEAST
    """No crossing takes fewer moves (proven)."""

    @property
    def moves(self) -> int:
        return len(self.line.split())

    def about(self) -> Names:
        """What is known of this length, in both languages."""
        n, bound = self.moves, self.lower_bound
        if self.shortest == PUBLISHED:
            return Names(
                f"{n}手は知られている最短です（{n - 1}手以下で渡れないことは、2009年に発表された"
                f"計算機探索が示しています）。",
                f"{n} moves is the known shortest (a computer search published in 2009 showed that "
                f"no crossing takes {n - 1} or fewer).",
            )
        return Names(
            f"{n}手は asobiba の探索が見つけた最少の手数です。{bound}手より少なくは渡れないことは"
            f"証明済みですが、{n}手が最短かどうかはまだ分かっていません。",
            f"{n} moves is the fewest asobiba's search has found. No crossing takes fewer than "
            f"{bound} moves (proven); whether {n} is the shortest is not known.",
        )


KNOWN: tuple[KnownCrossing, ...] = (
    KnownCrossing(
        "chinese_checkers", {"other_points": "closed", "king": False},
        line=(
            "d1-e6 b1-f6 c3-g5 g5-h4 a1-i3 c1-g5 d2-j4 j4-k5 b2-l6 e6-e7 d4-j4 c2-m6 h4-n2 "
            "n2-n3 f6-n4 d3-n2 e7-f6 n2-o2 f6-p2 g5-h4 h4-n2 k5-o1 i3-q1 j4-k5 k5-o3 l6-p1 "
            "m6-n1"
        ),
        shortest=PUBLISHED, width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "closed", "king": True, "king_chain_after_line": "single"},
        line=(
            "d2-e6 d4-f5 c3-g5 d1-h4 h4-i4 b1-j5 a1-j6 j5-k5 d3-l5 l5-m6 f5-n1 c1-d1 d1-n2 "
            "n1-o1 b2-p1 c2-d2 d2-n3 e6-f6 n2-o2 f6-p2 g5-h5 h5-l6 i4-j5 j6-q1 j5-n4 k5-o3 "
            "l6-n1 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "closed", "king": True, "king_chain_after_line": "any"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 d4-j4 a1-j3 j4-k5 b2-l6 l6-m6 f6-n2 n2-o2 d3-p2 "
            "c1-d1 d1-n2 c2-d2 d2-p1 e6-f5 f5-n3 g5-h4 h4-l5 i4-j4 j3-q1 j4-n1 k5-o3 n2-o1 "
            "l5-n4 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "closed", "king": True, "king_chain_after_line": "none"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 b2-j4 j4-k5 d4-l6 f6-l7 l6-m6 d3-n2 c1-d2 d2-n3 "
            "a1-b2 b2-n4 n2-o1 c2-d2 d2-p1 e6-f5 f5-l6 g5-h4 h4-j5 i4-o2 j5-p2 k5-o3 n4-q1 "
            "l7-n4 l6-n1 m6-n2"
        ),
        width=100_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "pass", "king": False},
        line=(
            "d1-e6 b1-f6 c1-g5 g5-h4 c3-i3 a1-g5 d2-j4 j4-k5 d4-l6 b2-j4 e6-e7 c2-m6 h4-n2 "
            "n2-o2 f6-p2 d3-n2 n2-n3 e7-f6 f6-n4 g5-h4 h4-n2 k5-q1 i3-o3 j4-k5 k5-o1 l6-p1 "
            "m6-n1"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "pass", "king": True, "king_chain_after_line": "single"},
        line=(
            "d2-e6 d4-f5 c3-g5 d1-h4 h4-i4 b1-j5 a1-j6 j5-k5 d3-l5 l5-m6 f5-n1 c1-d1 d1-n2 "
            "n1-o1 b2-n3 c2-d2 d2-p1 e6-f6 n2-o2 f6-p2 g5-h5 h5-l6 i4-j5 j6-q1 j5-n4 k5-o3 "
            "l6-n1 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "pass", "king": True, "king_chain_after_line": "any"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 d4-j4 a1-j3 j4-k5 b2-l6 l6-m6 f6-n2 n2-o2 d3-p2 "
            "c1-d1 d1-n2 c2-d2 d2-p1 e6-f6 f6-l5 g5-h5 h5-n3 i4-j4 j3-q1 j4-n1 n2-o1 k5-o3 "
            "l5-n4 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "pass", "king": True, "king_chain_after_line": "none"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 b2-j4 j4-k5 d4-l6 a1-b2 b2-m7 l6-m6 f6-n2 n2-o2 "
            "d3-p2 c2-d2 c1-d1 d1-n2 d2-p1 e6-f6 f6-l5 g5-h5 h5-n3 i4-j4 j4-n1 k5-o3 n2-o1 "
            "l5-n4 m7-q1 m6-n2"
        ),
        width=100_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "open", "king": False},
        line=(
            "d1-e6 b1-f6 c3-g5 g5-h4 a1-i3 c1-g5 d2-j4 j4-k5 b2-l6 e6-e7 d4-j4 c2-m6 h4-n2 "
            "n2-n3 f6-n4 d3-n2 e7-f6 n2-o2 f6-p2 g5-h4 h4-n2 k5-q1 i3-o3 j4-k5 k5-o1 l6-p1 "
            "m6-n1"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "open", "king": True, "king_chain_after_line": "single"},
        line=(
            "d2-e6 d4-f5 c3-g5 d1-h4 h4-i4 b1-j5 a1-j6 j5-k5 d3-l5 l5-m6 f5-n1 c1-d1 d1-n2 "
            "n1-o1 b2-n3 c2-d2 d2-p1 n2-o2 e6-f6 f6-p2 g5-h5 h5-l6 i4-j5 j6-q1 j5-n4 k5-o3 "
            "l6-n1 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "open", "king": True, "king_chain_after_line": "any"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 d4-j4 a1-j3 j4-k5 b2-l6 l6-m6 f6-n2 n2-o2 d3-p2 "
            "c2-b1 b1-n2 c1-d1 d1-l5 e6-f5 f5-p1 g5-h5 h5-n3 i4-j4 j3-q1 j4-n1 n2-o1 k5-o3 "
            "l5-n4 m6-n2"
        ),
        width=30_000,
    ),
    KnownCrossing(
        "chinese_checkers", {"other_points": "open", "king": True, "king_chain_after_line": "none"},
        line=(
            "d1-e6 b1-f6 c3-g5 d2-h5 h5-i4 b2-j4 j4-k5 d4-l6 a1-b2 b2-m7 l6-m6 f6-n2 n2-o1 "
            "d3-n2 c2-d2 d2-n3 c1-d2 d2-p1 e6-f6 n2-o2 f6-n4 g5-h5 h5-n1 i4-j5 j5-l5 m7-q1 "
            "k5-o3 l5-p2 m6-n2"
        ),
        width=100_000,
    ),
)
"""The best crossing known for each puzzle the web table offers (Chinese Checkers with one player)."""


@cache
def _by_signature() -> dict[bytes, KnownCrossing]:
    return {puzzle_of(star_game(make_game(k.game, {**k.options, "players": 1}))).signature(): k
            for k in KNOWN}


def known_crossing(game: StarGame) -> KnownCrossing | None:
    """The best crossing known for the puzzle of ``game``'s first colour, or None when none was
    found beforehand (OptionError when the puzzle is not played under its rules)."""
    return _by_signature().get(puzzle_of(game).signature())


def crossing_record(game: StarGame, known: KnownCrossing) -> Record:
    """``known``'s line as the record of a game of one player under ``game``'s rules, played to
    its end (the game's ``max_plies`` raised to the line's length if it is shorter)."""
    options = game.options.replace(players=1)
    if game.rules.max_plies < known.moves:
        options = options.replace(max_plies=known.moves)
    solo = type(game)(options)
    record = Record.new(solo, crossing={"moves": known.moves, "lower_bound": known.lower_bound,
                                        "shortest": known.shortest, "width": known.width})
    state = record.start
    for text in known.line.split():
        action = state.notation_to_action(text)
        record.actions.append(action)
        state = state.apply(action)
    if not state.is_terminal:
        raise AsobibaError(f"the crossing of {known.moves} moves does not end the game")
    return record
