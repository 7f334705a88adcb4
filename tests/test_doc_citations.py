"""Every section citation and every relative link of the docs resolves (docs/README.md).

**Citations.** Code, tests, benches, scripts and docs cite a section of a page as
``docs/<page>.md, "Section"`` — also without the comma, with the page in backticks, or with the
section in parentheses (``docs/<page>.md ("Section")``) — and may chain more sections of the same
page with ``and``: ``docs/<page>.md, "One" and "Two"``. A citation may run over a line break; the
line's indentation and comment marker (``#``, ``//``, ``*``) are then read as one space. A cited
section resolves when the page exists and one of its headings (``#`` to ``######``, outside fenced
code) **names** it: the section equals the heading's text, or the heading's part before its first
``" / "`` (the English name of a bilingual heading), or that part without a trailing parenthesis
(``Set-up`` names ``### Set-up (the opening roll and placing the dice)``). Backticks and asterisks
of a heading, and backticks of a cited section, are not part of their text.

**Links.** Every inline link and image of ``docs/**/*.md`` and ``README.md`` whose target is not an
absolute URL (``scheme:``) must name an existing file or folder, relative to the page, and its
``#anchor``, if any, must be the anchor GitHub gives one of the target page's headings: the
heading's text in lower case, every character that is not a letter, a mark, a digit, a space, a
hyphen or an underscore removed, each space turned into a hyphen; a heading whose anchor repeats an
earlier one gets ``-1``, ``-2`` … appended. Links inside code (fenced or inline) are not links.

**Bilingual headings** (the policy of docs/README.md, "Two languages"): outside ``docs/rules/``,
every heading with a Latin letter outside backticks reads ``English / 日本語``: it has a ``" / "``,
and the text after the first one holds a Japanese character (kana or kanji).

**Paths.** A repository path a page names in backticks (``asobiba/…``, ``tests/…``, ``bench/…``,
``scripts/…``, ``docs/…``, without ``<placeholders>``) exists — except in the dated logs, which
name files as they were when measured.

**Indexes.** ``docs/README.md`` links every page of ``docs/`` (the logs through
``docs/measurements/README.md``), which links every log; a log is named ``YYYY-MM-DD-subject.md``.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITING = ("asobiba", "tests", "bench", "scripts", "docs")
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".md", ".toml", ".css", ".html", ".sh", ".txt", ".json", ".cfg"}

_GAP = r"(?:\s|#|//|\*)"  # white space, or a line break with the next line's comment marker
_CITATION = re.compile(
    rf"docs/(?P<page>[\w/.-]+?\.md)`*(?:,{_GAP}*|\s{_GAP}*)\(?\"(?P<first>[^\"]+)\""
    rf"(?P<more>(?:{_GAP}+and{_GAP}+\"[^\"]+\")*)"
)
_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*(?:#|//|\*)?[ \t]*")
_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_INLINE_CODE = re.compile(r"`+[^`]*`+")


def _citing_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for top in CITING:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                files.append(path)
    files.remove(Path(__file__).resolve())  # its examples are not citations
    return files


def _prose_lines(path: Path) -> list[str]:
    """The page's lines outside fenced code (fenced lines become empty)."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    return lines


def _heading_text(raw: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    return text.replace("`", "").replace("*", "").strip()


@cache
def headings(page: Path) -> tuple[str, ...]:
    return tuple(_heading_text(m.group(2)) for line in _prose_lines(page) if (m := _HEADING.match(line)))


def names(heading: str) -> set[str]:
    """The section names a heading answers to (see the module docstring)."""
    english = heading.split(" / ")[0].strip()
    return {heading, english, re.sub(r"\s*\([^()]*\)$", "", english)}


def github_anchor(heading: str) -> str:
    kept = "".join(c for c in heading.lower() if c in " -_" or unicodedata.category(c)[0] in "LMN")
    return kept.replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in headings(page):
        anchor = github_anchor(heading)
        if anchor in seen:
            seen[anchor] += 1
            anchor = f"{anchor}-{seen[anchor]}"
        else:
            seen[anchor] = 0
        out.add(anchor)
    return frozenset(out)


def citations(path: Path) -> list[tuple[int, str, str]]:
    """``(line, page, section)`` for every section cited in the file."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in _CITATION.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        sections = [m.group("first"), *re.findall(r"\"([^\"]+)\"", m.group("more"))]
        found += [(line, m.group("page"), _LINE_BREAK.sub(" ", s).replace("`", "").strip()) for s in sections]
    return found


def links(path: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(_prose_lines(path), 1):
        for m in _LINK.finditer(_INLINE_CODE.sub("", line)):
            target = m.group(1)
            if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                found.append((number, target))
    return found


def test_the_scan_finds_the_citations_it_checks() -> None:
    # The matcher itself, on the shapes the module docstring names.
    text = 'a (docs/x.md, "One" and\n    # "Two"), b ``docs/y.md`` ("Three"), c docs/z.md "Four and\n// five"'
    got = [(m.group("page"), m.group("first"), m.group("more")) for m in _CITATION.finditer(text)]
    assert [g[:2] for g in got] == [("x.md", "One"), ("y.md", "Three"), ("z.md", "Four and\n// five")]
    assert names("Set-up (the opening roll) / 準備") >= {"Set-up", "Set-up (the opening roll)"}
    assert github_anchor("Seats, tokens / 席・鍵") == "seats-tokens--席鍵"
    assert github_anchor("A game's own page module") == "a-games-own-page-module"
    assert sum(len(citations(f)) for f in _citing_files()) > 200


def test_every_cited_section_is_a_heading_of_its_page() -> None:
    broken = []
    for path in _citing_files():
        for line, page, section in citations(path):
            target = ROOT / "docs" / page
            where = f"{path.relative_to(ROOT)}:{line}: docs/{page}, {section!r}"
            if not target.is_file():
                broken.append(f"{where}: no such page")
            elif not any(section in names(h) for h in headings(target)):
                broken.append(f"{where}: no heading names it")
    assert broken == []


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("page", _pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for line, target in links(page):
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(ROOT)}:{line}: {target}"
        if not resolved.exists():
            broken.append(f"{where}: no such file")
        elif anchor and (resolved.suffix != ".md" or anchor not in anchors(resolved)):
            broken.append(f"{where}: no such heading")
    assert broken == []


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def bilingual(heading: str) -> bool:
    if not re.search(r"[A-Za-z]", re.sub(r"`[^`]*`", "", heading)):
        return True
    english, slash, japanese = heading.partition(" / ")
    return bool(slash and english.strip() and _JAPANESE.search(japanese))


def test_the_bilingual_rule_reads_headings_as_the_policy_says() -> None:
    assert bilingual("Errors / エラー") and bilingual("5×4") and bilingual("HTTP API / HTTP の API")
    assert not bilingual("Method") and not bilingual("Method / Methode")
    assert not bilingual("日本語 / English")  # Japanese first is the rules pages' order only


def test_every_heading_outside_the_rules_pages_is_bilingual() -> None:
    rules = ROOT / "docs" / "rules"
    single = [f"{page.relative_to(ROOT)}: {heading}" for page in sorted((ROOT / "docs").rglob("*.md"))
              if rules not in page.parents for heading in headings(page) if not bilingual(heading)]
    assert single == []


def _linked(page: Path) -> set[Path]:
    return {(page.parent / target.partition("#")[0]).resolve() for _, target in links(page)}


def test_the_docs_index_lists_every_page_and_the_measurements_index_every_log() -> None:
    docs = ROOT / "docs"
    logs = docs / "measurements"
    pages = {p for p in docs.rglob("*.md") if p.parent != logs and p != docs / "README.md"}
    assert pages - _linked(docs / "README.md") == set()
    assert (logs / "README.md") in _linked(docs / "README.md")
    assert set(logs.glob("2*.md")) - _linked(logs / "README.md") == set()
    named = [p.name for p in logs.glob("*.md") if p.name != "README.md"]
    assert named and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md", name) for name in named)


_NAMED_PATH = re.compile(r"`((?:asobiba|tests|bench|scripts|docs)/[\w./-]*)`")


def test_every_path_a_page_names_exists() -> None:
    logs = ROOT / "docs" / "measurements"
    missing = [f"{page.relative_to(ROOT)}:{number}: {m.group(1)}"
               for page in _pages() if logs not in page.parents
               for number, line in enumerate(_prose_lines(page), 1)
               for m in _NAMED_PATH.finditer(line) if not (ROOT / m.group(1)).exists()]
    assert missing == []
