"""How to play on the star: the lessons Diamond Game and Chinese Checkers share, built once here
(docs/rules/diamond.md, "Moves", "The king", "Forbidden cells", "Finishing and ranks";
docs/rules/chinese_checkers.md for what differs).

A lesson's position is written as the few pieces that matter (axial cells ``(q, r)``, the same on
both boards); :func:`position` parks every other piece of each colour where the engine needs it to
be — in its start area, from the back — and reads the result with the game's own
``state_from_json``, so every position is one the engine accepts. Red (the first seat) is always
the learner's colour, and the other colour in play stands in for the opponent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.descriptor import Lesson, Solved
from ...core.game import State
from ...core.names import Names
from ...core.registry import make_game
from .game import StarGame, StarState
from .geometry import cells_of, grid_of

Cell = tuple[int, int]


@dataclass(frozen=True)
class Side:
    """The pieces of one colour that a lesson places itself; the rest are parked."""

    men: tuple[Cell, ...] = ()
    king: Cell | None = None


def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def web(cell: Cell) -> str:
    """A cell's ``data-cell`` name on the board picture."""
    return f"{cell[0]},{cell[1]}"


def position(game_id: str, options: Mapping[str, Any], sides: Sequence[Side], *,
             keep_clear: Iterable[Cell] = (), moves_made: Sequence[int] | None = None,
             away: bool = False) -> StarState:
    """The position with each seat's ``sides`` entry placed and its other pieces parked: the king
    (when the game has kings and the side names none) on its start ◎, the men on the free cells of
    its start area from the back, then on the free cells it may stand on nearest its start ◎.
    ``keep_clear``: cells no parked piece takes (where the lesson's moves go). ``away``: the other
    colours' men are parked on their way instead, nearest their goal ◎ but outside it (so that
    they leave red's goal free, as late in a game)."""
    game = make_game(game_id, dict(options))
    assert isinstance(game, StarGame)
    taken = {cell for side in sides for cell in (*side.men, *([side.king] if side.king else []))}
    taken |= set(keep_clear)
    pieces: dict[str, Any] = {}
    sides = [*sides, *[Side()] * (game.num_players - len(sides))]
    for seat, side in enumerate(sides):
        layout = game.seats[seat]
        apex = cells_of(layout.start_apex)[0]
        king = None
        if game.rules.king:
            king = side.king or apex
            taken.add(king)
        want = layout.start_area.bit_count() - (1 if game.rules.king else 0)
        home = sorted(cells_of(layout.start_area), key=lambda c: distance(c, apex))
        rest = sorted(cells_of(layout.allowed & ~layout.start_area), key=lambda c: distance(c, apex))
        if away and seat:
            target = cells_of(layout.goal_apex)[0]
            home = sorted(cells_of(layout.allowed & ~layout.start_area & ~layout.goal_area
                                   & ~game.seats[0].goal_area),
                          key=lambda c: (distance(c, target), c))
        men = list(side.men)
        for cell in (*home, *rest):
            if len(men) == want:
                break
            if cell not in taken:
                men.append(cell)
                taken.add(cell)
        pieces[game.rules.colours[seat]] = {"king": list(king) if king else None,
                                            "men": [list(c) for c in men]}
    made = list(moves_made or [0] * len(sides))
    data = {"to_move": game.rules.colours[0], "pieces": pieces,
            "moves_made": dict(zip(game.rules.colours, made, strict=True))}
    return game.state_from_json(data)


def has(state: State, seat: int, cell: Cell, *, king: bool | None = None) -> bool:
    """Whether ``seat`` has a piece on ``cell`` (only a king / only a man, when ``king`` says)."""
    assert isinstance(state, StarState)
    bit = 1 << grid_of(*cell)
    man, is_king = bool(state.men[seat] & bit), bool(state.kings[seat] & bit)
    return is_king if king else man if king is False else man or is_king


def lands(frm: Cell, to: Cell, *, king: bool | None = None) -> Solved:
    """Solved when red's piece has left ``frm`` and a red piece stands on ``to``."""
    return lambda state: has(state, 0, to, king=king) and not has(state, 0, frm)


def finished(state: State) -> bool:
    """Solved when red has finished (ranked without having lost)."""
    assert isinstance(state, StarState)
    return bool(state.rank_of[0]) and not state.lost & 1


def goal_cells(game_id: str, options: Mapping[str, Any]) -> list[Cell]:
    """Red's goal area, from its ◎ outwards."""
    game = make_game(game_id, dict(options))
    assert isinstance(game, StarGame)
    layout = game.seats[0]
    apex = cells_of(layout.goal_apex)[0]
    return sorted(cells_of(layout.goal_area), key=lambda c: (distance(c, apex), c))


@dataclass(frozen=True)
class Texts:
    """One lesson's words: title, what to do, the answer to a legal move that does not do it, the
    rule that forbids an illegal one, and a hint."""

    title: Names
    text: Names
    wrong: Names
    illegal: Names
    hint: Names | None = None


NOT_YOURS = Names("そこには、いま動かせるあなたの駒がありません。",
                  "There is no piece of yours to move there.")
TAKEN = Names("行き先の穴には、もう駒があります。1つの穴に入る駒は1つだけです。",
              "The hole you chose is taken: a hole holds one piece.")
CLOSED = Names("そこはほかの色の先で、あなたの駒は入れません（止まるのも、飛ぶ途中で着くのも）。",
               "That hole is in another colour's point, closed to your pieces (to stop in or to land "
               "in on the way).")
WEB_CELL = re.compile(r"(-?\d{1,2}),(-?\d{1,2})")


def refusal(state: State, origin: str, target: str) -> Names | None:
    """What the star's rules say against a move from ``origin`` to ``target`` when it is plain: no
    piece of the mover there, the hole taken, a point closed to the mover; None otherwise (the
    lesson states its rule)."""
    assert isinstance(state, StarState)
    cells = [WEB_CELL.fullmatch(name) for name in (origin, target)]
    if not all(cells) or state.is_terminal:
        return None
    frm, to = ((int(m[1]), int(m[2])) for m in cells if m)
    star = state.game.star
    if not (star.on_board(*frm) and star.on_board(*to)):
        return None
    seat = state.to_move
    if not has(state, seat, frm):
        return NOT_YOURS
    if any(has(state, other, to) for other in range(state.game.num_players)):
        return TAKEN
    if not state.game.seats[seat].allowed >> grid_of(*to) & 1:
        return CLOSED
    return None


def lesson(lesson_id: str, texts: Texts, start: Callable[[], State], solved: Solved,
           marks: Iterable[Cell] = (), moves: int = 1, quiz: bool = False) -> Lesson:
    return Lesson(id=lesson_id, title=texts.title, text=texts.text, start=start, solved=solved,
                  wrong=texts.wrong, illegal=texts.illegal, hint=texts.hint, moves=moves,
                  marks=tuple(web(c) for c in marks), refusal=refusal, quiz=quiz)


def new_game(game_id: str, options: Mapping[str, Any]) -> Callable[[], State]:
    """The game's own start position (every piece on its start area)."""
    return lambda: make_game(game_id, dict(options)).new_state()


def everyone_moved(state: State) -> bool:
    """Solved when every colour in play has made a move."""
    return all(made >= 1 for made in state.to_json()["moves_made"].values())


def moved(colour: str) -> Solved:
    """Solved when ``colour`` has made a move."""
    return lambda state: state.to_json()["moves_made"][colour] >= 1


def left(frm: Cell) -> Solved:
    """Solved when red's piece has left ``frm``."""
    return lambda state: not has(state, 0, frm)


OTHER_PIECE = Names("そうではなく、印の付いた駒を、印の付いた穴へ動かしましょう。",
                    "Not that: move the marked piece onto the marked hole.")


def moving_lessons(game_id: str, options: Mapping[str, Any]) -> list[Lesson]:
    """The rules of moving that both games share: a step, a jump, a chain and where it may stop,
    no step and jump in one turn, no jump over two pieces in a row."""

    def at(*sides: Side, clear: Iterable[Cell] = ()) -> Callable[[], State]:
        return lambda: position(game_id, options, sides, keep_clear=clear)

    return [
        lesson("step", Texts(
            Names("1マス進む", "A step"),
            Names("1回の番に動かせる駒は1個です。線でつながった隣の空いた穴へ1マス進めます。"
                  "6方向のどれでもよく、後ろへも戻れます。印の駒を、隣の印の穴へ進めましょう。",
                  "On your turn you move one piece. A step takes it to a neighbouring empty hole "
                  "along a line, in any of the six directions, backwards too. Step the marked piece "
                  "into the marked hole."),
            OTHER_PIECE,
            Names("1マス進む手は、線でつながった隣の空いた穴までです。離れた穴へは、駒を飛び越すときしか"
                  "行けません。",
                  "A step only reaches a neighbouring empty hole along a line; a hole further away "
                  "can only be reached by jumping over a piece."),
            Names("印の駒を押してから、すぐ上の印の穴を押します。", "Press the marked piece, then the marked "
                                                                    "hole just above it."),
        ), at(Side(men=((1, 0),))), lands((1, 0), (0, 0)), marks=((1, 0), (0, 0))),
        lesson("jump", Texts(
            Names("飛び越す", "A jump"),
            Names("隣に駒があり、そのすぐ向こうの穴が空いていれば、その駒を飛び越せます。何色の駒でも"
                  "かまいません。飛び越された駒はそのまま残ります。印の駒で、前の駒を飛び越しましょう。",
                  "When a piece stands next to yours and the hole just beyond it is empty, you may "
                  "jump over it, whatever its colour. The piece jumped over stays where it is. Jump "
                  "the marked piece over the one in front of it."),
            Names("それは1マス進む手でした。飛び越すと一度に2マス進めます。",
                  "That was a step. A jump goes two holes at once."),
            Names("飛び越せるのは隣の駒1個だけで、着くのはそのすぐ向こうの空いた穴です。",
                  "You may jump only a piece right next to yours, and you land on the empty hole "
                  "just beyond it."),
        ), at(Side(men=((2, 0),)), Side(men=((1, 0),))), lands((2, 0), (0, 0)), marks=((2, 0), (0, 0))),
        lesson("chain", Texts(
            Names("続けて飛ぶ", "A chain of jumps"),
            Names("飛んだ先からまた飛べるなら、同じ番のうちに何回でも続けて飛べます。向きを変えても"
                  "かまいません。印の駒で飛び続けて、一番遠い印の穴まで行きましょう。",
                  "If you can jump again from where you landed, you may go on jumping in the same "
                  "turn, as often as you like and changing direction as you go. Jump the marked "
                  "piece on and on to the farthest marked hole."),
            Names("途中で止まりました。どこで止めてもよいのですが、ここでは最後まで続けましょう。",
                  "You stopped on the way. You may stop anywhere, but here go on to the end."),
            Names("続けて飛ぶときも、1回ごとに隣の駒1個を飛び越して、すぐ向こうの空いた穴に着きます。"
                  "1マス進む動きは混ぜられません。",
                  "In a chain each hop still goes over one piece right next to you onto the empty "
                  "hole just beyond it; a step cannot be part of it."),
            Names("行き先は「どこからどこへ」で決まります。駒を押してから、最後の穴を押します。",
                  "A move is where it starts and where it ends: press the piece, then the last hole."),
        ), at(Side(men=((3, 0), (0, 1))), Side(men=((2, 0), (-2, 2)))),
            lands((3, 0), (-3, 2)), marks=((3, 0), (1, 0), (-1, 2), (-3, 2))),
        lesson("stop", Texts(
            Names("好きな所で止まる", "Stop where you like"),
            Names("続けて飛べるときでも、止まりたい所で止めてかまいません。ただし、同じ番に一度着いた穴と、"
                  "出発した穴には戻れません。印の駒を1回だけ飛ばして、印の穴で止めましょう。",
                  "Even when you could jump on, you may stop wherever you like. But in one turn you "
                  "may not land again on a hole you already landed on, nor on the hole you started "
                  "from. Jump the marked piece once and stop on the marked hole."),
            Names("そこではありません。1回飛んだ所の印の穴で止めます。",
                  "Not there: stop on the marked hole, after one jump."),
            Names("同じ番のうちに、一度着いた穴や出発した穴へは戻れません。",
                  "In one turn a piece may not come back to a hole it already landed on, nor to the "
                  "hole it started from."),
        ), at(Side(men=((2, 0),)), Side(men=((1, 0), (-1, 1)))),
            lands((2, 0), (0, 0)), marks=((2, 0), (0, 0))),
        lesson("no_step_then_jump", Texts(
            Names("進むと飛ぶは混ぜない", "No step and jump together"),
            Names("1マス進む動きと飛び越しは、同じ番に混ぜられません。1マス進んだら、"
                  "その番はそこで終わりです。"
                  "印の駒を、飛び越しで印の穴へ進めましょう。",
                  "A step and a jump never go together in one turn: once you step, your turn is "
                  "over. Take the marked piece to the marked hole by a jump."),
            Names("それは1マス進む手です。ここでは飛び越して印の穴へ行きましょう。",
                  "That was a step. Here, jump to the marked hole."),
            Names("1マス進んでから飛ぶことはできません。進む手は1マスで終わり、"
                  "飛び越しは最初から飛び越しだけで"
                  "続けます。",
                  "You cannot step and then jump: a step ends the move, and a chain is made of "
                  "jumps only, from the first hop."),
        ), at(Side(men=((2, 0),)), Side(men=((0, 0), (1, 1)))),
            lands((2, 0), (0, 2)), marks=((2, 0), (0, 2))),
        lesson("no_double_jump", Texts(
            Names("2個並びは飛べない", "Two in a row cannot be jumped"),
            Names("くっついて並んだ2個以上の駒は、まとめて飛び越せません。印の駒を、飛び越せる1個の駒を"
                  "飛んで、印の穴へ進めましょう。",
                  "Two or more pieces side by side in a line cannot be jumped together. Take the "
                  "marked piece to the marked hole by jumping the single piece instead."),
            Names("そこではありません。1個だけの駒を飛び越して、印の穴へ行きましょう。",
                  "Not there: jump the single piece, to the marked hole."),
            Names("1回の飛び越しで越せるのは駒1個だけです。2個並んでいると、その向こうへは飛べません。",
                  "One hop goes over one piece only: two pieces in a row cannot be jumped."),
        ), at(Side(men=((2, 0),)), Side(men=((1, 0), (0, 0), (1, 1)))),
            lands((2, 0), (0, 2)), marks=((2, 0), (0, 2))),
    ]


def long_jump_lesson(game_id: str, options: Mapping[str, Any]) -> Lesson:
    """``long_jump=true``: a distant single piece is jumped over, landing as far beyond it."""
    opts = {**options, "long_jump": True}
    return lesson("long_jump", Texts(
        Names("長い飛び越し（オプション）", "The long jump (an option)"),
        Names("ロビーで「長い飛び越し」を選ぶと、離れた駒1個も飛び越せます。駒までの間と、向こうの同じ数の"
              "穴が全部空いていれば、駒をはさんで反対側の同じ距離の穴に着きます。印の駒で遠くの駒を"
              "飛び越しましょう。",
              "With the long jump chosen in the lobby, a single piece further away may be jumped "
              "too: if the holes between you and it, and as many holes beyond it, are all empty, "
              "you land as far beyond it as you started before it. Jump the marked piece over the "
              "distant one."),
        Names("それは長い飛び越しではありません。離れた駒を飛び越して、印の穴へ行きましょう。",
              "That was not a long jump: jump the distant piece, to the marked hole."),
        Names("長い飛び越しでは、駒の手前も向こうも同じ数だけ空いていなければならず、着くのは駒をはさんで"
              "同じ距離の穴だけです。王駒は飛び越せません。",
              "A long jump needs as many empty holes beyond the piece as before it, and lands "
              "exactly as far beyond it; a king is never jumped."),
    ), lambda: position(game_id, opts, (Side(men=((3, 0),)), Side(men=((1, 0),)))),
        lands((3, 0), (-1, 0)), marks=((3, 0), (1, 0), (-1, 0)))


def tip_lessons(game_id: str, options: Mapping[str, Any]) -> list[Lesson]:
    """Tips for winning, each a position to try: build a ladder and climb it; leave no piece
    behind."""

    def at(*sides: Side) -> Callable[[], State]:
        return lambda: position(game_id, options, sides)

    return [
        lesson("tip_ladder", Texts(
            Names("コツ: はしごを使う", "Tip: build a ladder"),
            Names("駒を1つおきに並べておくと、後ろの駒がそれを伝って遠くまで飛べます（はしご）。"
                  "自分の駒でも相手の駒でも使えます。印の駒で、はしごを一番上まで登りましょう。",
                  "Pieces set one hole apart make a ladder: a piece behind them jumps up it a long "
                  "way in one turn. Your own pieces and the other player's both serve. Climb the "
                  "ladder with the marked piece, right to the top."),
            Names("まだ登れます。はしごの一番上の印の穴まで飛び続けましょう。",
                  "You can climb further: jump on to the marked hole at the top."),
            Names("はしごも、1回ごとに隣の駒1個を飛び越して登ります。",
                  "A ladder too is climbed one hop at a time, over one piece right next to you."),
        ), at(Side(men=((4, -1), (3, -1), (1, -1))), Side(men=((-1, -1),))),
            lands((4, -1), (-2, -1)), marks=((4, -1), (-2, -1))),
        lesson("tip_no_straggler", Texts(
            Names("コツ: 置いていかない", "Tip: leave no piece behind"),
            Names("1個だけ後ろに残った駒は、飛び越す相手がいないので1マスずつしか進めず、最後に何手も"
                  "かかります。仲間がまだ近くにいるうちに、後ろの駒を進めましょう。いちばん後ろの印の駒を、"
                  "仲間を飛び越して前へ。",
                  "A piece left alone at the back has nothing to jump and crawls one hole at a time, "
                  "costing many turns at the end. Bring it along while the others are near. Jump the "
                  "marked piece at the back forward over its friends."),
            Names("後ろの印の駒を動かしましょう。", "Move the marked piece at the back."),
            Names("飛び越しは、隣の駒1個を越えて向こうの空いた穴へ着く動きです。",
                  "A jump goes over one piece right next to you onto the empty hole beyond it."),
        ), at(Side(men=((2, 0), (1, 0), (-1, 1), (-2, 0), (-2, 1), (-3, 1)))),
            lands((2, 0), (-2, 2)), marks=((2, 0), (-2, 2))),
    ]


def fill_goal_lesson(game_id: str, options: Mapping[str, Any], *, king: bool) -> Lesson:
    """The tip: fill the goal from the back (keeping ◎ for the king when there is one)."""
    goal = goal_cells(game_id, options)
    back = goal[1] if king else goal[0]
    mover = next(c for c in goal if distance(c, goal[0]) > distance(back, goal[0])
                 and distance(c, back) == 1)
    text = (Names("ゴールは奥から埋めましょう。手前が先に埋まると、奥へ入る道がふさがります。王駒が"
                  "あるときは、◎を王駒のために空けておきます。印の駒を、奥の印の穴へ入れましょう。",
                  "Fill the goal from the back: holes near the front, filled first, block the way "
                  "in. With a king, keep ◎ free for it. Put the marked piece into the marked hole at "
                  "the back.")
            if king else
            Names("ゴールは奥から埋めましょう。手前が先に埋まると、奥へ入る道がふさがります。印の駒を、"
                  "奥の印の穴へ入れましょう。",
                  "Fill the goal from the back: holes near the front, filled first, block the way "
                  "in. Put the marked piece into the marked hole at the back."))
    return lesson("tip_fill_from_back", Texts(
        Names("コツ: ゴールは奥から", "Tip: fill the goal from the back"),
        text,
        Names("奥の印の穴に入れましょう。", "Put it into the marked hole at the back."),
        Names("1マス進むのは隣の空いた穴までです。", "A step only reaches a neighbouring empty hole."),
    ), lambda: position(game_id, options, (Side(men=(mover,)), Side()), keep_clear=[back],
                        away=True),
        lands(mover, back), marks=(mover, back))


STEPS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (0, 1), (-1, 1), (-1, 0))
"""The six directions on the star."""


def plus(cell: Cell, d: Cell, k: int = 1) -> Cell:
    return (cell[0] + k * d[0], cell[1] + k * d[1])


@dataclass(frozen=True)
class Goal:
    """Red's goal as the goal lessons use it: the cells from ◎ outwards, a front cell with a
    neighbour outside the goal (where a piece waits to come in), and a line from ◎ outwards (cells
    inside, then the first cell outside, where a king waits to jump home)."""

    cells: tuple[Cell, ...]
    front: Cell
    outside: Cell
    line: tuple[Cell, ...]
    beyond: Cell

    @property
    def apex(self) -> Cell:
        return self.cells[0]


def goal_of(game_id: str, options: Mapping[str, Any]) -> Goal:
    cells = goal_cells(game_id, options)
    game = make_game(game_id, dict(options))
    assert isinstance(game, StarGame)
    inside = set(cells)
    board = game.star
    apex = cells[0]
    far = distance(cells[-1], apex)

    def way_in(cell: Cell) -> Cell | None:
        """A hexagon hole next to ``cell``, further from ◎, from which a piece steps in."""
        for d in STEPS:
            c = plus(cell, d)
            if (c not in inside and board.on_board(*c) and board.hexagon >> grid_of(*c) & 1
                    and distance(c, apex) > far):
                return c
        return None

    front, outside = next((c, way_in(c)) for c in sorted(cells) if distance(c, apex) == far
                          and way_in(c) is not None)
    assert outside is not None
    for d in STEPS:
        k = 1
        while plus(apex, d, k) in inside:
            k += 1
        if k > 2 and board.on_board(*plus(apex, d, k)):
            line = tuple(plus(apex, d, i) for i in range(1, k))
            return Goal(tuple(cells), front, outside, line, plus(apex, d, k))
    raise AssertionError("no line into the goal")


FINISH_WRONG = Names("まだ上がっていません。全部の駒がゴールに入るように動かしましょう。",
                     "You have not finished yet: bring every piece into the goal.")


def goal_lessons(game_id: str, options: Mapping[str, Any], *, king: bool) -> list[Lesson]:
    """The goal (every piece in, the king on ◎ when there is one) and each blocked-goal rule the
    game offers (``goal_block``): full_with_king or full_with_one, swap, no_camping."""
    goal = goal_of(game_id, options)
    out: list[Lesson] = []
    if king:
        out.append(king_home_lesson("goal", Texts(
            Names("ゴールと◎の王駒", "The goal, and the king on ◎"),
            Names("向かいの陣地がゴールです。駒が全部ゴールに入り、王駒がゴールの◎にあれば上がりです。"
                  "◎に子駒がいると上がれません。王駒を◎へ入れて上がりましょう。",
                  "The camp across the board is your goal. You finish when all your pieces are in "
                  "it and your king stands on its ◎; a man on ◎ keeps you from finishing. Bring the "
                  "king onto ◎ and finish."),
            FINISH_WRONG,
            Names("王駒のまとめ飛びも、並びのすぐ向こうの空いた穴に着きます。",
                  "A king's line jump, too, lands on the empty hole right after the line."),
        ), game_id, options))
        blockers = tuple(c for c in goal.cells if distance(c, goal.apex) == distance(goal.front, goal.apex)
                         and c not in goal.line)[:2]
        mine = tuple(c for c in goal.cells[1:] if c not in blockers)
        opts = {**options, "goal_block": "full_with_king"}
        out.append(lesson("goal_full_with_king", Texts(
            Names("ふさがれたゴール（王駒が◎なら上がり）", "A blocked goal: the king on ◎ finishes"),
            Names("相手の駒がゴールに居座ることがあります。この決まり（王駒ありの既定）では、"
                  "ゴールの穴が誰の駒でも"
                  "全部埋まり、自分の王駒が◎にあれば上がりです。王駒を◎へ入れましょう。",
                  "Another player's pieces may sit in your goal. Under this rule (the default with "
                  "kings) you finish when every hole of the goal is filled, by anyone's pieces, and "
                  "your king is on ◎. Bring the king onto ◎."),
            FINISH_WRONG,
            Names("王駒のまとめ飛びも、並びのすぐ向こうの空いた穴に着きます。",
                  "A king's line jump, too, lands on the empty hole right after the line."),
        ), lambda: position(game_id, opts, (Side(men=mine, king=goal.beyond), Side(men=blockers)),
                                 away=True, keep_clear=[goal.apex]),
            finished, marks=(goal.beyond, goal.apex)))
    else:
        out.append(last_piece_lesson("goal", Texts(
            Names("ゴール", "The goal"),
            Names("向かいの先がゴールです。駒が全部ゴールに入れば上がりです。"
                  "最後の駒をゴールに入れましょう。",
                  "The point across the board is your goal: you finish when all your pieces are "
                  "in it. Bring the last piece in."),
            FINISH_WRONG,
            Names("1マス進むのは隣の空いた穴までです。", "A step only reaches a neighbouring empty hole."),
        ), game_id, options))
        out.append(full_with_one_lesson(game_id, options))
    swap = {**options, "goal_block": "swap"}
    out.append(lesson("goal_swap", Texts(
        Names("ふさがれたゴール（入れ替え）", "A blocked goal: swap"),
        Names("「入れ替え」の決まりでは、ゴールの入り口にいる相手の駒の穴へ、手の終わりとして入れます。"
              "その駒は、あなたの駒がいた穴へ移ります。印の駒で、相手の駒と入れ替わりましょう。",
              "Under the swap rule you may end a move on a hole at the edge of your goal where "
              "another player's piece sits: that piece moves to the hole yours came from. Swap the "
              "marked piece with the other player's piece."),
        Names("入れ替えていません。印の駒を、相手の駒の穴へ動かしましょう。",
              "No swap yet: move the marked piece onto the other player's hole."),
        Names("入れ替えられるのはゴールの入り口の穴だけで、相手の駒が移る先（あなたの出発の穴）に相手が"
              "立てなければできません。",
              "A swap goes only into the edge of your goal, and only when the other player's piece "
              "may stand where yours came from."),
    ), lambda: position(game_id, swap, (Side(men=(goal.outside,)), Side(men=(goal.front,))),
                                 away=True),
        lambda state: has(state, 0, goal.front) and has(state, 1, goal.outside),
        marks=(goal.outside, goal.front)))
    out.append(no_camping_lesson(game_id, options, goal, king=king))
    return out


def last_piece_lesson(lesson_id: str, texts: Texts, game_id: str, options: Mapping[str, Any], *,
                      quiz: bool = False) -> Lesson:
    """Without kings: every piece in the goal but one, next to it outside; bringing it in
    finishes."""
    goal = goal_of(game_id, options)
    men = tuple(c for c in goal.cells if c != goal.front) + (goal.outside,)
    return lesson(lesson_id, texts, lambda: position(game_id, options, (Side(men=men),), away=True,
                                                     keep_clear=[goal.front]),
                  finished, marks=() if quiz else (goal.outside, goal.front), quiz=quiz)


def king_home_lesson(lesson_id: str, texts: Texts, game_id: str, options: Mapping[str, Any], *,
                     quiz: bool = False) -> Lesson:
    """With kings: every man in the goal, the king just outside a line of them from ◎; its line
    jump onto ◎ finishes."""
    goal = goal_of(game_id, options)
    men = tuple(c for c in goal.cells[1:])
    return lesson(lesson_id, texts, lambda: position(game_id, options, (Side(men=men, king=goal.beyond),),
                                                     away=True, keep_clear=[goal.apex]),
                  finished, marks=() if quiz else (goal.beyond, goal.apex), quiz=quiz)


QUIZ_WRONG = Names("それではありません。もう一度、盤をよく見ましょう。", "Not that one: look at the board "
                                                                      "again.")


def farthest_quiz(lesson_id: str, title: Names, game_id: str, options: Mapping[str, Any],
                  sides: Sequence[Side]) -> Lesson:
    """A question of the self-test: the move of red's that lands nearest its goal ◎ (worked out
    from the legal moves on first use: it must be the only one that lands there)."""
    start = lambda: position(game_id, options, sides)  # noqa: E731
    best: list[tuple[Cell, Cell]] = []

    def solved(state: State) -> bool:
        if not best:
            first = start()
            assert isinstance(first, StarState)
            apex = goal_of(game_id, options).apex
            ends = []
            for action in first.legal_actions():
                move = first.describe_action(action)
                frm, to = (move["from"][0], move["from"][1]), (move["to"][0], move["to"][1])
                ends.append((distance(to, apex), frm, to))
            ends.sort()
            assert len(ends) > 1 and ends[0][0] < ends[1][0], "the farthest move is not alone"
            best.append((ends[0][1], ends[0][2]))
        return lands(*best[0])(state)

    return lesson(lesson_id, Texts(
        title,
        Names("赤の番です。1手で、駒をゴールの◎に一番近い所まで進める手を探しましょう。",
              "Red to move: find the one move that takes a piece nearest to your goal's ◎."),
        QUIZ_WRONG,
        Names("1マス進むか、隣の駒1個を飛び越すかです。飛び越しは続けられます。",
              "A piece steps to a neighbour or jumps one piece next to it, and jumps may chain."),
    ), start, solved, quiz=True)


def full_with_one_lesson(game_id: str, options: Mapping[str, Any]) -> Lesson:
    """``goal_block=full_with_one`` (the default without kings): a goal filled by anyone's
    pieces, one of them yours, finishes."""
    goal = goal_of(game_id, options)
    blockers = tuple(c for c in goal.cells if distance(c, goal.apex) == distance(goal.front, goal.apex)
                     and c != goal.front)[:2]
    mine = tuple(c for c in goal.cells if c != goal.front and c not in blockers) + (goal.outside,)
    opts = {**options, "goal_block": "full_with_one"}
    return lesson("goal_full_with_one", Texts(
        Names("ふさがれたゴール（1個入れば上がり）", "A blocked goal: one piece of yours in"),
        Names("相手の駒がゴールに居座ることがあります。この決まり（王駒なしの既定）では、"
              "ゴールの穴が誰の駒でも全部埋まり、その中に自分の駒が1個でもあれば上がりです。"
              "最後の穴を埋めましょう。",
              "Another player's pieces may sit in your goal. Under this rule (the default "
              "without kings) you finish when every hole of the goal is filled, by anyone's "
              "pieces, with at least one of yours among them. Fill the last hole."),
        FINISH_WRONG,
        Names("1マス進むのは隣の空いた穴までです。", "A step only reaches a neighbouring empty hole."),
    ), lambda: position(game_id, opts, (Side(men=mine), Side(men=blockers)), away=True,
                        keep_clear=[goal.front]),
        finished, marks=(goal.outside, goal.front))


def no_camping_lesson(game_id: str, options: Mapping[str, Any], goal: Goal, *, king: bool) -> Lesson:
    """``goal_block=no_camping``: from your 30th turn on, a piece left in your start area loses."""
    opts = {**options, "goal_block": "no_camping"}
    game = make_game(game_id, opts)
    assert isinstance(game, StarGame)
    layout = game.seats[0]
    start_apex = cells_of(layout.start_apex)[0]
    home = set(cells_of(layout.start_area))
    mover = max(home, key=lambda c: (distance(c, start_apex), c))
    out_of = next(plus(mover, d) for d in STEPS if plus(mover, d) not in home
                  and game.star.on_board(*plus(mover, d))
                  and distance(plus(mover, d), start_apex) > distance(mover, start_apex))
    want = layout.start_area.bit_count() - (1 if king else 0)
    spots = [c for c in goal.cells[(1 if king else 0):] if c != goal.front][: want - 1]
    side = Side(men=(*spots, mover), king=goal.apex if king else None)
    return lesson("goal_no_camping", Texts(
        Names("居座り禁止", "No camping"),
        Names("「居座り禁止」の決まりでは、自分の30手目からあと、自分の番が終わったときに出発の陣地に駒が"
              "残っていると負けです。今が30手目です。最後の駒を出発の陣地から出しましょう。",
              "Under the no-camping rule, from your 30th turn on you lose if a piece of yours is "
              "still in your start camp when your turn ends. This is your 30th turn: get the last "
              "piece out of the start camp."),
        Names("出発の陣地に駒が残ったので負けになりました。印の駒を外へ出しましょう。",
              "A piece stayed in the start camp, so you lost. Move the marked piece out."),
        Names("1マス進むのは隣の空いた穴までです。", "A step only reaches a neighbouring empty hole."),
    ), lambda: position(game_id, opts, (side,), moves_made=[29] * game.num_players,
                                 away=True, keep_clear=[out_of]),
        lambda state: not state.lost & 1 and not has(state, 0, mover),
        marks=(mover, out_of))
