"""The README's Python example runs as written (a doctest of its ``python`` code block)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## From Python"


def python_example() -> tuple[str, int]:
    """The ``python`` block of the README's Python section, and the line it starts on."""
    text = README.read_text(encoding="utf-8")
    section = text.index(SECTION)
    found = re.compile(r"```python\n(.*?)```", re.S).search(text, section)
    assert found is not None, "the README's Python section has no python block"
    return found.group(1), text.count("\n", 0, found.start(1)) + 1


def test_readme_python_example_runs() -> None:
    source, line = python_example()
    test = doctest.DocTestParser().get_doctest(source, {}, "README.md", str(README), line)
    assert test.examples, "the README's example has no >>> lines"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
