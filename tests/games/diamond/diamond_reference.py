"""An independent, deliberately slow reference for Diamond Game moves, written from the rules page
(docs/rules/diamond.md, "Moves", "The king", "Forbidden cells", "Long jumps", and ``swap`` in
"Finishing and ranks").

It shares no code with the engine: plain ``(q, r)`` tuples, dictionaries and a depth-first search
that enumerates every jump path literally (a path never lands twice on a cell, the start included,
and counts its line jumps for ``king_chain_after_line``).
It reads position JSON (the documented contract) and returns the legal moves as ``(from, to)`` cell
pairs, plus what the board looks like after a move.
"""

from __future__ import annotations

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def on_star(c):
    q, r = c
    s = -q - r
    return min(q, r, s) >= -4 or max(q, r, s) <= 4


def point_owner(c):
    """Colour whose point (star tip, 10 cells) holds ``c``; None for the central hexagon."""
    q, r = c
    s = -q - r
    if abs(q) >= 5:
        return "red"
    if abs(r) >= 5:
        return "yellow"
    if abs(s) >= 5:
        return "green"
    return None


def may_stand(colour, c):
    owner = point_owner(c)
    return owner is None or owner == colour


def goal_border(colour, c):
    """Hexagon cell on the edge facing the colour's goal point (red: q = -4, yellow: r = -4,
    green: s = -4)."""
    q, r = c
    coord = {"red": q, "yellow": r, "green": -q - r}[colour]
    return point_owner(c) is None and coord == -4


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def read_board(position):
    board = {}
    for colour, entry in position["pieces"].items():
        for m in entry["men"]:
            board[tuple(m)] = (colour, False)
        if entry["king"] is not None:
            board[tuple(entry["king"])] = (colour, True)
    return board


def reference_moves(position):
    """Set of legal ``(from, to)`` pairs of the side to move (empty when it must pass)."""
    opts = position["options"]
    mover = position["to_move"]
    after_line = opts["king_chain_after_line"]  # single, any or none
    long_jump = opts["long_jump"]
    swap_rule = opts["goal_block"] == "swap" and opts["pieces"] == 15
    board = read_board(position)
    moves = set()
    for start, (colour, is_king) in board.items():
        if colour != mover:
            continue
        rest = {c: v for c, v in board.items() if c != start}

        def can_swap(c, start=start, rest=rest):
            return (
                swap_rule
                and c in rest
                and rest[c][0] != mover
                and goal_border(mover, c)
                and point_owner(start) is None
            )

        def free(c, rest=rest):
            return on_star(c) and c not in rest and may_stand(mover, c)

        for d in DIRS:
            n = add(start, d)
            if free(n) or can_swap(n):
                moves.add((start, n))

        def hops(cell, rest=rest, is_king=is_king, free=free, can_swap=can_swap):
            """``(landing, pieces jumped, the move ends there)`` for every hop from ``cell``."""
            out = []
            for d in DIRS:
                run = []
                k = 1
                while on_star(add(cell, d, k)) and add(cell, d, k) in rest:
                    run.append(add(cell, d, k))
                    k += 1
                if run:
                    longest = len(run) if is_king else 1
                    for n in range(1, longest + 1):
                        if any(rest[c][1] for c in run[:n]):
                            break
                        landing = add(cell, d, n + 1)
                        if free(landing):
                            out.append((landing, n, False))
                        elif can_swap(landing):
                            out.append((landing, n, True))
                elif long_jump:
                    for dist in range(2, 9):
                        if not all(on_star(add(cell, d, i)) and add(cell, d, i) not in rest
                                   for i in range(1, dist)):
                            break
                        target = add(cell, d, dist)
                        if target not in rest:
                            continue
                        if rest[target][1]:
                            break
                        if not all(on_star(add(cell, d, i)) and add(cell, d, i) not in rest
                                   for i in range(dist + 1, 2 * dist)):
                            break
                        landing = add(cell, d, 2 * dist)
                        if free(landing):
                            out.append((landing, 1, False))
                        elif can_swap(landing):
                            out.append((landing, 1, True))
                        break
            return out

        def walk(cell, visited, lined, start=start, hops=hops):
            """Every path on from ``cell``; ``lined``: the path has made a line jump already."""
            for landing, jumped, ends in hops(cell):
                line = jumped >= 2
                if landing in visited or (line and lined and after_line == "single"):
                    continue
                moves.add((start, landing))
                if not ends and not (line and after_line == "none"):
                    walk(landing, visited | {landing}, lined or line)

        walk(start, {start}, False)
    return moves


def reference_after(position, move):
    """Board ``{cell: (colour, is_king)}`` after ``move`` (a swap sends the other piece back)."""
    board = read_board(position)
    start, end = move
    piece = board.pop(start)
    if end in board:
        board[start] = board.pop(end)
    board[end] = piece
    return board
