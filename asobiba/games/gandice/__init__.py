"""眼魔伝ガンダイス (Gandice), Reiwa rules: dice as data, the battle sequence, exact odds, fitting.

Rules: ``docs/rules/gandice.md`` (the Reiwa rules as asobiba reads them, with its choices where
they leave a point open). The terminal log can show :func:`callout` (the players' call-outs).
"""

from .callout import callout

__all__ = ["callout"]
