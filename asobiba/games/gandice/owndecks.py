"""Decks given whole in the options (docs/rules/gandice.md, "Options").

An entry of option ``decks`` may be a JSON object ``{"name", "dice", "evolution", "cards"}`` instead
of a deck id — the web table's deck builder sends decks this way. Each such deck becomes a
``[[deck]]`` entry of option ``additions`` (catalog TOML text added to the catalog) under an id
made from its content (``deck-`` and ten hex digits of its SHA-256), and the seat names that id.
So the options that are stored and recorded hold deck ids only, and a record replays by itself.
The deck rules are checked when the catalog is loaded with the additions (:mod:`.decks`).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from asobiba.core.errors import OptionError
from asobiba.core.reading import parse_toml

from .catalog import ID_RE

MAX_ADDITIONS = 65_536
"""The most characters option ``additions`` may hold (a player's catalog is far smaller)."""
MAX_NAME = 60
_FIELDS = {"id", "name", "dice", "evolution", "cards", "note"}
_LIMITS = {"dice": 16, "evolution": 64, "cards": 16}


def fold_decks(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` (JSON-style options) with every deck given as an object written into
    ``additions`` and replaced by its id; unchanged when no deck is an object."""
    decks = data.get("decks")
    if not isinstance(decks, (list, tuple)) or not any(isinstance(d, Mapping) for d in decks):
        return data
    additions = data.get("additions") or ""
    if not isinstance(additions, str):
        raise OptionError("option additions: must be catalog TOML text")
    present = _deck_ids(additions)
    ids, entries = [], []
    for seat, deck in enumerate(decks, start=1):
        if not isinstance(deck, Mapping):
            ids.append(deck)
            continue
        fields = deck_fields(deck, f"option decks: seat {seat}")
        deck_id = "deck-" + hashlib.sha256(
            json.dumps(fields, sort_keys=True, ensure_ascii=False).encode()
        ).hexdigest()[:10]
        ids.append(deck_id)
        if deck_id not in present:
            present.add(deck_id)
            entries.append(_toml_deck(deck_id, fields))
    text = "\n".join(part for part in (additions.strip(), *entries) if part)
    return {**data, "decks": ids, "additions": text}


def _deck_ids(additions: str) -> set[str]:
    """The deck ids the additions already hold (their text is checked in full later)."""
    try:
        entries = parse_toml(additions, OptionError).get("deck", [])
    except OptionError:
        return set()
    if not isinstance(entries, list):
        return set()
    return {e["id"] for e in entries if isinstance(e, Mapping) and isinstance(e.get("id"), str)}


def deck_fields(deck: Mapping[str, Any], where: str) -> dict[str, Any]:
    unknown = sorted(str(k) for k in deck if k not in _FIELDS)
    if unknown:
        raise OptionError(f"{where}: unknown field {unknown[0][:40]!r} (a deck has name, dice, "
                          "evolution, cards)")
    name = deck.get("name", "マイデッキ")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not _clean(name):
        raise OptionError(f"{where}: 'name' must be text of 1 to {MAX_NAME} characters, no control "
                          "characters")
    out: dict[str, Any] = {"name": name.strip()}
    for field, limit in _LIMITS.items():
        value = deck.get(field, [])
        if (not isinstance(value, list) or len(value) > limit
                or not all(isinstance(v, str) and ID_RE.match(v) and len(v) <= 64 for v in value)):
            raise OptionError(f"{where}: {field!r} must be a list of at most {limit} catalog ids")
        out[field] = value
    return out


def _clean(text: str, allowed: str = "") -> bool:
    """No control characters (but ``allowed``) and no lone surrogates."""
    return all(
        c in allowed or unicodedata.category(c) not in ("Cc", "Cs") for c in text
    )


def _toml_deck(deck_id: str, fields: Mapping[str, Any]) -> str:
    """One ``[[deck]]`` entry (a name holds no control character, so JSON's escapes are TOML's)."""
    def strings(values: list[str]) -> str:
        return "[" + ", ".join(f'"{v}"' for v in values) + "]"

    return "\n".join([
        "[[deck]]",
        f'id = "{deck_id}"',
        f"name = {json.dumps(fields['name'], ensure_ascii=False)}",
        f"dice = {strings(fields['dice'])}",
        f"evolution = {strings(fields['evolution'])}",
        f"cards = {strings(fields['cards'])}",
        "",
    ])


def check_additions(text: str | None) -> None:
    """Bound the additions' size and refuse text that is not valid Unicode."""
    if text is None:
        return
    if len(text) > MAX_ADDITIONS:
        raise OptionError(f"option additions: {len(text)} characters, at most {MAX_ADDITIONS}")
    if not _clean(text, "\t\n\r"):
        raise OptionError("option additions: control characters or invalid Unicode in the text")
