"""The dice catalog: Gandice dice, cards and decks as data (docs/rules/gandice.md, "Kinds of dice").

A catalog is a TOML file (read by :func:`~asobiba.core.reading.parse_toml`: bounded in size and
nesting). The shipped catalog
(``data/reiwa.toml``) names the dice of the Reiwa rules with *estimated* weights; users can load
their own file. Every field is checked on load; a problem raises :class:`CatalogError` whose one-line
message names the file, the entry and the field. The format is documented in
``docs/rules/gandice.md`` ("Catalog format").
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.core.names import Names
from asobiba.core.reading import parse_toml, read_text_file

from .decks import validate_deck
from .dice import FACE6, OUTCOME_INDEX, OUTCOME_NAMES, SIDE

SHIPPED = Path(__file__).with_name("data") / "reiwa.toml"

KINDS = ("character", "weapon", "curse", "evolution", "super_eye", "core")
FIGHTER_KINDS = frozenset({"character", "evolution", "super_eye", "core"})
"""Kinds that are summoned, attack and defend (キャラダイス in the wide sense)."""
ITEM_KINDS = frozenset({"weapon", "curse"})
ABILITIES = ("betrayal",)
EFFECT_RE = re.compile(r"^(bonus:\+[1-9]|reroll_own|reroll_opponent)$")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")

_DIE_FIELDS = {
    "id", "name", "kind", "outcomes", "fused", "family", "bonus", "ability",
    "partners", "fused_name", "estimate", "note", "name_en", "fused_name_en",
}
_CARD_FIELDS = {"id", "name", "character", "effect", "note", "name_en"}
_DECK_FIELDS = {"id", "name", "dice", "evolution", "cards", "note", "name_en"}
_FAMILY_FIELDS = {"id", "name", "name_en"}
_TOP_FIELDS = {"catalog", "die", "card", "deck", "family"}


class CatalogError(AsobibaError):
    """A catalog file that does not follow the catalog format."""


@dataclasses.dataclass(frozen=True)
class Die:
    """One kind of die: its outcome weights and what it can do."""

    id: str
    name: str
    kind: str
    weights: tuple[float, ...]  # one weight per OUTCOME_NAMES entry
    fused: tuple[float, ...] | None = None  # super_eye only: the table while fused (no side)
    family: str | None = None
    bonus: int = 0
    ability: str | None = None
    partners: tuple[str, ...] = ()
    fused_name: str | None = None
    estimate: bool = True
    note: str = ""
    name_en: str | None = None
    """The English name (``name_en``; the name itself when the catalog gives none)."""
    fused_name_en: str | None = None

    @property
    def names(self) -> Names:
        """The die's name in both languages."""
        return Names(self.name, self.name_en or self.name)

    @property
    def fused_names(self) -> Names | None:
        if self.fused_name is None:
            return None
        return Names(self.fused_name, self.fused_name_en or self.fused_name)

    @property
    def is_fighter(self) -> bool:
        return self.kind in FIGHTER_KINDS

    @property
    def is_item(self) -> bool:
        return self.kind in ITEM_KINDS

    @functools.cached_property
    def table(self) -> tuple[tuple[int, float], ...]:
        """``(outcome, probability)`` for every outcome of positive weight."""
        return _table(self.weights)

    @functools.cached_property
    def fused_table(self) -> tuple[tuple[int, float], ...]:
        return _table(self.fused) if self.fused is not None else ()

    def probabilities(self, fused: bool = False) -> dict[str, float]:
        """Outcome name → exact probability (for the ``catalog`` command)."""
        table = self.fused_table if fused else self.table
        return {OUTCOME_NAMES[o]: p for o, p in table}


@dataclasses.dataclass(frozen=True)
class Card:
    """A 小札絵 card: usable once, matched to a character die, with one effect."""

    id: str
    name: str
    character: str
    effect: str  # "bonus:+N", "reroll_own" or "reroll_opponent"
    note: str = ""
    name_en: str | None = None

    @property
    def names(self) -> Names:
        return Names(self.name, self.name_en or self.name)

    @property
    def bonus(self) -> int:
        return int(self.effect.split("+")[1]) if self.effect.startswith("bonus:") else 0


@dataclasses.dataclass(frozen=True)
class Deck:
    """Five dice, the evolution dice kept aside, and up to three cards."""

    id: str
    name: str
    dice: tuple[str, ...]
    evolution: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    note: str = ""
    name_en: str | None = None

    @property
    def names(self) -> Names:
        return Names(self.name, self.name_en or self.name)


@dataclasses.dataclass(frozen=True)
class Catalog:
    path: str
    name: str
    dice: dict[str, Die]
    cards: dict[str, Card]
    decks: dict[str, Deck]
    families: dict[str, Names] = dataclasses.field(default_factory=dict)
    """Family id → its name in both languages (``[[family]]``; a family not named reads as its id)."""

    def family_names(self, family: str) -> Names:
        """A family's name for people."""
        return self.families.get(family) or Names(family, family)

    def die(self, die_id: str) -> Die:
        try:
            return self.dice[die_id]
        except KeyError:
            raise CatalogError(f"{self.path}: no die {die_id!r}") from None

    def deck(self, deck_id: str) -> Deck:
        try:
            return self.decks[deck_id]
        except KeyError:
            known = ", ".join(self.decks)
            raise CatalogError(f"{self.path}: no deck {deck_id!r} (decks: {known})") from None


def _table(weights: tuple[float, ...]) -> tuple[tuple[int, float], ...]:
    total = sum(weights)
    return tuple((o, w / total) for o, w in enumerate(weights) if w > 0)


ADDED = "added catalog"
"""How errors name the additions: dice, cards and decks given as TOML text on top of a catalog."""


def load_catalog(path: str | Path | None = None, additions: str | None = None) -> Catalog:
    """Load and validate a catalog (None = the shipped one), with ``additions`` (catalog TOML text
    whose dice, cards and decks join it; none may reuse an id or a die name of the catalog).
    Cached by path, modification time and the additions' text."""
    p = Path(path) if path is not None else SHIPPED
    try:
        stamp = p.stat().st_mtime_ns
    except OSError as exc:
        raise CatalogError(f"cannot read catalog {p}: {exc.strerror}") from None
    if additions:
        return _with_additions(str(p), stamp, additions)
    return _load_cached(str(p), stamp)


@functools.lru_cache(maxsize=32)
def _with_additions(path: str, stamp: int, text: str) -> Catalog:
    base = _load_cached(path, stamp)
    return parse_catalog(parse_toml(text, CatalogError, f"{ADDED}: "), ADDED, base)


@functools.lru_cache(maxsize=16)
def _load_cached(path: str, stamp: int) -> Catalog:
    text = read_text_file(path, CatalogError)  # a regular file, bounded, UTF-8
    return parse_catalog(parse_toml(text, CatalogError, f"{path}: "), Path(path).name)


def parse_catalog(data: Mapping[str, Any], where: str, base: Catalog | None = None) -> Catalog:
    """Validate a parsed TOML document and build the catalog; ``where`` names it in errors.
    With ``base``, the document adds to that catalog (its ids and die names are taken)."""
    _unknown_fields(data, _TOP_FIELDS, f"{where}: top level")
    head = data.get("catalog", {})
    if not isinstance(head, Mapping):
        raise CatalogError(f"{where}: [catalog] must be a table")
    dice: dict[str, Die] = dict(base.dice) if base else {}
    for entry in _entries(data, "die", where):
        die = parse_die(entry, where)
        if die.id in dice:
            taken = "already in the catalog" if base and die.id in base.dice else "defined twice"
            raise CatalogError(f"{where}: die {die.id!r}: field 'id': {taken}")
        dice[die.id] = die
    names = [d.name for d in dice.values()]
    for die in dice.values():
        if base and die.id in base.dice:
            continue  # checked with its own catalog
        if names.count(die.name) > 1:
            raise CatalogError(f"{where}: die {die.id!r}: field 'name': {die.name!r} is used twice")
        for partner in die.partners:
            other = dice.get(partner)
            if other is None or other.kind != die.kind:
                raise CatalogError(
                    f"{where}: die {die.id!r}: field 'partners': {partner!r} is not a {die.kind} die"
                )
    cards: dict[str, Card] = dict(base.cards) if base else {}
    for entry in _entries(data, "card", where):
        card = _parse_card(entry, where, dice)
        if base and card.id in base.cards:
            raise CatalogError(f"{where}: card {card.id!r}: field 'id': already in the catalog")
        cards[card.id] = card
    name = base.name if base else str(head.get("name", where))
    families = dict(base.families) if base else {}
    for entry in _entries(data, "family", where):
        family_id, label = _entry_label(entry, "family", where)
        _unknown_fields(entry, _FAMILY_FIELDS, label)
        ja = _required_str(entry, "name", label)
        families[family_id] = Names(ja, _optional_str(entry, "name_en", label) or ja)
    catalog = Catalog(base.path if base else where, name, dice, cards, dict(base.decks) if base else {},
                      families)
    for entry in _entries(data, "deck", where):
        deck = _parse_deck(entry, where)
        if deck.id in catalog.decks:
            taken = "already in the catalog" if base and deck.id in base.decks else "defined twice"
            raise CatalogError(f"{where}: deck {deck.id!r}: field 'id': {taken}")
        validate_deck(catalog, deck)
        catalog.decks[deck.id] = deck
    return catalog


def _entries(data: Mapping[str, Any], key: str, where: str) -> list[Mapping[str, Any]]:
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise CatalogError(f"{where}: '{key}' must be an array of tables ([[{key}]])")
    return entries


def _unknown_fields(entry: Mapping[str, Any], allowed: set[str], label: str) -> None:
    for key in entry:
        if key not in allowed:
            raise CatalogError(f"{label}: unknown field {key!r}")


def _required_str(entry: Mapping[str, Any], field: str, label: str) -> str:
    value = entry.get(field)
    if value is None:
        raise CatalogError(f"{label}: missing field {field!r}")
    if not isinstance(value, str) or not value.strip():
        raise CatalogError(f"{label}: field {field!r} must be a non-empty string")
    return value.strip()


def _optional_str(entry: Mapping[str, Any], field: str, label: str) -> str | None:
    return _required_str(entry, field, label) if field in entry else None


def _entry_label(entry: Mapping[str, Any], what: str, where: str) -> tuple[str, str]:
    raw = entry.get("id")
    if not isinstance(raw, str) or not ID_RE.match(raw):
        shown = entry.get("name", "?")
        raise CatalogError(
            f"{where}: {what} {shown!r}: field 'id' must be lower-case letters, digits, '_' or '-'"
        )
    return raw, f"{where}: {what} {raw!r}"


def _weights(table: Any, label: str, field: str, *, allow_side: bool, allow_six: bool) -> tuple:
    if not isinstance(table, Mapping) or not table:
        raise CatalogError(f"{label}: field {field!r} must be a table of outcome weights")
    weights = [0.0] * len(OUTCOME_NAMES)
    for name, weight in table.items():
        index = OUTCOME_INDEX.get(name)
        if index is None:
            raise CatalogError(
                f"{label}: field {field!r}: unknown outcome {name!r} "
                "(stand, inverted, side, special, face:0..face:6)"
            )
        if index == SIDE and not allow_side:
            raise CatalogError(f"{label}: field {field!r}: a fused table has no 'side'")
        if index == FACE6 and not allow_six:
            raise CatalogError(f"{label}: field {field!r}: 'face:6' exists only on core dice")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise CatalogError(f"{label}: field {field!r}: weight of {name!r} must be a number")
        if weight < 0 or weight != weight or weight == float("inf"):
            raise CatalogError(f"{label}: field {field!r}: weight of {name!r} is negative or not finite")
        weights[index] = float(weight)
    if sum(weights) <= 0:
        raise CatalogError(f"{label}: field {field!r}: weights must not all be zero")
    return tuple(weights)


def parse_die(entry: Mapping[str, Any], where: str) -> Die:
    die_id, label = _entry_label(entry, "die", where)
    _unknown_fields(entry, _DIE_FIELDS, label)
    name = _required_str(entry, "name", label)
    kind = _required_str(entry, "kind", label)
    if kind not in KINDS:
        raise CatalogError(f"{label}: field 'kind': {kind!r} is not one of {', '.join(KINDS)}")
    if "outcomes" not in entry:
        raise CatalogError(f"{label}: missing field 'outcomes'")
    weights = _weights(entry["outcomes"], label, "outcomes", allow_side=True, allow_six=kind == "core")
    fused = None
    if kind == "super_eye":
        if "fused" not in entry:
            raise CatalogError(f"{label}: missing field 'fused' (a super_eye die needs its fused table)")
        fused = _weights(entry["fused"], label, "fused", allow_side=False, allow_six=False)
    elif "fused" in entry:
        raise CatalogError(f"{label}: field 'fused': only super_eye dice have a fused table")
    family = entry.get("family")
    if family is not None and (not isinstance(family, str) or not family.strip()):
        raise CatalogError(f"{label}: field 'family' must be a non-empty string")
    if kind == "evolution" and family is None:
        raise CatalogError(f"{label}: missing field 'family' (an evolution die belongs to a family)")
    bonus = entry.get("bonus", 0)
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= 9:
        raise CatalogError(f"{label}: field 'bonus' must be an integer 0..9")
    ability = entry.get("ability")
    if ability is not None and ability not in ABILITIES:
        raise CatalogError(f"{label}: field 'ability': {ability!r} is not one of {', '.join(ABILITIES)}")
    if kind not in ITEM_KINDS and (bonus or ability):
        raise CatalogError(f"{label}: field 'bonus'/'ability': only weapon and curse dice have them")
    partners = entry.get("partners", [])
    if not isinstance(partners, list) or not all(isinstance(p, str) for p in partners):
        raise CatalogError(f"{label}: field 'partners' must be a list of die ids")
    if partners and kind not in ("super_eye", "core"):
        raise CatalogError(f"{label}: field 'partners': only super_eye and core dice fuse")
    estimate = entry.get("estimate", True)
    if not isinstance(estimate, bool):
        raise CatalogError(f"{label}: field 'estimate' must be true or false")
    fused_name = entry.get("fused_name")
    if fused_name is not None and not isinstance(fused_name, str):
        raise CatalogError(f"{label}: field 'fused_name' must be a string")
    return Die(
        id=die_id, name=name, kind=kind, weights=weights, fused=fused,
        family=family.strip() if family else None, bonus=bonus, ability=ability,
        partners=tuple(partners), fused_name=fused_name, estimate=estimate,
        note=str(entry.get("note", "")), name_en=_optional_str(entry, "name_en", label),
        fused_name_en=_optional_str(entry, "fused_name_en", label),
    )


def _parse_card(entry: Mapping[str, Any], where: str, dice: Mapping[str, Die]) -> Card:
    card_id, label = _entry_label(entry, "card", where)
    _unknown_fields(entry, _CARD_FIELDS, label)
    name = _required_str(entry, "name", label)
    character = _required_str(entry, "character", label)
    if character not in dice or not dice[character].is_fighter:
        raise CatalogError(f"{label}: field 'character': {character!r} is not a character die")
    effect = _required_str(entry, "effect", label)
    if not EFFECT_RE.match(effect):
        raise CatalogError(
            f"{label}: field 'effect': {effect!r} is not bonus:+N, reroll_own or reroll_opponent"
        )
    return Card(card_id, name, character, effect, str(entry.get("note", "")),
                _optional_str(entry, "name_en", label))


def _parse_deck(entry: Mapping[str, Any], where: str) -> Deck:
    deck_id, label = _entry_label(entry, "deck", where)
    _unknown_fields(entry, _DECK_FIELDS, label)
    name = _required_str(entry, "name", label)
    lists = {}
    for field in ("dice", "evolution", "cards"):
        value = entry.get(field, [] if field != "dice" else None)
        if value is None:
            raise CatalogError(f"{label}: missing field 'dice'")
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise CatalogError(f"{label}: field {field!r} must be a list of ids")
        lists[field] = tuple(value)
    return Deck(deck_id, name, lists["dice"], lists["evolution"], lists["cards"],
                str(entry.get("note", "")), _optional_str(entry, "name_en", label))
