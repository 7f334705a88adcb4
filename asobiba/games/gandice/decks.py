"""Deck building rules (docs/rules/gandice.md, "Decks").

* a deck is exactly 5 dice, any mix of character, weapon and curse dice (super_eye and core dice
  count as characters);
* it holds at least one character die (a deck without one would be out before its first turn);
* evolution dice are kept aside, as many as the player likes (the rules set no limit); each must
  be usable: only ``character`` dice evolve, so every evolution die needs a ``character`` die of
  its family in the deck (a super_eye or core die of that family never evolves);
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
    _check_evolution(catalog, deck, where)
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


def _check_evolution(catalog: Catalog, deck: Deck, where: str) -> None:
    """Every die aside is an evolution die that a ``character`` die of the deck can evolve into."""
    dice = [catalog.dice[d] for d in deck.dice]
    evolving = {d.family for d in dice if d.kind == "character" and d.family}
    for die_id in deck.evolution:
        die = catalog.dice[die_id]
        if die.kind != "evolution":
            raise DeckError(f"{where}: {die_id!r} in 'evolution' is not an evolution die")
        if die.family in evolving:
            continue
        others = sorted({d.kind for d in dice if d.family == die.family})
        reason = (
            f"its family {die.family!r} has only {' and '.join(others)} dice here, which never evolve"
            if others else f"no character die of family {die.family!r} in the deck"
        )
        raise DeckError(f"{where}: evolution die {die_id!r} can never be used: {reason}")
