"""Write each game's "The rules, one by one" section of its rules page from the game's rules map
(asobiba.core.rulebook; tests/conformance/test_rules_map.py holds the pages to it). Run from the
repository root: ``python3 scripts/rules_pages.py``."""

from __future__ import annotations

from pathlib import Path

from asobiba.core.registry import descriptors
from asobiba.core.rulebook import markdown, section

HEADING = "## The rules, one by one / ルール一覧"
INTRO = ("Every rule of the game, in our own words and in the order the rules are usually told, with "
         "the lessons of the page's How to play (`/learn/<game>`) that teach it. This list and the "
         "lessons come from one source, the game's rules map (`GET /api/learn/<game>/rules`).\n\n"
         "ゲームのルールを1つずつ、遊び方のページでそれを教えるレッスンと並べました。この一覧と"
         "レッスンは同じデータ（ルールの一覧）から作られています。")


def main() -> None:
    for game in descriptors():
        if not game.rules or not game.rules_page.startswith("docs/rules/"):
            continue
        path = Path(game.rules_page)
        page = path.read_text(encoding="utf-8")
        listed = markdown(game.rules)
        old = section(page)
        if old is not None:
            page = page.replace(old, listed)
        else:
            page = page.rstrip("\n") + f"\n\n{HEADING}\n\n{INTRO}\n\n{listed}\n"
        path.write_text(page, encoding="utf-8")
        print(f"{path}: {len(game.rules)} rules")


if __name__ == "__main__":
    main()
