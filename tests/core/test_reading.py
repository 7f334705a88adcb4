"""Text from outside is bounded in nesting (asobiba.core.reading): JSON and TOML at most MAX_DEPTH
levels, however the levels are written, and never a RecursionError from the parser."""

from __future__ import annotations

import pytest

from asobiba.core.errors import AsobibaError
from asobiba.core.reading import MAX_DEPTH, parse_json, parse_json_prefix, parse_toml

DEEP = "malformed TOML (nested more than 100 levels)"


def arrays(n: int) -> str:
    return "[" * n + "]" * n


def inline_tables(n: int) -> str:
    return "{a = " * n + "1" + "}" * n


def refused(text: str) -> str:
    with pytest.raises(AsobibaError) as refusal:
        parse_toml(text, AsobibaError, "where: ")
    message = str(refusal.value)
    assert message.startswith("where: ") and "\n" not in message
    return message


def test_the_bound_is_a_hundred_levels() -> None:
    assert MAX_DEPTH == 100  # the figure docs/formats.md states


@pytest.mark.parametrize("nest", [arrays, inline_tables])
def test_toml_brackets_up_to_the_bound_read_and_past_it_are_refused(nest) -> None:
    assert parse_toml(f"a = {nest(MAX_DEPTH)}", AsobibaError)
    assert DEEP in refused(f"a = {nest(MAX_DEPTH + 1)}")
    assert DEEP in refused(f"a = {nest(3000)}")  # was a RecursionError


def test_toml_tables_made_by_dotted_keys_and_headers_are_bounded_too() -> None:
    def dotted(tables: int) -> str:  # the last key holds a value: one key more than tables
        return ".".join(["k"] * (tables + 1))

    assert parse_toml(f"{dotted(MAX_DEPTH)} = 1", AsobibaError)
    assert DEEP in refused(f"{dotted(MAX_DEPTH + 1)} = 1")
    assert DEEP in refused(f"[{dotted(MAX_DEPTH)}]\nx = 1")  # a header's last key is a table
    assert DEEP in refused(f"x = {{{dotted(3000)} = 1}}")
    assert DEEP in refused(f"[[{dotted(MAX_DEPTH)}]]")


@pytest.mark.parametrize("cover", [
    'a = "]]]]]]"\n', "a = ']]]]]]'\n", 'a = """]]]]]]"""\n', "a = '''\n]]]]]]'''\n",
    '# ]]]]]]\n', 'a = """]"]""]""""\n', "a = '''x]''''\n", 'a = "\\"]]]"\n',
])
def test_closing_brackets_in_strings_and_comments_hide_no_opening_ones(cover: str) -> None:
    """The brackets are counted as the parser reads them: a string or a comment full of closing
    brackets before deep arrays does not lower the count."""
    assert DEEP in refused(cover + f"b = [1, {arrays(3000)}]")


@pytest.mark.parametrize("text", [
    'a = "' + "[" * 500 + '"', "a = '" + "{" * 500 + "'", '# ' + "[" * 500,
    'a = """\n' + "[" * 500 + '\n"""', "a = '''" + "[" * 500 + "'''",
])
def test_opening_brackets_in_strings_and_comments_are_text(text: str) -> None:
    assert parse_toml(text, AsobibaError) is not None


def test_malformed_toml_is_one_line() -> None:
    assert "malformed TOML" in refused("a = [1,")
    assert "malformed TOML" in refused('a = "never closed\nb = ' + arrays(50))


@pytest.mark.parametrize("kind", ["[", '{"a":'])
def test_json_up_to_the_bound_reads_and_past_it_is_refused(kind: str) -> None:
    close = "]" if kind == "[" else "}"
    inner = "" if kind == "[" else "1"
    assert parse_json(kind * MAX_DEPTH + inner + close * MAX_DEPTH, AsobibaError) is not None
    for n in (MAX_DEPTH + 1, 300, 3000):
        with pytest.raises(AsobibaError, match=r"^at: malformed JSON \(nested more than 100 levels\)$"):
            parse_json(kind * n + inner + close * n, AsobibaError, "at: ")


def test_json_followed_by_more_text_is_read_to_its_end_and_bounded_too() -> None:
    assert parse_json_prefix('{"a": "}{[\\""} moves 1', AsobibaError) == ({"a": '}{["'}, " moves 1")
    assert parse_json_prefix(" [[1], {}]x", AsobibaError) == ([[1], {}], "x")
    for bad, message in (("[" * 3000, "nested more than 100 levels"), ("[1", "does not end"),
                         ("x", "must come first"), ("[1}", "malformed JSON")):
        with pytest.raises(AsobibaError, match=message):
            parse_json_prefix(bad, AsobibaError)


def test_the_engine_protocol_answers_deep_json_with_one_error_line() -> None:
    """``asobiba engine`` reads ``position json {…} moves …`` with the same bound (it was
    ``error internal: RecursionError``)."""
    import io

    from asobiba.engine.server import Engine, serve

    for deep in ("[" * 3000, '{"a": ' * 3000):
        out = io.StringIO()
        serve(Engine("diceout"), io.StringIO(f"position json {deep}\n"), out)
        assert out.getvalue() == "error position json: malformed JSON (nested more than 100 levels)\n"
