"""One game between asobiba's player and another engine's (docs/benchmarks.md, "Matches against
other engines").

The game is the other engine's: its state holds the position and its rules end the game. An
asobiba state is kept in step beside it for asobiba's player to search, and before every move the
two engines must list the same whole moves, after every move hold the same pieces on the same
holes, and the asobiba game may not end before the other engine's (with OpenSpiel they must end
together). Any difference stops the game with :class:`Diverged`.

The first ``opening`` plies are random legal moves (the same for both games of a pair, which
swap seats), so that two players who choose alike in alike positions still meet in many games.
While the game runs, it also notes the first ply after which asobiba's own default rule for a
blocked goal (``full_with_one``: a full goal holding at least one own piece) would have ended it.
asobiba's player searches under that rule, so in such positions its readable search on the rules
of the game itself moves instead (:func:`~bench.peers.common.fallback_agent`).
"""

from __future__ import annotations

import random
import time
from typing import Any

from asobiba.core.game import TERMINAL
from asobiba.games.star.endgame import has_finished

from .common import Opponent, fallback_agent, our_agent

ENDS = ("own", "blocked-goal")
"""How a game may end: by the other engine's rules alone, or also by asobiba's default rule for
a blocked goal (``full_with_one``), which then ranks the player it finishes first."""


class Diverged(AssertionError):
    """The two engines disagree on the moves, the board or the end of the game."""


def _masks(state: Any) -> tuple[int, int]:
    return tuple(state.men[s] | state.kings[s] for s in (0, 1))  # type: ignore[return-value]


def _default_rule_finishers(state: Any) -> list[int]:
    """Seats that asobiba's default ``full_with_one`` rule would rank now."""
    occ = state.occ
    return [s for s in (0, 1)
            if has_finished("full_with_one", state.game.seats[s], _masks(state)[s], 0, occ, False)]


def play_game(opponent: Opponent, *, our_seat: int, level: str, think: float | None, seed: int,
              opening: int, opening_seed: int, end: str = "own") -> dict[str, Any]:
    """Play one game; return its record (result from asobiba's side, plies, think times, the
    moves in asobiba's notation). ``end``: ``own``, the other engine's rules alone end the game;
    ``blocked-goal``, asobiba's default rule for a blocked goal ends it too, as soon as it
    finishes a player (:data:`ENDS`)."""
    if end not in ENDS:
        raise ValueError(f"end must be one of {', '.join(ENDS)}")
    game = opponent.game()
    state = game.new_state()
    opponent.start(seed)
    agent = our_agent(game, level, think, seed)
    fallback = fallback_agent(game, think, seed)
    fallback_moves = 0
    agent.choose(state)  # warm-up, not timed: the compiled engine compiles or loads on first use
    rng = random.Random(opening_seed)
    moves: list[str] = []
    think_time = {"asobiba": 0.0, "opponent": 0.0}
    counted = {"asobiba": 0, "opponent": 0}
    longest = {"asobiba": 0.0, "opponent": 0.0}
    default_end = None
    while not opponent.over() and not (end == "blocked-goal" and default_end):
        if state.current_player == TERMINAL:
            raise Diverged(f"ply {state.ply}: asobiba's game ended before {opponent.name}'s")
        legal = state.legal_actions()
        theirs = opponent.moves()
        if set(legal) != theirs:
            raise Diverged(f"ply {state.ply}: move lists differ (asobiba only: "
                           f"{sorted(set(legal) - theirs)}, {opponent.name} only: "
                           f"{sorted(theirs - set(legal))})")
        side = "asobiba" if state.current_player == our_seat else "opponent"
        began = time.perf_counter()
        if state.ply < opening:
            action = rng.choice(sorted(legal))
            opponent.play(action)
        else:
            if side == "opponent":
                action = opponent.choose()
            elif not _default_rule_finishers(state):
                action = agent.choose(state)
            else:
                action = fallback.choose(state)
                fallback_moves += 1
            spent = time.perf_counter() - began
            think_time[side] += spent
            counted[side] += 1
            longest[side] = max(longest[side], spent)
            if side == "asobiba":
                opponent.play(action)
            elif action not in legal:
                raise Diverged(f"ply {state.ply}: {opponent.name} played {action}, not legal "
                               "in asobiba's game")
        moves.append(state.action_to_notation(action))
        state = state.apply(action)
        if _masks(state) != opponent.masks():
            raise Diverged(f"ply {state.ply}: the boards differ after {moves[-1]}")
        if default_end is None and (finishers := _default_rule_finishers(state)):
            default_end = {"ply": state.ply, "seats": finishers}
    if opponent.over():
        if opponent.exact_end and state.current_player != TERMINAL:
            raise Diverged(f"ply {state.ply}: {opponent.name}'s game ended, asobiba's did not")
        winner = opponent.winner()
        ended_by = "rules" if winner is not None else "draw"
    else:
        seats = default_end["seats"]
        winner = seats[0] if len(seats) == 1 else None
        ended_by = "blocked-goal"
    result = "draw" if winner is None else ("win" if winner == our_seat else "loss")
    return {
        "our_seat": our_seat,
        "result": result,
        "plies": state.ply,
        "moves_by": counted,
        "think_mean": {side: think_time[side] / counted[side] if counted[side] else 0.0
                       for side in think_time},
        "think_max": longest,
        "opponent_stats": opponent.stats(),
        "ended_by": ended_by,
        "default_rule_end": default_end,
        "fallback_moves": fallback_moves,
        "moves": moves,
    }
