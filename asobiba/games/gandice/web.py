"""What the web table's Gandice page module asks the server (the descriptor's ``services``;
docs/protocol.md, "A game's own page module", and docs/rules/gandice.md, "Decks" and "Catalog format").

* ``catalog`` — ``{"toml": text | null}`` → the dice catalog the deck builder shows: every die with
  its kind, family, bonus, ability, partners, whether its weights are estimates, and the exact
  probability of each outcome (and of its fused table); the cards with their effects in words; the
  decks; the deck rules; the names of outcomes and kinds in both languages. ``toml`` is a player's
  own catalog (what ``asobiba gandice fit`` writes, or a whole file of dice, cards and decks): it is
  checked as option ``additions`` is — at most 64 KiB, no id or die name of the shipped catalog
  reused — and its entries come marked ``"own": true``.
* ``deck`` — ``{"deck": {"name", "dice", "evolution", "cards"}, "toml": text | null}`` → ``{"ok":
  true}``, or ``{"ok": false, "rule": {"ja", "en"}}`` naming the first deck rule the deck breaks
  (the deck builder shows it while the deck is being built).

A body of the wrong shape, or a catalog text that does not read, is refused in one line (HTTP 400).
The text is content, never a path: nothing here reads a file a client names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import AsobibaError, Explained
from ...core.names import Names
from .catalog import SHIPPED, Catalog, Deck, Die, load_catalog
from .decks import DECK_SIZE, MAX_CARDS, DeckError, validate_deck
from .dice import OUTCOME_NAMES
from .labels import ABILITIES, KINDS, OUTCOME_MARKS, OUTCOMES, effect_words
from .owndecks import MAX_ADDITIONS, check_additions, deck_fields


class CatalogRefused(Explained):
    """A player's catalog that does not read (said in both languages, the detail in English)."""


def _body(body: Any, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise AsobibaError("the request body must be a JSON object")
    unknown = sorted(str(k)[:40] for k in body if k not in allowed)
    if unknown:
        raise AsobibaError(f"the request body: unexpected field {unknown[0]!r}")
    return body


def _catalog(text: Any) -> tuple[Catalog, set[str]]:
    """The shipped catalog with a player's text added, and the ids the text brought."""
    if text is not None and not isinstance(text, str):
        raise AsobibaError("'toml' must be the text of a catalog (TOML) or null")
    text = (text or "").strip() or None
    base = load_catalog()
    if text is None:
        return base, set()
    try:
        check_additions(text)
        catalog = load_catalog(None, text)
    except AsobibaError as exc:
        detail = str(exc).removeprefix("option additions: ")
        raise CatalogRefused(Names(f"このカタログは読み込めません：{detail}",
                                   f"this catalog cannot be read: {detail}")) from None
    own = (set(catalog.dice) - set(base.dice)) | (set(catalog.cards) - set(base.cards)) | (
        set(catalog.decks) - set(base.decks))
    return catalog, own


def _die_json(die: Die, own: set[str], catalog: Catalog) -> dict[str, Any]:
    probabilities = die.probabilities()
    fused = die.probabilities(fused=True) if die.fused is not None else None
    return {
        "id": die.id, "name": die.name, "names": die.names.to_json(), "kind": die.kind,
        "family": die.family,
        "bonus": die.bonus, "ability": die.ability, "partners": list(die.partners),
        "fused_name": die.fused_name, "estimate": die.estimate, "note": die.note,
        "fused_names": die.fused_names.to_json() if die.fused_names else None,
        "outcomes": {name: probabilities.get(name, 0.0) for name in OUTCOME_NAMES},
        "fused": None if fused is None else {name: fused.get(name, 0.0) for name in OUTCOME_NAMES},
        "own": die.id in own,
        "family_names": catalog.family_names(die.family).to_json() if die.family else None,
    }


def catalog_service(body: Any) -> dict[str, Any]:
    """The ``catalog`` service (see the module docstring)."""
    catalog, own = _catalog(_body(body, {"toml"}).get("toml"))
    return {
        "name": catalog.name,
        "shipped": SHIPPED.name,
        "dice": [_die_json(die, own, catalog) for die in catalog.dice.values()],
        "cards": [
            {"id": c.id, "name": c.name, "names": c.names.to_json(), "character": c.character,
             "effect": c.effect,
             "words": effect_words(c.effect).to_json(), "own": c.id in own}
            for c in catalog.cards.values()
        ],
        "decks": [
            {"id": d.id, "name": d.name, "names": d.names.to_json(), "dice": list(d.dice),
             "evolution": list(d.evolution),
             "cards": list(d.cards), "own": d.id in own}
            for d in catalog.decks.values()
        ],
        "rules": {"deck_size": DECK_SIZE, "max_cards": MAX_CARDS, "max_text": MAX_ADDITIONS},
        "outcomes": [
            {"id": name, "name": OUTCOMES[name].to_json(), "mark": OUTCOME_MARKS[name].to_json()}
            for name in OUTCOME_NAMES
        ],
        "kinds": {kind: names.to_json() for kind, names in KINDS.items()},
        "abilities": {ability: names.to_json() for ability, names in ABILITIES.items()},
    }


def deck_service(body: Any) -> dict[str, Any]:
    """The ``deck`` service (see the module docstring)."""
    body = _body(body, {"deck", "toml"})
    catalog, _ = _catalog(body.get("toml"))
    raw = body.get("deck")
    if not isinstance(raw, Mapping):
        raise AsobibaError("'deck' must be a JSON object {name, dice, evolution, cards}")
    fields = deck_fields(raw, "deck")
    # named by its name: the rule's message names the deck the person is building
    deck = Deck(fields["name"], fields["name"], tuple(fields["dice"]), tuple(fields["evolution"]),
                tuple(fields["cards"]))
    try:
        validate_deck(catalog, deck)
    except DeckError as exc:
        return {"ok": False, "rule": exc.text.to_json()}
    return {"ok": True}


SERVICES = {"catalog": catalog_service, "deck": deck_service}
"""The requests of the page module, by name."""
