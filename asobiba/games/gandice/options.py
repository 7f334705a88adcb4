"""Rule options of Gandice (docs/rules/gandice.md, "Options"). Option names are contracts (CLI,
JSON, web)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from asobiba.core.errors import AsobibaError, Explained, OptionError
from asobiba.core.names import Names
from asobiba.core.options import Options, option

from .actions import MAX_DICE
from .catalog import load_catalog
from .owndecks import check_additions, fold_decks

EXAMPLE_DECKS = ("yami", "isurugi")
"""The rules' two example decks: 闇ダイス組 (first in the example battle) and イスルギ組."""

PLAYER_NAMES = ("p1", "p2", "p3", "p4")


class OptionRefused(Explained, OptionError):
    """Options whose decks break a deck rule, said in both languages."""


@dataclasses.dataclass(frozen=True)
class GandiceOptions(Options):
    """Options of a Gandice battle.

    ``decks`` empty (the default) means the two example decks taken in turn, one per player; a
    deck may also be given whole, as a JSON object (:mod:`.owndecks`). ``first`` is ``random`` (a
    chance node after the summon) or a player: a name ``p1``..``p4`` or a seat number ``1``..``4``,
    stored as the name. ``catalog`` names a file, so only the command line sets it; ``additions``
    carries dice, cards and decks as text, so a battle with them is stored and replayed anywhere.
    """

    game_id = "gandice"
    legacy_defaults: ClassVar[Mapping[str, Any]] = {"resummon_full_open": True}
    """Saved data lacking ``resummon_full_open`` was written when a re-summon could win by
    全開召喚 (the option's old default), so it replays that way."""

    players: int = option(2, lo=2, hi=4, en="Number of players (2–4).", ja="人数（2〜4人）",
                          label=Names("人数", "Players"))
    decks: tuple[str, ...] = option(
        (),
        en="Deck id per player, in seat order (empty: the two example decks in turn).",
        ja="各プレイヤーのデッキID（空なら例のデッキ2つを交互に）",
        label=Names("デッキ", "Decks"),
    )
    first: str = option(
        "random",
        choices=("random",) + PLAYER_NAMES,
        aliases={str(i + 1): name for i, name in enumerate(PLAYER_NAMES)},
        en="Who attacks first: random, a player name p1..p4 or a seat number 1..4.",
        ja="先攻：random、プレイヤー名（p1〜p4）または席番号（1〜4）",
        label=Names("先攻", "First attacker"), values={"random": Names("ランダム", "Random")},
    )
    max_turns: int = option(
        200, lo=1, hi=100_000, en="Turn limit; reaching it draws among the players left.",
        ja="ターン上限（到達で残ったプレイヤーの引き分け）",
        label=Names("ターン上限", "Turn limit"),
    )
    catalog: str | None = option(
        None, en="Path of a user dice catalog (TOML); none = the shipped catalog.",
        ja="ユーザーのダイスカタログ（TOML）のパス。なしで同梱のもの", local=True,
    )
    additions: str | None = option(
        None,
        en="Dice, cards and decks added to the catalog, as catalog TOML text (your fitted dice, "
        "decks built at the web table); none = nothing added.",
        ja="カタログに加えるダイス・小札絵・デッキ（カタログ形式のTOMLテキスト。自分で測ったダイスや"
        "Webで組んだデッキ）。なしで何も加えない",
        label=Names("カタログに加えるもの", "Added to the catalog"),
    )
    resummon_full_open: bool = option(
        False,
        en="A re-summon challenge with every remaining character die upright also wins at once "
        "(全開召喚); the rules give it to the opening summon only.",
        ja="再召喚チャレンジでも残りのキャラダイスが全て立ち・逆立ちなら全開召喚で勝利"
        "（ルールでは最初の召喚だけ）",
        label=Names("再召喚でも全開召喚", "Full open on a re-summon too"),
    )
    evolve_after_counter: bool = option(
        False,
        en="A defender that wins by a counter-attack may also try the evolution challenge.",
        ja="カウンターで勝った防御側も進化チャレンジできる",
        label=Names("カウンター勝ちでも進化チャレンジ", "Evolution challenge after a counter"),
    )

    def normalize(self) -> None:
        decks = self.decks or tuple(
            EXAMPLE_DECKS[i % len(EXAMPLE_DECKS)] for i in range(self.players)
        )
        if len(decks) != self.players:
            raise OptionError(f"option decks: {len(decks)} decks for {self.players} players")
        object.__setattr__(self, "decks", decks)
        if self.first != "random" and PLAYER_NAMES.index(self.first) >= self.players:
            raise OptionError(f"option first: {self.first} is not one of the {self.players} players")
        check_additions(self.additions)
        _check_decks(self.catalog, self.additions, decks)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Self:
        """As :meth:`Options.from_dict`, with decks given whole folded into ``additions``."""
        return super().from_dict(fold_decks(data) if isinstance(data, Mapping) else data)


def _check_decks(path: str | None, additions: str | None, decks: tuple[str, ...]) -> None:
    """The decks exist in the catalog (with the additions) and together fit the numbering of
    action ids (:data:`.actions.MAX_DICE`, an input bound far above any real battle)."""
    try:
        catalog = load_catalog(path, additions)
        size = sum(len(d.dice) + len(d.evolution) for d in map(catalog.deck, decks))
    except Explained as exc:  # a deck rule, said in both languages: the page shows it
        raise OptionRefused(Names(exc.text.ja, f"option decks: {exc.text.en}")) from None
    except AsobibaError as exc:
        raise OptionError(f"option catalog/decks/additions: {exc}") from None
    if size > MAX_DICE:
        raise OptionError(
            f"option decks: the decks bring {size} dice (evolution dice included); "
            f"a battle numbers at most {MAX_DICE}"
        )
