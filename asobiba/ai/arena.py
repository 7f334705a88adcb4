"""Arena: round robins between computer agents, seats rotated, with Elo and saved records.

Pairings. With at least as many agents as seats, every set of ``num_players`` distinct agents
meets; otherwise the seats are filled by cycling through the agents (two agents in a 3-player
game sit as A, B, A). Within a set, each game takes the next distinct seating order (every
permutation in turn), so first-move and seat advantages even out over the games. ``games`` is the
number of games per set.

Scores. Every game is scored for every pair of seats held by different agents: the better rank
scores 1, the worse 0, equal ranks 0.5 each. In 2-player games this is the usual win = 1,
draw = 0.5; in 3-player games one game yields one comparison for each pair of agents. A pair's
``games`` is its number of comparisons and ``a_score`` the first agent's total.

Determinism. Game ``i`` draws its dice from a generator seeded by ``(seed, i)`` and its agents get
seeds derived from the same pair, so a run is repeatable for a seed whatever the number of workers.

Output. Progress (Rich) and a results table, or JSON
``{"pairs": [{"a", "b", "games", "a_score"}], "elo": {name: rating}, "elo_ci95": {name: half-width},
"records": folder}``. Each game is saved as a core :class:`~asobiba.core.record.Record`.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from ..core.errors import AsobibaError
from ..core.game import CHANCE, TERMINAL, Game, sample_chance
from ..core.record import Record
from ..core.registry import make_game_from_pairs
from .elo import fit_elo
from .external import PREFIX, ExternalAgent, is_external
from .levels import agent_names, make_agent

MAX_STEPS = 100_000


def seatings(agents: Sequence[str], seats: int) -> list[list[tuple[str, ...]]]:
    """For each set of agents that meets: its distinct seating orders, in a fixed order."""
    if len(agents) >= seats:
        groups = list(itertools.combinations(agents, seats))
    else:
        groups = [tuple(agents[i % len(agents)] for i in range(seats))]
    return [list(dict.fromkeys(itertools.permutations(group))) for group in groups]


def schedule(agents: Sequence[str], seats: int, games: int) -> list[tuple[str, ...]]:
    """The seating of every game of the run, ``games`` per set of agents."""
    out = []
    for orders in seatings(agents, seats):
        out += [orders[g % len(orders)] for g in range(games)]
    return out


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"asobiba-arena:{seed}:{index}").getrandbits(62)


def play_game(
    game: Game, lineup: Sequence[str], seed: int, max_steps: int = MAX_STEPS
) -> tuple[list[int], list[int]]:
    """Play one game; return its actions and final ranks."""
    agents = []
    try:
        for seat, name in enumerate(lineup):
            agents.append(seat_agent(game, name, seed + seat))
        rng = random.Random(seed)
        state = game.new_state()
        actions: list[int] = []
        while state.current_player != TERMINAL:
            if len(actions) >= max_steps:
                raise AsobibaError(f"game did not end within {max_steps} actions")
            player = state.current_player
            action = sample_chance(state, rng) if player == CHANCE else agents[player].choose(state)
            actions.append(action)
            state = state.apply(action)
        return actions, state.ranks()
    finally:
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close()


def seat_agent(game: Game, name: str, seed: int) -> Any:
    """The agent ``name`` for one game: a level or agent of :mod:`.levels`, or ``ext:COMMAND``, an
    outside program speaking the engine protocol (:mod:`.external`)."""
    if is_external(name):
        return ExternalAgent(game, name[len(PREFIX):], name=name)
    return make_agent(game, name, seed=seed)


def pair_scores(lineup: Sequence[str], ranks: Sequence[int]) -> list[tuple[str, str, float]]:
    """``(x, y, score of x)`` for every pair of seats held by different agents."""
    out = []
    for i, j in itertools.combinations(range(len(lineup)), 2):
        if lineup[i] == lineup[j]:
            continue
        score = 1.0 if ranks[i] < ranks[j] else (0.5 if ranks[i] == ranks[j] else 0.0)
        out.append((lineup[i], lineup[j], score))
    return out


def tally(
    agents: Sequence[str], results: Sequence[tuple[Sequence[str], Sequence[int]]]
) -> list[dict[str, Any]]:
    """Pair records in the order the agents were named: ``{"a", "b", "games", "a_score"}``."""
    order = {name: i for i, name in enumerate(agents)}
    pairs: dict[tuple[str, str], list[float]] = {
        (a, b): [0, 0.0] for a, b in itertools.combinations(agents, 2)
    }
    for lineup, ranks in results:
        for x, y, score in pair_scores(lineup, ranks):
            a, b, s = (x, y, score) if order[x] < order[y] else (y, x, 1.0 - score)
            pairs[(a, b)][0] += 1
            pairs[(a, b)][1] += s
    return [
        {"a": a, "b": b, "games": int(n), "a_score": s}
        for (a, b), (n, s) in pairs.items()
        if n
    ]


def default_records_dir(game_id: str, seed: int) -> Path:
    from platformdirs import user_data_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path(user_data_dir("asobiba")) / "arena" / f"{game_id}-{stamp}-seed{seed}-{os.getpid()}"


def _job(args: tuple[str, list[str], int, tuple[str, ...], int]) -> tuple[int, list[int], list[int]]:
    game_id, option_pairs, index, lineup, seed = args
    game = make_game_from_pairs(game_id, option_pairs)
    actions, ranks = play_game(game, lineup, seed)
    return index, actions, ranks


def run_arena(
    game_id: str,
    agents: list[str],
    games: int,
    seed: int,
    option_pairs: list[str],
    workers: int | None,
    as_json: bool,
    records_dir: Path | None,
) -> dict[str, Any]:
    """Run the round robin, save records, print progress and results (or JSON); return the result."""
    game = make_game_from_pairs(game_id, option_pairs)
    known = agent_names(game)
    for name in agents:
        if name not in known and not is_external(name):
            raise AsobibaError(f"unknown agent {name!r} for {game_id} "
                               f"(known: {', '.join(known)}, or ext:COMMAND)")
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise AsobibaError("--agents needs at least two different agent names")
    if games < 1:
        raise AsobibaError("--games must be at least 1")
    lineups = schedule(agents, game.num_players, games)
    jobs = [
        (game_id, list(option_pairs), i, lineup, game_seed(seed, i))
        for i, lineup in enumerate(lineups)
    ]
    folder = records_dir or default_records_dir(game_id, seed)
    folder.mkdir(parents=True, exist_ok=True)
    console = Console(stderr=as_json)
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    results: list[tuple[tuple[str, ...], list[int]] | None] = [None] * len(jobs)

    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
    try:
        stream = pool.imap_unordered(_job, jobs) if pool else map(_job, jobs)
        with Progress(console=console, transient=as_json) as progress:
            task = progress.add_task(f"{game_id}: {' vs '.join(agents)}", total=len(jobs))
            for index, actions, ranks in stream:
                lineup = lineups[index]
                _save(game, folder, index, lineup, actions, seed)
                results[index] = (lineup, ranks)
                progress.advance(task)
    finally:
        if pool:
            pool.terminate()
            pool.join()

    finished = [r for r in results if r is not None]
    pairs = tally(agents, finished)
    ratings, half = fit_elo(agents, [(p["a"], p["b"], p["games"], p["a_score"]) for p in pairs])
    result = {
        "game": game_id,
        "options": game.options.to_dict(),
        "seed": seed,
        "pairs": pairs,
        "elo": ratings,
        "elo_ci95": half,
        "records": str(folder),
    }
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print_tables(console, result)
    return result


def _save(
    game: Game, folder: Path, index: int, lineup: Sequence[str], actions: list[int], seed: int
) -> None:
    seats = dict(zip(game.player_names, lineup, strict=True))
    record = Record.new(game, agents=seats, arena_seed=seed, game_index=index)
    record.actions = actions
    record.save(folder / f"game-{index + 1:04d}.json")


def _print_tables(console: Console, result: dict[str, Any]) -> None:
    pairs = Table(title=f"arena {result['game']} (seed {result['seed']})")
    for col in ("a", "b", "games", "a score", "a %"):
        pairs.add_column(col, justify="right" if col not in ("a", "b") else "left")
    for p in result["pairs"]:
        pct = 100 * p["a_score"] / p["games"] if p["games"] else 0.0
        pairs.add_row(p["a"], p["b"], str(p["games"]), f"{p['a_score']:g}", f"{pct:.1f}")
    console.print(pairs)
    elo = Table(title="Elo (mean 0)")
    elo.add_column("agent")
    elo.add_column("Elo", justify="right")
    elo.add_column("± 95%", justify="right")
    for name, rating in sorted(result["elo"].items(), key=lambda kv: -kv[1]):
        elo.add_row(name, f"{rating:+.0f}", f"{result['elo_ci95'][name]:.0f}")
    console.print(elo)
    console.print(f"records: {result['records']}")
