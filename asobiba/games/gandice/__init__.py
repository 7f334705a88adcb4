"""眼魔伝ガンダイス (Gandice), Reiwa rules: dice as data, the battle sequence, exact odds, fitting.

Rules: ``seeds/002_455fe3c026b6b11b.txt`` read with RULINGS.md §3; every ruling is written out in
``docs/rules/gandice.md``. The terminal log can show :func:`callout` (the players' call-outs).
"""

from .callout import callout

__all__ = ["callout"]
