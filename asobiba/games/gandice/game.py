"""GandiceGame: the Game side of the core interface for 眼魔伝ガンダイス (docs/rules/gandice.md)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from asobiba.core.game import Game, sample_chance

from .lineup import Lineup
from .options import GandiceOptions
from .position import state_from_json
from .state import GandiceState


class GandiceGame(Game):
    id = "gandice"
    name_en = "Gandice"
    name_ja = "眼魔伝ガンダイス"
    options_class = GandiceOptions
    options: GandiceOptions

    @functools.cached_property
    def lineup(self) -> Lineup:
        return Lineup.from_options(self.options)

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def player_names(self) -> Sequence[str]:
        return self.lineup.names

    def new_state(self) -> GandiceState:
        """The summon roll: every character die of every player, one chance node per die."""
        return GandiceState.start(self)

    def state_from_json(self, data: Mapping[str, Any]) -> GandiceState:
        return state_from_json(self, data)

    def bench_positions(self) -> list[GandiceState]:
        """The start and two mid-battle positions: seeded random playouts (seeds 1 and 2) stopped
        after 25 actions (or at their end)."""
        out = [self.new_state()]
        for seed in (1, 2):
            rng = random.Random(seed)
            state = self.new_state()
            for _ in range(25):
                if state.is_terminal:
                    break
                action = sample_chance(state, rng) if state.is_chance else rng.choice(
                    state.legal_actions()
                )
                state = state.apply(action)
            out.append(state)
        return out
