"""Typed, validated rule options.

A game's options are a frozen dataclass derived from :class:`Options`. Each field is declared with
:func:`option`, which records its allowed values, a short help text in Japanese and English, and
the words a page shows for it: its ``label`` and the labels of its values (``values``), both
languages each, so that a page names every option of every game without knowing any.
Options are part of a game's identity: records, positions and AI caches carry them (docs/formats.md,
"Rule options"). Values arrive from three places and are validated the same way:

* Python keyword arguments (``DiamondOptions(king=False)``),
* JSON objects (``Options.from_dict``), where lists stand for tuples,
* command-line strings ``KEY=VALUE`` (``Options.from_pairs``), where tuples are comma-separated.

Unknown names and bad values raise :class:`~asobiba.core.errors.OptionError` with a one-line message.

Saved data (records, stored games) is read with :meth:`Options.from_saved`: an option it lacks means
what it meant when the data was written, which a game names in ``legacy_defaults`` when an option was
added or its default changed later.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Self

from .errors import OptionError, one_line
from .names import Names

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def option(
    default: Any,
    *,
    choices: Iterable[Any] | None = None,
    lo: int | None = None,
    hi: int | None = None,
    en: str = "",
    ja: str = "",
    aliases: Mapping[str, Any] | None = None,
    local: bool = False,
    label: Names | None = None,
    values: Mapping[Any, Names] | None = None,
) -> Any:
    """Declare one option field: its default, allowed values and bilingual help.

    ``label`` names the option for people (a page's field label, e.g. 人数 / Players); ``values``
    names its values (e.g. ``{"manual": Names("自分で宣言", "Declare yourself")}``); a value not
    named there is shown as it is (a page may name colours by the game's seat names).

    ``aliases`` maps other accepted spellings (lower-case text; a JSON ``true``/``false`` is looked
    up as ``"true"``/``"false"``) to the value they stand for, e.g. the old values of an option
    that grew from a yes/no switch into a choice. ``local`` marks an option that names something
    on this computer (a file path): only the command line may set it; the web table refuses it.
    """
    meta = {
        "choices": tuple(choices) if choices is not None else None,
        "lo": lo,
        "hi": hi,
        "en": en,
        "ja": ja,
        "aliases": dict(aliases or {}),
        "local": local,
        "label": label,
        "values": dict(values or {}),
    }
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """What one option accepts, for help texts, validation and the web options panel."""

    name: str
    kind: str  # "bool", "int", "str", "tuple[int]", "tuple[str]"
    default: Any
    choices: tuple[Any, ...] | None
    lo: int | None
    hi: int | None
    en: str
    ja: str
    optional: bool
    aliases: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    local: bool = False
    """The option names something on this computer (a file): the web never takes it."""
    label: Names | None = None
    """The option's name for people, in both languages (None: its name is shown)."""
    value_labels: Mapping[Any, Names] = dataclasses.field(default_factory=dict)
    """Words for its values, by value."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "min": self.lo,
            "max": self.hi,
            "en": self.en,
            "ja": self.ja,
            "label": None if self.label is None else self.label.to_json(),
            "value_labels": [{"value": value, "label": names.to_json()}
                             for value, names in self.value_labels.items()],
        }


def _kind_of(tp: Any) -> tuple[str, bool]:
    """Map a field annotation to (kind, optional)."""
    optional = False
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        optional = len(args) < len(typing.get_args(tp))
        tp = args[0]
        origin = typing.get_origin(tp)
    if tp is bool:
        return "bool", optional
    if tp is int:
        return "int", optional
    if tp is str:
        return "str", optional
    if origin is tuple:
        inner = typing.get_args(tp)[0]
        return ("tuple[int]" if inner is int else "tuple[str]"), optional
    raise TypeError(f"unsupported option type {tp!r}")


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's rule options (a frozen, validated dataclass)."""

    game_id: ClassVar[str] = ""
    legacy_defaults: ClassVar[Mapping[str, Any]] = {}
    """Option → the value that saved data lacking it meant (the behaviour before the option was added
    or before its default changed). Only :meth:`from_saved` reads it; new games get the defaults."""
    _specs_cache: ClassVar[dict[str, OptionSpec]]
    """Each options class's specs, set on that class on first use (:meth:`specs`)."""

    def __post_init__(self) -> None:
        specs = self.specs()
        for name, spec in specs.items():
            value = getattr(self, name)
            object.__setattr__(self, name, _check(spec, value, from_text=False))
        self.normalize()

    # -- hooks for subclasses -------------------------------------------------------------------
    def normalize(self) -> None:
        """Resolve defaults that depend on other options and check cross-option rules.

        Subclasses set derived values with ``object.__setattr__`` and raise OptionError on conflicts.
        """

    # -- schema -----------------------------------------------------------------------------------
    @classmethod
    def specs(cls) -> dict[str, OptionSpec]:
        cached: dict[str, OptionSpec] | None = cls.__dict__.get("_specs_cache")
        if cached is not None:
            return cached
        hints = typing.get_type_hints(cls)
        out: dict[str, OptionSpec] = {}
        for f in dataclasses.fields(cls):
            kind, optional = _kind_of(hints[f.name])
            m = f.metadata
            out[f.name] = OptionSpec(
                name=f.name,
                kind=kind,
                default=f.default,
                choices=m.get("choices"),
                lo=m.get("lo"),
                hi=m.get("hi"),
                en=m.get("en", ""),
                ja=m.get("ja", ""),
                optional=optional,
                aliases=m.get("aliases", {}),
                local=m.get("local", False),
                label=m.get("label"),
                value_labels=m.get("values", {}),
            )
        cls._specs_cache = out
        return out

    # -- construction -----------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Self:
        """Build from a JSON-style mapping; unknown keys and bad values raise OptionError."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise OptionError(f"options must be a JSON object, not {type(data).__name__}")
        specs = cls.specs()
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in specs:
                raise OptionError(_unknown(cls, key))
            kwargs[key] = _check(specs[key], value, from_text=isinstance(value, str))
        return cls(**kwargs)

    @classmethod
    def from_saved(cls, data: Mapping[str, Any] | None) -> Self:
        """Build from the options of saved data (a record, a stored game).

        A key the data lacks takes its value from :attr:`legacy_defaults` when named there (what
        the data meant when it was written), else the current default.
        """
        if data is None or isinstance(data, Mapping):
            data = {**cls.legacy_defaults, **(data or {})}
        return cls.from_dict(data)

    @classmethod
    def from_pairs(cls, pairs: Iterable[str], base: Mapping[str, Any] | None = None) -> Self:
        """Build from ``KEY=VALUE`` strings (CLI ``--option``), over an optional base mapping."""
        data = dict(base or {})
        for pair in pairs:
            if "=" not in pair:
                raise OptionError(f"option {pair!r} must look like KEY=VALUE")
            key, _, value = pair.partition("=")
            data[key.strip()] = value.strip()
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping of every option (tuples become lists)."""
        out: dict[str, Any] = {}
        for name in self.specs():
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def replace(self, **changes: Any) -> Self:
        data = self.to_dict()
        data.update(changes)
        return type(self).from_dict(data)


def _unknown(cls: type[Options], key: str) -> str:
    names = ", ".join(cls.specs())
    game = f" for {cls.game_id}" if cls.game_id else ""
    return f"unknown option {key!r}{game} (known: {names})"


def _check(spec: OptionSpec, value: Any, *, from_text: bool) -> Any:
    """Convert and validate one option value; raise OptionError naming the option."""
    name = spec.name
    value = _unalias(spec, value)
    blank = from_text and value.strip().lower() in ("none", "null", "auto", "")
    if value is None or (blank and spec.optional):
        if spec.optional:
            return None
        raise OptionError(f"option {name} needs a value")
    kind = spec.kind
    try:
        if kind == "bool":
            if isinstance(value, bool):
                converted: Any = value
            elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                converted = value.strip().lower() in _TRUE
            else:
                raise ValueError
        elif kind == "int":
            converted = _as_int(value)
        elif kind == "str":
            if not isinstance(value, str):
                raise ValueError
            converted = value.strip()
        else:
            if isinstance(value, str):
                items = [v.strip() for v in value.split(",") if v.strip()]
            elif isinstance(value, (list, tuple)):
                items = list(value)
            else:
                raise ValueError
            if kind == "tuple[int]":
                converted = tuple(_as_int(v) for v in items)
            else:
                if not all(isinstance(v, str) for v in items):
                    raise ValueError
                converted = tuple(v.strip() for v in items)
    except ValueError:
        raise OptionError(one_line(f"option {name}: {value!r} is not a valid {kind}")) from None
    values = converted if isinstance(converted, tuple) else (converted,)
    for v in values:
        if spec.choices is not None and v not in spec.choices:
            allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in spec.choices)
            raise OptionError(f"option {name}: {v!r} is not one of {allowed}")
        if spec.lo is not None and isinstance(v, int) and v < spec.lo:
            raise OptionError(f"option {name}: {v} is below the minimum {spec.lo}")
        if spec.hi is not None and isinstance(v, int) and v > spec.hi:
            raise OptionError(f"option {name}: {v} is above the maximum {spec.hi}")
    return converted


def _unalias(spec: OptionSpec, value: Any) -> Any:
    """The value an alias of ``spec`` stands for, or ``value`` itself if it is no alias."""
    if isinstance(value, bool):
        key = "true" if value else "false"
    elif isinstance(value, str):
        key = value.strip().lower()
    else:
        return value
    return spec.aliases.get(key, value)


def _as_int(value: Any) -> int:
    """A whole number given as an int or as its digits; anything else (a bool, a float such as 1.9,
    null, an object) is refused rather than rounded (ValueError)."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return int(value.strip())
    raise ValueError
