"""Deck building rules (seed, 〇デッキについて; RULINGS.md §3, "Decks and summoning").

* a deck is exactly 5 dice, any mix of character, weapon and curse dice (super_eye and core dice
  count as characters);
* it holds at least one character die (a deck without one is out before the battle starts);
* evolution dice are kept aside, each of the same family as a character die of the deck
  (at most :data:`MAX_EVOLUTION`, a practical cap);
* at most 3 cards (小札絵), each matching a character die of the deck.

A deck that breaks a rule is refused with :class:`DeckError` naming the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import AsobibaError

if TYPE_CHECKING:
    from .catalog import Catalog, Deck

DECK_SIZE = 5
MAX_CARDS = 3
MAX_EVOLUTION = 8


class DeckError(AsobibaError):
    """A deck that breaks a deck-building rule."""


def validate_deck(catalog: Catalog, deck: Deck) -> None:
    """Raise DeckError naming the first rule ``deck`` breaks."""
    where = f"deck {deck.id!r}"
    for die_id in deck.dice + deck.evolution:
        if die_id not in catalog.dice:
            raise DeckError(f"{where}: unknown die {die_id!r}")
    if len(deck.dice) != DECK_SIZE:
        raise DeckError(f"{where}: a deck is exactly {DECK_SIZE} dice, not {len(deck.dice)}")
    dice = [catalog.dice[d] for d in deck.dice]
    for die in dice:
        if die.kind == "evolution":
            raise DeckError(f"{where}: evolution die {die.id!r} is kept aside, not in the 5 dice")
    fighters = [d for d in dice if d.is_fighter]
    if not fighters:
        raise DeckError(f"{where}: a deck needs at least one character die")
    families = {d.family for d in fighters if d.family}
    if len(deck.evolution) > MAX_EVOLUTION:
        raise DeckError(f"{where}: at most {MAX_EVOLUTION} evolution dice aside")
    for die_id in deck.evolution:
        die = catalog.dice[die_id]
        if die.kind != "evolution":
            raise DeckError(f"{where}: {die_id!r} in 'evolution' is not an evolution die")
        if die.family not in families:
            raise DeckError(
                f"{where}: evolution die {die_id!r} needs a character of family {die.family!r}"
            )
    if len(deck.cards) > MAX_CARDS:
        raise DeckError(f"{where}: at most {MAX_CARDS} cards, not {len(deck.cards)}")
    ids = {d.id for d in fighters}
    for card_id in deck.cards:
        card = catalog.cards.get(card_id)
        if card is None:
            raise DeckError(f"{where}: unknown card {card_id!r}")
        if card.character not in ids:
            raise DeckError(
                f"{where}: card {card_id!r} matches {card.character!r}, which is not in the deck"
            )
