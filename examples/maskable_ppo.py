"""Train sb3-contrib's MaskablePPO on an asobiba game against the computer for a minute
(docs/research.md, "Gymnasium").

    pip install 'asobiba[rl]' sb3-contrib
    python examples/maskable_ppo.py --game diceout --opponent intro --seconds 60 -o rows=4

MaskablePPO asks the environment for ``action_masks()``, which asobiba's Gymnasium environments
give (the learner's legal actions as booleans), and the observation's ``"observation"`` tensor is
what the policy sees (the mask is dropped from it by a wrapper). At the end it plays ``--games``
games with the trained policy and prints the share won, lost and drawn or cut.
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="diceout")
    parser.add_argument("--opponent", default="intro")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    try:
        import gymnasium
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as exc:
        print(f"this example needs sb3-contrib: pip install sb3-contrib ({exc.name} is missing)",
              file=sys.stderr)
        return 2
    import numpy as np

    from asobiba.adapters import gymnasium as asobiba_gym
    from asobiba.core import registry

    game = registry.make_game_from_pairs(args.game, args.option)

    class Tensor(gymnasium.ObservationWrapper):
        """The observation tensor only; the mask reaches MaskablePPO through action_masks()."""

        def __init__(self, env: gymnasium.Env) -> None:
            super().__init__(env)
            self.observation_space = env.observation_space["observation"]

        def observation(self, observation):
            return observation["observation"]

        def action_masks(self):
            return self.env.unwrapped.action_masks()

    def make() -> gymnasium.Env:
        return Tensor(gymnasium.make(asobiba_gym.env_id(args.game), opponent=args.opponent,
                                     **game.options.to_dict()))

    class Clock(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.until = time.monotonic() + args.seconds

        def _on_step(self) -> bool:
            return time.monotonic() < self.until

    model = MaskablePPO("MlpPolicy", make(), seed=args.seed, verbose=0)
    model.learn(total_timesteps=10**9, callback=Clock())
    env = make()
    won = lost = other = 0
    for g in range(args.games):
        observation, _ = env.reset(seed=args.seed + 1 + g)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(np.asarray(action)))
            done = terminated or truncated
        won, lost, other = won + (reward > 0), lost + (reward < 0), other + (reward == 0)
    print(f"{args.game} against {args.opponent} after {args.seconds:g} s of training: "
          f"won {won}, lost {lost}, drawn or cut {other} of {args.games}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
