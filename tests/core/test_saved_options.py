"""Options read back from saved data: a key the data lacks means what it meant when it was written."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest
from core.toy_nim import NimOptions

from asobiba.core import Options, Record, make_game, option


@dataclasses.dataclass(frozen=True)
class ChangedDefault(Options):
    """An option whose default changed after data was saved, and one that never changed."""

    legacy_defaults: ClassVar[dict[str, str]] = {"style": "old"}

    style: str = option("new", choices=("old", "new"))
    size: int = option(3, lo=1, hi=9)


def test_a_missing_key_takes_its_legacy_value_only_when_read_as_saved_data() -> None:
    assert ChangedDefault.from_saved({}).style == "old"
    assert ChangedDefault.from_saved(None).style == "old"
    assert ChangedDefault.from_dict({}).style == "new"
    assert ChangedDefault().style == "new"


def test_saved_keys_win_over_legacy_values_and_other_keys_keep_their_defaults() -> None:
    saved = ChangedDefault.from_saved({"style": "new", "size": 5})
    assert (saved.style, saved.size) == ("new", 5)
    assert ChangedDefault.from_saved({"size": 5}).style == "old"
    assert ChangedDefault.from_saved({"style": "old"}).size == 3


def test_without_legacy_values_saved_data_reads_like_json() -> None:
    assert NimOptions.legacy_defaults == {}
    assert NimOptions.from_saved({}) == NimOptions.from_dict({})


def test_a_record_lacking_an_option_replays_under_its_legacy_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record written before ``max_take`` changed: taking 3 stones was legal then."""
    monkeypatch.setattr(NimOptions, "legacy_defaults", {"max_take": 3})
    old = {
        "format": "asobiba-record/1", "game": "toynim", "start": {"pile": 5, "to_move": "first"},
        "moves": [{"player": "first", "action": 3, "notation": "take 3"}], "meta": {},
    }
    record = Record.from_json(old)
    assert record.game.options.max_take == 3
    assert record.final_state().pile == 2
    assert make_game("toynim").options.max_take == 2  # a new game keeps today's default
    again = Record.from_json(record.to_json())  # written with every option: no legacy value needed
    assert again.game.options.max_take == 3
