"""Rule options: one validator for keyword, JSON and KEY=VALUE forms; clear one-line errors."""

from __future__ import annotations

import dataclasses

import pytest

from asobiba.core import OptionError, Options, option
from asobiba.core.registry import make_game


@dataclasses.dataclass(frozen=True)
class Sample(Options):
    game_id = "sample"
    rows: int = option(5, lo=4, hi=9, en="rows", ja="行数")
    king: bool = option(True)
    colors: tuple[str, ...] = option(("red", "yellow"), choices=("red", "yellow", "green"))
    values: tuple[int, ...] = option((1, 2, 3), choices=(1, 2, 3))
    rule: str | None = option(None, choices=("a", "b"))

    def normalize(self) -> None:
        if self.rule is None:
            object.__setattr__(self, "rule", "a" if self.king else "b")
        if len(set(self.colors)) != len(self.colors):
            raise OptionError("colors must be different")


def test_defaults_and_derived_default() -> None:
    assert Sample().to_dict() == {
        "rows": 5, "king": True, "colors": ["red", "yellow"], "values": [1, 2, 3], "rule": "a"
    }
    assert Sample(king=False).rule == "b"
    assert Sample(king=False, rule="a").rule == "a"


def test_pairs_json_and_keywords_agree() -> None:
    from_pairs = Sample.from_pairs(["rows=6", "king=off", "colors=red,green", "values=3,1,2"])
    from_json = Sample.from_dict({"rows": 6, "king": False, "colors": ["red", "green"], "values": [3, 1, 2]})
    from_kw = Sample(rows=6, king=False, colors=("red", "green"), values=(3, 1, 2))
    assert from_pairs == from_json == from_kw
    assert Sample.from_dict(from_pairs.to_dict()) == from_pairs


def test_pairs_override_a_base_mapping() -> None:
    assert Sample.from_pairs(["rows=7"], base={"rows": 4, "king": False}).to_dict()["rows"] == 7


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["rows=3"], "option rows: 3 is below the minimum 4"),
        (["rows=10"], "option rows: 10 is above the maximum 9"),
        (["rows=five"], "option rows: 'five' is not a valid int"),
        (["kings=1"], "unknown option 'kings' for sample"),
        (["colors=red,blue"], "option colors: 'blue' is not one of red, yellow, green"),
        (["king=maybe"], "option king: 'maybe' is not a valid bool"),
        (["rows"], "option 'rows' must look like KEY=VALUE"),
        (["colors=red,red"], "colors must be different"),
        (["values=1,4"], "option values: 4 is not one of 1, 2, 3"),
    ],
)
def test_bad_options_give_one_line_errors(pairs: list[str], message: str) -> None:
    with pytest.raises(OptionError) as info:
        Sample.from_pairs(pairs)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_json_types_are_checked() -> None:
    with pytest.raises(OptionError, match="rows"):
        Sample.from_dict({"rows": True})
    with pytest.raises(OptionError, match="JSON object"):
        Sample.from_dict(["rows", 5])  # type: ignore[arg-type]


def test_specs_describe_every_option() -> None:
    specs = Sample.specs()
    assert specs["rows"].to_json()["min"] == 4
    assert specs["colors"].kind == "tuple[str]"
    assert specs["rule"].optional
    assert specs["rows"].ja == "行数"


@pytest.mark.parametrize("values", [[{}, 1, 2], [None, 1, 2], [float("inf"), 1, 2], [1.9, 2.5, 3.1],
                                    [True, 1, 2]])
def test_whole_number_lists_refuse_anything_but_whole_numbers(values) -> None:
    """A list of whole numbers takes ints or their digits; floats are refused, never rounded."""
    with pytest.raises(OptionError, match="is not a valid tuple"):
        make_game("diceout", {"setup": "fixed", "red": values})
    assert make_game("diceout", {"setup": "fixed", "red": ["3", 1, 2]}).options.red == (3, 1, 2)
