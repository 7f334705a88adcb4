"""Every registered asobiba game as an OpenSpiel Python game (docs/research.md, "OpenSpiel").

Importing this module registers ``asobiba_<id>`` for each game with ``pyspiel.register_game``,
read from the game's descriptor (:class:`~asobiba.core.descriptor.Research`): the rule options are
the game parameters (:mod:`.parameters`), so ``pyspiel.load_game("asobiba_diceout(rows=4)")``
works. The game type is sequential, perfect information, with explicit chance when the game's
default options have chance outcomes, zero-sum or general-sum as declared, with terminal rewards.
Action ids are asobiba's own (the bounds of :class:`~asobiba.core.descriptor.Bounds` make
``num_distinct_actions`` and ``max_chance_outcomes``). A state is serialized as its history, which
OpenSpiel replays. A game cut by a move or turn limit is a terminal state with the game's returns
at the cut; the parameter ``cut_returns`` (``"rules"``, the default, or ``"race"`` where the game
declares a race distance) chooses them (:mod:`.cuts`).

Needs the extra ``asobiba[openspiel]``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ..core import Game, State, registry
from ..core.descriptor import GameDescriptor, Research
from . import parameters
from .cuts import RULES, Cuts

CUT_RETURNS = "cut_returns"
"""The game parameter choosing the returns at a cut (not a rule option)."""

PREFIX = "asobiba_"


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def research_of(descriptor: GameDescriptor) -> Research:
    if descriptor.research is None:
        raise LookupError(f"{descriptor.id} declares nothing for the research frameworks")
    return descriptor.research


def _players_range(game_id: str) -> tuple[int, int]:
    """The fewest and most seats, over the choices or bounds of an option ``players`` (the
    default game's seats when there is none)."""
    spec = registry.game_class(game_id).options_class.specs().get("players")
    seats = registry.make_game(game_id).num_players
    if spec is None:
        return seats, seats
    if spec.choices is not None:
        return min(spec.choices), max(spec.choices)
    return spec.lo or seats, spec.hi or seats


def game_type(descriptor: GameDescriptor) -> pyspiel.GameType:
    research = research_of(descriptor)
    chance = research.bounds(descriptor.game_class()).max_chance_outcomes > 0
    fewest, most = _players_range(descriptor.id)
    return pyspiel.GameType(
        short_name=short_name(descriptor.id),
        long_name=f"asobiba {descriptor.name.en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if research.zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**parameters.defaults(descriptor.id), CUT_RETURNS: RULES},
    )


def game_info(descriptor: GameDescriptor, game: Game) -> pyspiel.GameInfo:
    research = research_of(descriptor)
    bounds = research.bounds(game)
    low, high = research.utility
    return pyspiel.GameInfo(
        num_distinct_actions=bounds.num_distinct_actions,
        max_chance_outcomes=bounds.max_chance_outcomes,
        num_players=game.num_players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if research.zero_sum else None,
        max_game_length=bounds.max_game_length,
    )


class AsobibaGame(pyspiel.Game):
    """One asobiba game with its options, as OpenSpiel sees it (made by :func:`game_class`)."""

    descriptor: GameDescriptor

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        rules = {k: v for k, v in given.items() if k != CUT_RETURNS}
        self.asobiba = parameters.make_game(self.descriptor.id, rules)
        research = research_of(self.descriptor)
        self.cuts = Cuts.of(research, self.descriptor.id, str(given.get(CUT_RETURNS, RULES)))
        self.observer = research.observer(self.asobiba)
        super().__init__(game_type(self.descriptor), game_info(self.descriptor, self.asobiba),
                         {**parameters.defaults(self.descriptor.id), CUT_RETURNS: RULES, **given})

    def new_initial_state(self) -> AsobibaState:
        return AsobibaState(self, self.asobiba.new_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TensorObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class AsobibaState(pyspiel.State):
    """An OpenSpiel state holding an immutable asobiba state (``self.inner``)."""

    def __init__(self, game: AsobibaGame, inner: State) -> None:
        super().__init__(game)
        self.inner = inner
        self.cuts = game.cuts

    def current_player(self) -> int:
        return self.inner.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.inner.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.inner = self.inner.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_notation(action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal

    def returns(self) -> list[float]:
        """The game's returns; at a cut, those ``cut_returns`` chooses."""
        if self.inner.is_terminal:
            return self.cuts.returns(self.inner)
        return self.inner.returns()

    def __str__(self) -> str:
        """The position JSON (docs/formats.md, "Positions"), one line: exact and quick to write
        (the picture is the observation string)."""
        return json.dumps(self.inner.to_json(), sort_keys=True, separators=(",", ":"))


class TensorObserver:
    """The game's declared observation, for OpenSpiel's observation tensor and string."""

    def __init__(self, game: AsobibaGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.inner = game.observer
        shape = self.inner.shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: AsobibaState, player: int) -> None:
        self.dict["observation"][...] = self.inner.tensor(state.inner, player)

    def string_from(self, state: AsobibaState, player: int) -> str:
        return self.inner.text(state.inner, player)


def game_class(descriptor: GameDescriptor) -> type[AsobibaGame]:
    """A subclass of :class:`AsobibaGame` for one descriptor (what OpenSpiel registers)."""
    name = "".join(part.capitalize() for part in descriptor.id.split("_")) + "Game"
    return type(name, (AsobibaGame,), {"descriptor": descriptor})


def register_all() -> list[str]:
    """Register every asobiba game not yet registered; the short names of all of them."""
    known = set(pyspiel.registered_names())
    names = []
    for descriptor in registry.descriptors():
        name = short_name(descriptor.id)
        if name not in known:
            pyspiel.register_game(game_type(descriptor), game_class(descriptor))
        names.append(name)
    return names


GAMES = register_all()
"""The short names of the registered asobiba games."""
