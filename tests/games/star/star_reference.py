"""An independent, deliberately slow reference for moves on the star — Diamond Game on both boards
and Chinese Checkers — written from the rules pages (docs/rules/diamond.md, "Moves", "The king",
"Forbidden cells", "Long jumps", "The small board" and ``swap`` in "Finishing and ranks";
docs/rules/chinese_checkers.md, "Board and seats" and "Options").

It shares no code with the engine: plain ``(q, r)`` tuples, dictionaries and a depth-first search
that enumerates every jump path literally (a path never lands twice on a cell, the start included,
and counts its line jumps for ``king_chain_after_line``).
It reads position JSON (the documented contract) and returns the legal moves as ``(from, to)`` cell
pairs, plus what the board looks like after a move.
"""

from __future__ import annotations

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

START = {"red": ("q", 1), "white": ("s", -1), "yellow": ("r", 1), "blue": ("q", -1),
         "green": ("s", 1), "black": ("r", -1)}
"""Each colour's start point as (axis, sign): red starts where ``q`` is largest and goes to the point
where it is smallest, and so on round the star."""


def coord(c, axis):
    q, r = c
    return {"q": q, "r": r, "s": -q - r}[axis]


def on_star(c, n=4):
    q, r = c
    s = -q - r
    return min(q, r, s) >= -n or max(q, r, s) <= n


def point_of(c, n=4):
    """The point (axis, sign) holding ``c``; None for the central hexagon."""
    for axis in "qrs":
        v = coord(c, axis)
        if abs(v) > n:
            return axis, 1 if v > 0 else -1
    return None


def own_points(colour):
    axis, sign = START[colour]
    return {(axis, sign), (axis, -sign)}


def may_stand(colour, c, n=4, other_points="closed"):
    """Whether a piece of ``colour`` may stop on ``c``."""
    if not on_star(c, n):
        return False
    pt = point_of(c, n)
    return pt is None or pt in own_points(colour) or other_points == "open"


def may_land(colour, c, n=4, other_points="closed"):
    """Whether a piece of ``colour`` may land on ``c`` in the middle of a chain."""
    return may_stand(colour, c, n, other_points) or (on_star(c, n) and other_points == "pass")


def in_goal(colour, c, n, camp):
    """Whether ``c`` is in the goal of ``colour``: the point facing its start, plus (``camp``) the
    border row of the hexagon next to it."""
    axis, sign = START[colour]
    if not camp:
        return on_star(c, n) and -sign * coord(c, axis) > n
    others = [a for a in "qrs" if a != axis]
    return (on_star(c, n) and -sign * coord(c, axis) >= n
            and all(-sign * coord(c, o) >= -n for o in others))


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
    small = opts.get("board") == "small"
    n = 3 if small else 4
    checkers = position.get("game") == "chinese_checkers"
    other_points = opts["other_points"] if checkers else "closed"
    hop_own = opts["hop_own"] if checkers else True
    camp = not checkers and (small or opts["pieces"] == 15)
    after_line = opts["king_chain_after_line"]  # single, any or none
    long_jump = opts["long_jump"]
    swap_rule = opts["goal_block"] == "swap"
    colours = list(position["pieces"])
    board = read_board(position)
    moves = set()
    for start, (colour, is_king) in board.items():
        if colour != mover:
            continue
        rest = {c: v for c, v in board.items() if c != start}
        swap_start = all(may_stand(other, start, n, other_points)
                         for other in colours if other != mover)

        def can_swap(c, rest=rest, swap_start=swap_start):
            return (swap_rule and swap_start and c in rest and rest[c][0] != mover
                    and in_goal(mover, c, n, camp))

        def free(c, rest=rest):
            return c not in rest and may_land(mover, c, n, other_points)

        def stop(c, rest=rest):
            return c not in rest and may_stand(mover, c, n, other_points)

        def hoppable(c, rest=rest):
            return not rest[c][1] and (hop_own or rest[c][0] != mover)

        for d in DIRS:
            nb = add(start, d)
            if stop(nb) or can_swap(nb):
                moves.add((start, nb))

        def hops(cell, rest=rest, is_king=is_king, free=free, can_swap=can_swap,
                 hoppable=hoppable):
            """``(landing, pieces jumped, the move ends there)`` for every hop from ``cell``."""
            out = []
            for d in DIRS:
                run = []
                k = 1
                while on_star(add(cell, d, k), n) and add(cell, d, k) in rest:
                    run.append(add(cell, d, k))
                    k += 1
                if run:
                    longest = len(run) if is_king else 1
                    for m in range(1, longest + 1):
                        if not all(hoppable(c) for c in run[:m]):
                            break
                        landing = add(cell, d, m + 1)
                        if free(landing):
                            out.append((landing, m, False))
                        elif can_swap(landing):
                            out.append((landing, m, True))
                elif long_jump:
                    for dist in range(2, 9):
                        if not all(on_star(add(cell, d, i), n) and add(cell, d, i) not in rest
                                   for i in range(1, dist)):
                            break
                        target = add(cell, d, dist)
                        if target not in rest:
                            continue
                        if not hoppable(target):
                            break
                        if not all(on_star(add(cell, d, i), n) and add(cell, d, i) not in rest
                                   for i in range(dist + 1, 2 * dist)):
                            break
                        landing = add(cell, d, 2 * dist)
                        if free(landing):
                            out.append((landing, 1, False))
                        elif can_swap(landing):
                            out.append((landing, 1, True))
                        break
            return out

        def walk(cell, visited, lined, start=start, hops=hops, stop=stop):
            """Every path on from ``cell``; ``lined``: the path has made a line jump already."""
            for landing, jumped, ends in hops(cell):
                line = jumped >= 2
                if landing in visited or (line and lined and after_line == "single"):
                    continue
                if ends or stop(landing):
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


def reference_perft(data, depth, colours):
    """Leaf count of the move tree ``depth`` plies deep, by the reference alone (a pass counts as
    one move; nobody finishes within the few plies it is used for)."""
    if depth == 0:
        return 1
    moves = reference_moves(data)
    if depth == 1:
        return len(moves) or 1
    nxt = colours[(colours.index(data["to_move"]) + 1) % len(colours)]
    if not moves:
        return reference_perft({**data, "to_move": nxt}, depth - 1, colours)
    total = 0
    for move in moves:
        board = reference_after(data, move)
        pieces = {c: {"king": None, "men": []} for c in colours}
        for cell, (colour, is_king) in board.items():
            if is_king:
                pieces[colour]["king"] = list(cell)
            else:
                pieces[colour]["men"].append(list(cell))
        total += reference_perft({**data, "pieces": pieces, "to_move": nxt}, depth - 1, colours)
    return total
