"""Texts in both languages of the product (Japanese and English)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Names:
    """One text in both languages of the product."""

    ja: str
    en: str

    def to_json(self) -> dict[str, str]:
        return {"ja": self.ja, "en": self.en}

    @staticmethod
    def listed(names: Sequence[Names]) -> Names:
        """Names as a list, as each language writes one (the page's ``listed`` does the same):

        >>> Names.listed([Names("黄", "Yellow"), Names("緑", "Green"), Names("赤", "Red")])
        Names(ja='黄・緑・赤', en='Yellow, Green and Red')
        >>> Names.listed([Names("黄", "Yellow")]).en
        'Yellow'
        """
        en = [n.en for n in names]
        return Names("・".join(n.ja for n in names),
                     en[0] if len(en) < 2 else f"{', '.join(en[:-1])} and {en[-1]}")
