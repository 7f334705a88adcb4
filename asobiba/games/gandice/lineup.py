"""The fixed cast of a battle: every die and card in play, numbered once from the options.

Each die of every deck (the five dice, then the evolution dice kept aside) gets an instance number
``uid`` in seat order; cards likewise. Action ids are built from these numbers, so they are stable
for given options (decks and catalog); the options make sure the numbers stay below
:data:`.actions.MAX_DICE`.
"""

from __future__ import annotations

import dataclasses
import functools

from ...core.names import Names
from .catalog import Card, Catalog, Die, load_catalog
from .options import PLAYER_NAMES, GandiceOptions


@dataclasses.dataclass(frozen=True)
class Lineup:
    catalog: Catalog
    players: int
    names: tuple[str, ...]
    deck_names: tuple[str, ...]
    dice: tuple[Die, ...]  # by uid
    home: tuple[int, ...]  # seat that brought each die
    aside: tuple[bool, ...]  # evolution die kept aside at the start
    cards: tuple[Card, ...]  # by card index
    card_owner: tuple[int, ...]
    deck_titles: tuple[Names, ...] = ()
    """Each seat's deck name in both languages (``deck_names`` holds the Japanese)."""

    @functools.cached_property
    def fighter(self) -> tuple[bool, ...]:
        """Whether each die is a character die (fast lookup for the engine)."""
        return tuple(d.is_fighter for d in self.dice)

    @classmethod
    def from_options(cls, options: GandiceOptions) -> Lineup:
        catalog = load_catalog(options.catalog, options.additions)
        dice: list[Die] = []
        home: list[int] = []
        aside: list[bool] = []
        cards: list[Card] = []
        card_owner: list[int] = []
        deck_names = []
        deck_titles = []
        for seat, deck_id in enumerate(options.decks):
            deck = catalog.deck(deck_id)
            deck_names.append(deck.name)
            deck_titles.append(deck.names)
            for die_id in deck.dice + deck.evolution:
                dice.append(catalog.dice[die_id])
                home.append(seat)
                aside.append(dice[-1].kind == "evolution")
            for card_id in deck.cards:
                cards.append(catalog.cards[card_id])
                card_owner.append(seat)
        return cls(
            catalog, options.players, PLAYER_NAMES[: options.players], tuple(deck_names),
            tuple(dice), tuple(home), tuple(aside), tuple(cards), tuple(card_owner),
            tuple(deck_titles),
        )
