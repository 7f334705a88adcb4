"""Texts in both languages of the product (Japanese and English)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Names:
    """One text in both languages of the product."""

    ja: str
    en: str

    def to_json(self) -> dict[str, str]:
        return {"ja": self.ja, "en": self.en}
