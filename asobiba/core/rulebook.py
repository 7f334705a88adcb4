"""A game's rules as data (docs/play.md, "How to play"): one :class:`Rule` per rule of the game's
rules page, in its order, each naming the lessons (and glossary words) that teach it. The web
serves them at ``GET /api/learn/{game}/rules``, the page restates a finished lesson's rules from
them, and each rules page lists them (its "The rules, one by one" section is written from them by
:func:`markdown`, and a test holds the page to it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .names import Names


@dataclass(frozen=True)
class Rule:
    """One rule in our own words, in both languages (``id``: plain, unique in its game), with the
    ids of the lessons that teach it and of the glossary words that name it."""

    id: str
    text: Names
    lessons: tuple[str, ...]
    terms: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "ja": self.text.ja, "en": self.text.en,
                "lessons": list(self.lessons), "terms": list(self.terms)}


BEGIN = "<!-- the rules, one by one: written from the game's rules map; do not edit by hand -->"
END = "<!-- end of the rules, one by one -->"


def markdown(rules: Sequence[Rule]) -> str:
    """The rules page's list of the rules, from ``BEGIN`` to ``END`` (both included)."""
    lines = [BEGIN, ""]
    for number, rule in enumerate(rules, 1):
        lessons = ", ".join(f"`{lesson}`" for lesson in rule.lessons)
        lines += [f"{number}. **`{rule.id}`** — {rule.text.ja}", f"   {rule.text.en}",
                  f"   (lessons / レッスン: {lessons})", ""]
    return "\n".join([*lines, END])


def section(page: str) -> str | None:
    """The list as a rules page has it (``BEGIN`` to ``END``), or None when it has none."""
    start, end = page.find(BEGIN), page.find(END)
    return None if start < 0 or end < start else page[start:end + len(END)]
