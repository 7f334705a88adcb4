"""The star board in words, for a person who hears it (the descriptors' ``board_words`` of Diamond
Game and Chinese Checkers; docs/rules/diamond.md, "Cell names", "Moves" and "Camps").

A hole reads its name, what stands in it and whose start or goal it belongs to:
「e3：赤の駒、赤の出発点」 / "e3: Red piece, Red's start"; an empty hole on a point no colour in play
may enter is a closed point, one only the colour to move may not enter is closed to it. The position
lists each colour's pieces (how many are home, the king, the rank of a colour that has finished),
then whose turn it is. A move reads as it was played: 「緑がl10からl8へ跳びました」 / "Green jumped
from l10 to l8", a step 「進みました」 / "stepped", a chain with its number of hops, a king as such.
"""

from __future__ import annotations

from ...core.game import TERMINAL
from ...core.names import Names
from .game import StarState
from .geometry import BIT, COLOUR_NAMES, GRID, NEIGHBOURS, mask_of
from .movegen import PASS, decode
from .notation import names, web_name


def _colour(state: StarState, seat: int) -> Names:
    return COLOUR_NAMES[state.game.rules.colours[seat]]


def _holder(state: StarState, bit: int) -> int | None:
    """The seat whose piece stands on the one-bit mask ``bit``, or None."""
    for seat, (men, king) in enumerate(zip(state.men, state.kings, strict=True)):
        if (men | king) & bit:
            return seat
    return None


class StarBoardWords:
    """What the page reads out of a star board (:class:`~asobiba.core.descriptor.BoardWords`)."""

    def cells(self, state: StarState) -> dict[str, Names]:
        game = state.game
        named = names(game.star)[0]
        mover = None if state.to_move == TERMINAL else state.to_move
        everyone = 0
        for layout in game.seats:
            everyone |= layout.allowed
        out = {}
        for q, r in game.star.cells:
            bit = mask_of([(q, r)])
            parts = []
            seat = _holder(state, bit)
            if seat is not None:
                colour = _colour(state, seat)
                king = state.kings[seat] == bit
                parts.append(Names(f"{colour.ja}の{'王' if king else '駒'}",
                                   f"{colour.en} {'king' if king else 'piece'}"))
            else:
                parts.append(Names("空き", "empty hole"))
            for s, layout in enumerate(game.seats):
                colour = _colour(state, s)
                if layout.start_area & bit:
                    parts.append(Names(f"{colour.ja}の出発点", f"{colour.en}'s start"))
                if layout.goal_area & bit:
                    parts.append(Names(f"{colour.ja}のゴール", f"{colour.en}'s goal"))
            if not everyone & bit:
                parts.append(Names("閉じた陣地（入れません）", "closed point (no piece may enter)"))
            elif mover is not None and not game.seats[mover].allowed & bit:
                colour = _colour(state, mover)
                parts.append(Names(f"{colour.ja}は入れません", f"closed to {colour.en}"))
            name = named[(q, r)]
            out[web_name(q, r)] = Names(f"{name}：{'、'.join(p.ja for p in parts)}",
                                        f"{name}: {', '.join(p.en for p in parts)}")
        return out

    def position(self, state: StarState) -> Names:
        game = state.game
        named = names(game.star)[0]
        order = {cell: i for i, cell in enumerate(game.star.cells)}
        lines = []
        for seat, layout in enumerate(game.seats):
            colour = _colour(state, seat)
            men, king = state.pieces_of(seat)
            cells = sorted(men + ([king] if king else []), key=order.__getitem__)
            home = bin((state.men[seat] | state.kings[seat]) & layout.goal_area).count("1")
            listed = "、".join(named[c] for c in cells), ", ".join(named[c] for c in cells)
            ja = f"{colour.ja}（{len(cells)}個、ゴールに{home}個）：{listed[0]}。"
            en = f"{colour.en} ({len(cells)} pieces, {home} home): {listed[1]}."
            if king:
                ja, en = f"{ja}王は{named[king]}。", f"{en} King on {named[king]}."
            rank = state.rank_of[seat]
            if rank:
                ja, en = f"{ja}{rank}位で上がり。", f"{en} Finished, rank {rank}."
            elif state.lost >> seat & 1:
                ja, en = f"{ja}負け（陣地に居残り）。", f"{en} Lost (stayed in its camp)."
            lines.append(Names(ja, en))
        if state.to_move == TERMINAL:
            lines.append(Names("対局は終わりました。", "The game is over."))
        else:
            colour = _colour(state, state.to_move)
            lines.append(Names(f"{colour.ja}の番です。", f"{colour.en} to move."))
        return Names("".join(n.ja for n in lines), " ".join(n.en for n in lines))

    def played(self, state: StarState, action: int) -> Names:
        seat = state.to_move
        colour = _colour(state, seat)
        if action == PASS:
            return Names(f"{colour.ja}はパスしました。", f"{colour.en} passed.")
        named = names(state.game.star)[0]
        f, t = decode(action)
        path = state.move_path(action)
        start, end = named[path[0]], named[path[-1]]
        king = state.kings[seat] == BIT[f]
        who = Names(f"{colour.ja}の王", f"{colour.en}'s king") if king else colour
        if NEIGHBOURS[GRID[f]] & BIT[t]:
            ja = f"{who.ja}が{start}から{end}へ進みました"
            en = f"{who.en} stepped from {start} to {end}"
        else:
            hops = len(path) - 1
            ja = f"{who.ja}が{start}から{end}へ{f'{hops}回' if hops > 1 else ''}跳びました"
            en = f"{who.en} jumped from {start} to {end}" + (f" ({hops} hops)" if hops > 1 else "")
        other = _holder(state, BIT[t])
        if other is not None:
            swapped = _colour(state, other)
            ja, en = f"{ja}（{swapped.ja}の駒と入れ替わり）", f"{en}, swapping with {swapped.en}"
        after = state.apply(action)
        if after.rank_of[seat] and not state.rank_of[seat]:
            ja = f"{ja}。{colour.ja}は{after.rank_of[seat]}位で上がりました"
            en = f"{en}. {colour.en} finished, rank {after.rank_of[seat]}"
        return Names(f"{ja}。", f"{en}.")


BOARD_WORDS = StarBoardWords()
"""The board words of every game on the star."""
