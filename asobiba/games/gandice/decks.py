"""Deck building rules (docs/rules/gandice.md, "Decks").

* a deck is exactly 5 dice, any mix of character, weapon and curse dice (super_eye and core dice
  count as characters);
* it holds at least one character die (a deck without one would be out before its first turn);
* evolution dice are kept aside, as many as the player likes (the rules set no limit); each must
  be usable: only ``character`` dice evolve, so every evolution die needs a ``character`` die of
  its family in the deck (a super_eye or core die of that family never evolves);
* at most 3 cards (小札絵), each matching a character die of the deck.

A deck that breaks a rule is refused with :class:`DeckError` naming the rule, in Japanese and
English (the deck builder of the web table shows it while the deck is being built).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import Explained
from asobiba.core.names import Names

if TYPE_CHECKING:
    from .catalog import Catalog, Deck

DECK_SIZE = 5
MAX_CARDS = 3


class DeckError(Explained):
    """A deck that breaks a deck-building rule (said in both languages; the line is English)."""


def _refuse(deck: Deck, ja: str, en: str) -> DeckError:
    return DeckError(Names(f"デッキ「{deck.name}」: {ja}", f"deck {deck.id!r}: {en}"))


def validate_deck(catalog: Catalog, deck: Deck) -> None:
    """Raise DeckError naming the first rule ``deck`` breaks."""
    for die_id in deck.dice + deck.evolution:
        if die_id not in catalog.dice:
            raise _refuse(deck, f"カタログにないダイス「{die_id}」があります", f"unknown die {die_id!r}")
    if len(deck.dice) != DECK_SIZE:
        raise _refuse(
            deck, f"デッキはちょうど{DECK_SIZE}個のダイスです（いま{len(deck.dice)}個）",
            f"a deck is exactly {DECK_SIZE} dice, not {len(deck.dice)}",
        )
    dice = [catalog.dice[d] for d in deck.dice]
    for die in dice:
        if die.kind == "evolution":
            raise _refuse(
                deck, f"進化ダイス「{die.name}」は5個に入れず、脇に置きます",
                f"evolution die {die.id!r} is kept aside, not in the 5 dice",
            )
    fighters = [d for d in dice if d.is_fighter]
    if not fighters:
        raise _refuse(deck, "キャラダイスが1個以上必要です", "a deck needs at least one character die")
    _check_evolution(catalog, deck)
    if len(deck.cards) > MAX_CARDS:
        raise _refuse(
            deck, f"小札絵は{MAX_CARDS}枚までです（いま{len(deck.cards)}枚）",
            f"at most {MAX_CARDS} cards, not {len(deck.cards)}",
        )
    ids = {d.id for d in fighters}
    for card_id in deck.cards:
        card = catalog.cards.get(card_id)
        if card is None:
            raise _refuse(deck, f"カタログにない小札絵「{card_id}」があります", f"unknown card {card_id!r}")
        if card.character not in ids:
            character = catalog.dice[card.character].name
            raise _refuse(
                deck, f"小札絵「{card.name}」の対応キャラ「{character}」がデッキにいません",
                f"card {card_id!r} matches {card.character!r}, which is not in the deck",
            )


def _check_evolution(catalog: Catalog, deck: Deck) -> None:
    """Every die aside is an evolution die that a ``character`` die of the deck can evolve into."""
    dice = [catalog.dice[d] for d in deck.dice]
    evolving = {d.family for d in dice if d.kind == "character" and d.family}
    for die_id in deck.evolution:
        die = catalog.dice[die_id]
        if die.kind != "evolution":
            raise _refuse(
                deck, f"「{die.name}」は進化ダイスではないので脇に置けません",
                f"{die_id!r} in 'evolution' is not an evolution die",
            )
        if die.family in evolving:
            continue
        others = sorted({d.kind for d in dice if d.family == die.family})
        if others:
            ja = f"同じ系統「{die.family}」は{'・'.join(others)}ダイスだけで、これらは進化しません"
            en = (f"its family {die.family!r} has only {' and '.join(others)} dice here, which "
                  "never evolve")
        else:
            ja = f"同じ系統「{die.family}」のキャラダイスがデッキにいません"
            en = f"no character die of family {die.family!r} in the deck"
        raise _refuse(
            deck, f"進化ダイス「{die.name}」は使いどころがありません（{ja}）",
            f"evolution die {die_id!r} can never be used: {en}",
        )
