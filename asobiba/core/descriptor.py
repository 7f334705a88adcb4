"""The game descriptor: everything a game declares to the rest of asobiba (docs/architecture.md).

A game package (``asobiba/games/<id>/``) declares one :class:`GameDescriptor` in its ``descriptor``
module, and the registry (:mod:`asobiba.core.registry`) lists those modules. The generic layers —
``ai/``, ``web/``, ``cli.py``, the terminal and the page through ``/api/catalog`` — read a game
only through its descriptor; none of them names a game.

What every game declares: its :class:`~asobiba.core.game.Game` class (which carries the id, the
names and the options), its rules page, how moves are written (:attr:`GameDescriptor.notation`),
and its game knowledge for the computer (:class:`Knowledge`: evaluation and level table).

What a game may declare besides — its optional capabilities, each a typed ``Protocol`` so that the
layers check ``is not None`` instead of guessing with ``getattr``:

* ``render_svg`` (:class:`SvgRenderer`): a board picture; a game with one can be played at the web
  table, and ``lobby`` (:class:`Lobby`) says what the lobby shows first; ``render_narrow_svg``: the
  same picture laid out for a phone held upright, for a picture too wide to read there (its cells
  named as in ``render_svg``);
* ``render_text`` (:class:`TextRenderer`): the terminal picture with the last move marked (without
  it the terminal shows :meth:`State.render_text <asobiba.core.game.State.render_text>`);
* ``parse_cell`` (:class:`CellParser`): reads a cell as a person types it (the spellings moves
  accept), for the terminal's "which moves has the piece on this cell?";
* ``move_paths`` (:class:`MovePaths`): the cells a move passes through, for animation;
* ``move_drops`` (:class:`MoveDrops`): the pieces a move puts onto the board from off it (e.g. rolled
  dice set on their squares), so that a page can let a person arrange them on the board;
* ``move_words`` (:class:`MoveWords`): a move in words and the kind of choice it is, for the move
  list and the buttons of the web table; ``move_odds`` (:class:`MoveOdds`): the exact odds of what a
  move leads to (e.g. an attack's outcomes), shown before a person commits to it;
* ``board_words`` (:class:`BoardWords`): the board in words for people who hear it rather than see
  it — what each cell holds, the whole position and what a move did (the web table's cell names,
  "read the board" and announcements);
* ``client`` (:class:`WebClient`) and ``services``: the game's own piece of the web page (ES
  modules shipped in its package) and the requests that piece may send (e.g. reading a dice
  catalog a player uploads);
* ``verbs`` (:class:`Verb`): things a person can do besides moving (e.g. declaring);
* ``end_reasons``: names of the ways a game can end, for result texts;
* ``solutions`` (:class:`Solutions`): exact solution tables that can be built and looked up;
* ``commands`` (:class:`Commands`): the game's own command group under ``asobiba <id> …``;
* ``compiled`` (:class:`CompiledEngine`) and ``counterparts`` (:class:`Counterpart`): a compiled
  engine and the nearest games of other engines, timed side by side by ``asobiba bench GAME --vs``;
* ``lessons`` (:class:`Lessons`): how to play, one :class:`Lesson` per rule, each a position built
  with the game's own engine and a task checked by it (played by :mod:`asobiba.core.lessons`, shown
  at ``/learn/<id>``), and ``glossary`` (:class:`Term`): the game's words with short meanings;
  ``rules`` (:class:`~asobiba.core.rulebook.Rule`): the game's rules as data, one per rule of its
  rules page, each naming the lessons that teach it.
* ``research`` (:class:`Research`): what the research frameworks need (the bounds of the action
  ids and of a game's length, an observation tensor, the utilities) and an optional batched engine
  (:class:`BatchKernel`), read by :mod:`asobiba.adapters` (docs/research.md).
* ``study`` (:class:`StudySubjects`): what ``asobiba study GAME`` can compare besides levels and rule
  options (the number of players, a per-seat choice such as decks) and what it can work out exactly.
* ``appraise`` (:class:`Appraise`): the worth of any position to any seat as a winning chance, exact
  where a solution knows it, read by the review of a finished game (:mod:`asobiba.ai.review`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .game import Game, State
from .names import Names as Names  # re-exported: a descriptor names its texts with it
from .rulebook import Rule

S_contra = TypeVar("S_contra", bound=State, contravariant=True)
"""The state class of the game a descriptor declares: its capabilities take that class (so a
descriptor, its knowledge and its verbs are contravariant in it)."""
G_contra = TypeVar("G_contra", bound=Game, contravariant=True)
"""The game class a descriptor declares, for the capabilities that are handed a game with its
options (the research frameworks' bounds, observer and batched engine)."""


# -- game knowledge for the computer -----------------------------------------------------------------
class Evaluate(Protocol[S_contra]):
    def __call__(self, state: S_contra) -> list[float]:
        """Estimated value of every seat in [-1, 1] for a non-terminal state."""
        ...


class MovePriors(Protocol[S_contra]):
    def __call__(self, state: S_contra, actions: list[int]) -> list[float]:
        """Cheap scores of ``actions`` (higher = more promising), for ordering and playouts."""
        ...


class Explain(Protocol[S_contra]):
    def __call__(self, state: S_contra, action: int) -> tuple[str, str] | None:
        """One sentence (ja, en) on what ``action`` does, for hints; None when nothing to say."""
        ...


class SolvedPositions(Protocol[S_contra]):
    """An exact solution as the agents see it: answers only where it is exact."""

    def verdict(self, state: S_contra) -> tuple[str, int] | None:
        """``("win"|"draw"|"loss", plies)`` for the player to move, or None if unknown."""
        ...

    def best_action(self, state: S_contra) -> int | None:
        """A move that keeps the verdict, or None if the position is unknown."""
        ...


LevelSpecs = Mapping[str, Mapping[str, Any]]
"""Level or agent name → agent spec (see :mod:`asobiba.ai.levels`)."""


def _neutral(state: State) -> list[float]:
    return [0.0] * state.game.num_players


@dataclass(frozen=True)
class Knowledge(Generic[S_contra]):
    """What the computer knows of a game: evaluation, levels, and optional helpers.

    ``levels`` maps a game (with its options) to its level table (``intro`` … ``strongest``);
    None gives the default table of :mod:`asobiba.ai.levels`. ``exact`` gives the solved positions
    of a game when a solution has been built (else None). ``agents`` adds agent kinds of the
    game's own, by the name an agent spec gives as ``"agent"``: each builds an agent as
    ``factory(game, seed=…, name=…, **the spec's other parameters)`` (e.g. a search on a compiled
    engine).
    """

    evaluate: Evaluate[S_contra] = _neutral
    levels: Callable[[Game], LevelSpecs] | None = None
    move_priors: MovePriors[S_contra] | None = None
    explain: Explain[S_contra] | None = None
    evaluators: Mapping[str, Evaluate[S_contra]] = field(default_factory=dict)
    baselines: LevelSpecs = field(default_factory=dict)
    exact: Callable[[Game], SolvedPositions[S_contra] | None] | None = None
    agents: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


NEUTRAL: Knowledge[Any] = Knowledge()
"""A game that declares no knowledge: search sees only proven results."""


# -- what the review of a finished game reads (docs/ai.md, "Reviews") --------------------------------
@dataclass(frozen=True)
class Appraisal:
    """The worth of a position to one seat.

    ``chance``: the seat's winning chance in [0, 1] (a draw counts half; with more than two players
    the expected share of first place, as a hint's value); ``exact``: ``("win"|"draw"|"loss",
    plies)`` for the seat when the result is proven (a solved table, a search that saw the end),
    else None; ``best``: the move the analysis would play there for the seat to move (None at a
    chance step or the end).
    """

    chance: float
    exact: tuple[str, int] | None = None
    best: int | None = None


class Appraise(Protocol[S_contra]):
    def __call__(self, state: S_contra, seat: int, *, level: str, seed: int) -> Appraisal:
        """The worth of ``state`` (a decision, a chance step or the end) to ``seat``, as the
        computer level ``level`` reads it; the same answer for the same arguments."""
        ...


# -- optional capabilities ---------------------------------------------------------------------------
class SvgRenderer(Protocol[S_contra]):
    def __call__(self, state: S_contra, *, highlights: Sequence[str] = (),
                 last_move: int | None = None) -> str:
        """The position as SVG; every cell a person can click carries ``data-cell``."""
        ...


class TextRenderer(Protocol[S_contra]):
    def __call__(self, state: S_contra, *, color: bool = False, last_move: int | None = None) -> str:
        """The position as terminal text (ANSI colours when ``color``), with ``last_move`` — the
        action that led to ``state`` — marked on the board."""
        ...


class CellParser(Protocol[S_contra]):
    def __call__(self, state: S_contra, text: str) -> str:
        """The cell ``text`` names, in any spelling a move accepts, as
        :meth:`State.action_origin <asobiba.core.game.State.action_origin>` names it; a one-line
        NotationError when ``text`` names no cell."""
        ...


class MovePaths(Protocol[S_contra]):
    def __call__(self, state: S_contra, action: int) -> list[str]:
        """The ``data-cell`` names a move passes through, from its start to its end."""
        ...


class MoveDrops(Protocol[S_contra]):
    def __call__(self, state: S_contra, action: int) -> list[tuple[str, int]]:
        """The pieces ``action`` puts onto the board from off it, as (``data-cell`` name, the
        value the piece shows); empty for a move of pieces already on the board."""
        ...


@dataclass(frozen=True)
class Words:
    """A move as a person reads it.

    ``kind``: what sort of choice it is, one word (e.g. ``attack``, ``item``, ``roll``): the web
    page's ``data-action`` of its button; ``text``: the move in words, in both languages, naming
    no internal id; ``data``: facts (JSON) for the game's own page module (e.g. the die that rolled
    and the outcome it shows, so the page can animate it).
    """

    kind: str
    text: Names
    data: Mapping[str, Any] = field(default_factory=dict)


class MoveWords(Protocol[S_contra]):
    def __call__(self, state: S_contra, action: int) -> Words:
        """``action`` (a decision or a chance outcome) of ``state`` in words."""
        ...


class BoardWords(Protocol[S_contra]):
    """The board in words, for a person who hears it rather than sees it (docs/play.md,
    "Keyboard and screen readers"): each cell with all it holds, the whole position, and what a
    move did. Every text names cells as players read them (never an internal id)."""

    def cells(self, state: S_contra) -> Mapping[str, Names]:
        """Every cell the board picture draws (by ``data-cell``) in words, its name first and then
        all it holds: whose piece, a king, a die's value and the stack under it from the top, an
        EXIT, a closed point, an empty hole (e.g. 「c3：赤の3、下に白の2」 / "c3: Red's 3, on
        White's 2")."""
        ...

    def position(self, state: S_contra) -> Names:
        """The whole position: each player's pieces or dice with their values, and whose turn it
        is (or how the game ended)."""
        ...

    def played(self, state: S_contra, action: int) -> Names:
        """What ``action`` of ``state`` did, as a sentence said after it was played (e.g.
        「緑がl10からl8へ跳びました」 / "Green jumped from l10 to l8")."""
        ...


@dataclass(frozen=True)
class Odds:
    """One way a move can turn out (``id``, e.g. ``win``), named for people, with its probability."""

    id: str
    label: Names
    p: float


class MoveOdds(Protocol[S_contra]):
    def __call__(self, state: S_contra, action: int) -> Sequence[Odds] | None:
        """The exact odds of what ``action`` leads to (they sum to 1), or None for a move that has
        none to show. May take a while (the web computes it off the event loop, on request)."""
        ...


class Service(Protocol):
    def __call__(self, body: Any) -> Any:
        """Answer one JSON request of the game's page module (``body`` is hostile until checked);
        raise an AsobibaError (one line; Explained for both languages) for bad input."""
        ...


@dataclass(frozen=True)
class WebClient:
    """A game's own piece of the web page: plain ES modules (and stylesheets) in ``folder`` of
    the game's package, served at ``/static/games/<id>/``; the page imports ``module`` and calls
    what it exports (docs/protocol.md, "A game's own page module")."""

    folder: Path
    module: str = "client.js"


@dataclass(frozen=True)
class Verb(Generic[S_contra]):
    """Something a person can do besides moving, played as the engine action ``notation``.

    ``label`` names the button; ``refusal`` is said when the verb is not possible now.
    ``shown`` says when a person to move sees the button: None while the verb is legal; a
    function of the position for a verb whose button must not give away whether it is legal (it
    is then pressed at any time and refused with ``refusal`` when it is not).
    """

    id: str
    notation: str
    label: Names
    refusal: Names
    shown: Callable[[S_contra], bool] | None = None


class BuildJob(Protocol):
    """A solution build running in the background (what the page polls)."""

    @property
    def phase(self) -> str | None: ...
    @property
    def fraction(self) -> float: ...
    @property
    def finished(self) -> bool: ...
    @property
    def error(self) -> str | None: ...


class Solutions(Protocol):
    """Exact solution tables of a game, one per variant (an integer option, e.g. board rows)."""

    variant_option: str
    """The option whose value names the variant."""

    def check_variant(self, variant: int) -> None:
        """Raise a one-line AsobibaError unless tables exist for ``variant`` in principle."""
        ...

    def check_resources(self, variant: int, directory: Any) -> None:
        """Raise a one-line AsobibaError if this machine cannot build ``variant`` now."""
        ...

    def ready_bytes(self, variant: int, directory: Any) -> int | None:
        """Size in bytes of the finished, verified table of ``variant``, or None if there is none."""
        ...

    def start(self, variant: int, directory: Any) -> BuildJob:
        """Start building ``variant`` in the background."""
        ...

    def variant_name(self, variant: int) -> Names:
        """How people call ``variant`` (e.g. a board size), for titles."""
        ...

    def cost(self, variant: int) -> Names:
        """One or two sentences on what building ``variant`` takes (disk, memory, time)."""
        ...


class Commands(Protocol):
    """The game's own CLI command group (a Typer app), mounted as ``asobiba <id> …``."""

    def __call__(self) -> Any:
        ...


class CompiledEngine(Protocol):
    """A game's compiled engine, as ``asobiba bench GAME --vs ENGINE`` times it."""

    def random_actions(self, seconds: float) -> tuple[int, float]:
        """Uniformly random games from the start, whole games, for about ``seconds``:
        ``(actions played, seconds taken)``."""
        ...

    def legal_calls(self, seconds: float) -> tuple[int, float]:
        """Legal-move generation called from Python, cycling over positions of random games, for
        about ``seconds``: ``(calls, seconds taken)``."""
        ...


@dataclass(frozen=True)
class Counterpart:
    """The nearest game of another engine, for ``asobiba bench GAME --vs ENGINE``."""

    game: str
    """The other engine's name of the game."""
    parameters: Mapping[str, Any]
    """Its parameters."""
    options: Mapping[str, Any]
    """The asobiba options that come nearest to it (``-o`` pairs go on top)."""
    differences: str
    """One sentence on how the two games still differ."""


@dataclass(frozen=True)
class Lobby:
    """What the web lobby shows for a game.

    ``options``: the option names shown first (the rest sit under "more rules");
    ``defaults``: option values the lobby starts from when they differ from the engine's
    (e.g. the number of players people usually pick); ``tagline``: one line on the game's card;
    ``panel``: the options the game's own page module sets in the lobby (e.g. decks built there),
    not shown among the rules. Options marked ``local`` (a file on the server) never reach the web.
    """

    tagline: Names
    options: tuple[str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)
    panel: tuple[str, ...] = ()


# -- what a study can compare -----------------------------------------------------------------------
class ExactFacts(Protocol):
    def __call__(self, game: Game) -> Mapping[str, Any] | None:
        """Exact figures (JSON-ready, deterministic) about ``game`` with its options — e.g. the
        odds of a summon roll or of an exchange between the seats' dice — or None when there are
        none for these options."""
        ...


class ExactFirstPlayer(Protocol):
    def __call__(self, game: Game) -> Mapping[str, str] | None:
        """The first player's chances under perfect play, ``{"win", "draw", "loss"}`` as exact
        fractions written ``"p/q"``, or None where the game's solution is not at hand."""
        ...


@dataclass(frozen=True)
class StudySubjects:
    """What ``asobiba study GAME`` can compare in a game besides computer levels and rule options
    (docs/study/README.md).

    ``players_option``: the option that sets the number of players (the first-player study runs
    every count it allows, unless told); ``seat_option``: an option that gives each seat its own
    value, in seat order (e.g. decks), ``seat_values`` the values shipped with asobiba (the
    matrix of ``--compare decks``) and ``seat_names`` the words a person reads for one (default:
    the value itself); ``options``: the rule options worth comparing, for help texts;
    ``exact`` and ``exact_first_player``: what can be worked out exactly instead of played.
    """

    players_option: str | None = None
    seat_option: str | None = None
    seat_values: Callable[[], Sequence[str]] | None = None
    seat_names: Callable[[str], Names] | None = None
    options: tuple[str, ...] = ()
    exact: ExactFacts | None = None
    exact_first_player: ExactFirstPlayer | None = None


# -- for research frameworks (docs/research.md) ------------------------------------------------------
@dataclass(frozen=True)
class Bounds:
    """The sizes a framework allocates for a game with its options (OpenSpiel's ``GameInfo``).

    ``num_distinct_actions``: every action id a player can choose is below it;
    ``max_chance_outcomes``: every chance outcome id is below it (0 for a game without chance);
    ``max_game_length``: the most decisions one game can take (chance outcomes not counted), a
    finite cap every game has through its rules or a move-limit option.
    """

    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int


class Observer(Protocol[S_contra]):
    """A game's observation of its positions, for one game with its options."""

    shape: tuple[int, ...]
    """Shape of the tensor."""
    planes: tuple[str, ...]
    """What each entry of the tensor's first axis holds, one line each (documented in
    docs/research.md)."""

    def tensor(self, state: S_contra, player: int) -> Any:
        """The position seen by ``player`` (their pieces first, the others in turn order after
        them) as a float32 numpy array of :attr:`shape`, never negative; a fresh array each
        call."""
        ...

    def text(self, state: S_contra, player: int) -> str:
        """The position as text, for ``player`` (everything is public: the terminal picture and
        who is to act)."""
        ...


class BatchKernel(Protocol):
    """N games of one game with its options stepped together in compiled code
    (:mod:`asobiba.adapters.batch` drives it; docs/research.md, "The batched engine").

    The arrays belong to the kernel and change in place; ``observations`` has the observer's
    shape after the batch axis and shows each game to the seat to move. A game with chance draws
    it inside the kernel from ``reset``'s seed, with the exact probabilities of its chance nodes.
    """

    num_envs: int
    observations: Any
    """float32 ``(N, *shape)``."""
    masks: Any
    """bool ``(N, num_distinct_actions)``: the legal actions of the seat to move."""
    legal: Any
    """int32 ``(N, most)``: each game's legal actions, ``legal[i, :counts[i]]``."""
    counts: Any
    """int32 ``(N,)``: how many legal actions each game has."""

    @property
    def to_move(self) -> Any:
        """int ``(N,)``: the seat to move in each game."""
        ...

    def reset(self, seed: int) -> None:
        """Every game to its start, chance (if any) drawn from generators seeded by ``seed``."""
        ...

    def step(self, actions: Any, rewards: Any, dones: Any, truncated: Any) -> None:
        """Play ``actions[i]`` (legal, or -1: start game ``i`` again without playing) in game
        ``i``; write each seat's reward of the games that ended (``rewards`` float32
        ``(N, players)``, the returns; zeros elsewhere), ``dones`` (bool ``(N,)``) and
        ``truncated`` (bool ``(N,)``: the game that ended was cut by a move limit, as
        :attr:`Research.cut`); a game that ended starts again at once (auto-reset)."""
        ...

    def state(self, index: int) -> State:
        """Game ``index`` as a readable state (for tests and for showing it)."""
        ...


@dataclass(frozen=True)
class Research(Generic[G_contra, S_contra]):
    """What a game declares for the research frameworks (OpenSpiel, PettingZoo, Gymnasium), typed
    in the game's own game and state classes (the adapters hold a ``Research[Any, Any]``: they pass
    the game its descriptor made and the states its engine made).

    ``zero_sum``: the returns of every finished game add up to 0 (as returns from ranks do);
    ``utility``: the least and the most return of a seat; ``batch``: the batched engine, loaded on
    first use (it brings numba), for games that have one.
    """

    bounds: Callable[[G_contra], Bounds]
    observer: Callable[[G_contra], Observer[S_contra]]
    zero_sum: bool = True
    utility: tuple[float, float] = (-1.0, 1.0)
    batch: Callable[[G_contra, int], BatchKernel] | None = None
    """``batch(game, num_envs)``."""
    cut: Callable[[S_contra], bool] | None = None
    """Whether a finished game was cut by a move or turn limit (``max_plies``, ``max_turns``)
    rather than ended by the rules of play: the frameworks call it a truncation. None: no limit
    ever cuts the game."""
    race: Callable[[S_contra], Sequence[float]] | None = None
    """Each seat's distance still to go in a race game (0 for a seat that finished): the
    environments rank the seats by it for returns at a cut, an option off by default
    (:mod:`asobiba.adapters.cuts`). None: the game is no race."""


class Solved(Protocol):
    def __call__(self, state: State) -> bool:
        """Whether the position reached after the learner's moves does the lesson's task."""
        ...


class Refusal(Protocol):
    def __call__(self, state: State, origin: str, target: str) -> Names | None:
        """Why no move of ``state`` goes from cell ``origin`` to cell ``target`` (``data-cell``
        names), when the game can tell (e.g. the hole is taken); None leaves it to the lesson."""
        ...


@dataclass(frozen=True)
class Lesson:
    """One rule taught by doing it (docs/play.md, "How to play").

    ``start`` builds the lesson's position with the game's own engine (a function: positions are
    built on first use); ``marks`` are cells the board shows lit (``data-cell`` names, e.g. the
    piece to move and where it should go). The learner makes at most ``moves`` decisions (every
    seat's: in a lesson one person plays the whole position); chance nodes on the way take the
    outcomes of ``rolls`` in order, then the likeliest outcome (the first listed of the likeliest).
    ``solved`` says whether the position reached does the task; a legal move that does not is
    answered with ``wrong``, a move the rules forbid with the game's own reason when ``refusal``
    knows one, else with ``illegal`` (the rule of the lesson that forbids it).
    """

    id: str
    title: Names
    text: Names
    start: Callable[[], State]
    solved: Solved
    wrong: Names
    illegal: Names
    moves: int = 1
    marks: tuple[str, ...] = ()
    rolls: tuple[int, ...] = ()
    hint: Names | None = None
    refusal: Refusal | None = None
    quiz: bool = False
    """A question of the game's self-test (its last lessons): no marks and no hint, the learner
    finds the legal or the winning move alone."""


class Lessons(Protocol):
    def __call__(self) -> Sequence[Lesson]:
        """The game's lessons in the order they are taught (built on first use)."""
        ...


@dataclass(frozen=True)
class Term:
    """A word of the game (``id``: its anchor) with a short meaning, in both languages."""

    id: str
    word: Names
    meaning: Names


@dataclass(frozen=True)
class GameDescriptor(Generic[S_contra]):
    """One game, as the rest of asobiba may see it. Its capabilities take the game's own state
    class (the generic layers hold a ``GameDescriptor[Any]``: they pass the states the game's
    own engine made)."""

    game_class: type[Game]
    rules_page: str
    """Path of the rules page in the repository, e.g. ``docs/rules/<id>.md``."""
    notation: Names
    """How a move is written, one line per language (terminal help, docs)."""
    seat_names: Mapping[str, Names] = field(default_factory=dict)
    """Display names of the seats (``"red"`` → 赤 / Red); a seat not listed shows its id."""
    knowledge: Knowledge[S_contra] = NEUTRAL
    render_svg: SvgRenderer[S_contra] | None = None
    render_narrow_svg: SvgRenderer[S_contra] | None = None
    render_text: TextRenderer[S_contra] | None = None
    parse_cell: CellParser[S_contra] | None = None
    lobby: Lobby | None = None
    move_paths: MovePaths[S_contra] | None = None
    move_drops: MoveDrops[S_contra] | None = None
    move_words: MoveWords[S_contra] | None = None
    board_words: BoardWords[S_contra] | None = None
    move_odds: MoveOdds[S_contra] | None = None
    client: WebClient | None = None
    services: Mapping[str, Service] = field(default_factory=dict)
    """Requests of the game's page module by name, ``POST /api/services/<id>/<name>``."""
    verbs: tuple[Verb[S_contra], ...] = ()
    end_reasons: Mapping[str, Names] = field(default_factory=dict)
    """How a game can end, by reason id; a game that declares them gives its final states the
    reason as ``reason`` (:class:`asobiba.core.outcome.EndReason`)."""
    solutions: Callable[[], Solutions] | None = None
    """Loaded on first use: solution code may be heavy."""
    commands: Commands | None = None
    compiled: Callable[[Game], CompiledEngine] | None = None
    """The compiled engine for a game with its options (loaded on first use: it brings numba)."""
    counterparts: Mapping[str, Counterpart] = field(default_factory=dict)
    """The nearest game of other engines, by engine name (``"openspiel"``)."""
    lessons: Lessons | None = None
    glossary: tuple[Term, ...] = ()
    rules: tuple[Rule, ...] = ()
    """The game's rules map, in the order of its rules page."""
    research: Research[Any, S_contra] | None = None
    """What the research frameworks need; every registered game declares it (conformance)."""
    study: StudySubjects | None = None
    appraise: Appraise[S_contra] | None = None
    """The worth of a position to a seat; a game that declares it can have its games reviewed."""

    @property
    def id(self) -> str:
        return self.game_class.id

    @property
    def name(self) -> Names:
        return Names(self.game_class.name_ja, self.game_class.name_en)

    @property
    def at_web_table(self) -> bool:
        """A game is offered at the web table when it can draw its board and has a lobby entry."""
        return self.render_svg is not None and self.lobby is not None

    def seat_name(self, seat: str) -> Names:
        return self.seat_names.get(seat, Names(seat, seat.capitalize()))

    def verb(self, verb_id: str) -> Verb[S_contra] | None:
        return next((v for v in self.verbs if v.id == verb_id), None)
