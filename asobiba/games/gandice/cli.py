"""``asobiba gandice …``: the dice catalog, exact odds of one exchange, and fitting weights.

* ``catalog --json [--catalog FILE]`` prints one JSON object ``{"dice": [...], "decks": [...]}``;
  each die is ``{"id", "name", "kind", "outcomes": {outcome: probability}, "bonus", "ability",
  "family", "estimate"}`` (plus ``"fused"`` for super-eye dice), probabilities summing to 1;
  each deck is ``{"id", "name", "dice", "evolution", "cards"}``. Without ``--json``: a table of
  percentages (headers in English and Japanese, columns aligned for wide characters), then the decks.
* ``odds --attacker ID --defender ID --defender-state summoned|half|unsummoned [--catalog FILE]``
  prints ``{"attacker_wins", "defender_holds", "tie", "counter"}`` (no items, special = 3).
* ``items [--decks A,B]`` prints, per pair of decks, ``{"decks", "attacks", "with_items",
  "without_items"}``: the first exchange's mean odds with items spent well and without
  (:func:`.study.opening_item_effect`).
* ``fit --tallies FILE [--id ID --name NAME --kind KIND] [--out FILE]`` writes a catalog entry.

Errors print one line on stderr and exit with status 2 (``asobiba.cli_support.user_errors``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ...cli_support import command_group, user_errors

app = command_group(
    "gandice", "Gandice: dice catalog, exact odds of an exchange, fitting weights from tallies."
)

CatalogOpt = Annotated[
    Path | None, typer.Option("--catalog", help="Your catalog TOML (default: the shipped one).")
]


def catalog_json(catalog_path: Path | None) -> dict[str, Any]:
    from .catalog import load_catalog

    cat = load_catalog(catalog_path)
    dice = []
    for die in cat.dice.values():
        entry = {
            "id": die.id, "name": die.name, "kind": die.kind, "outcomes": die.probabilities(),
            "bonus": die.bonus, "ability": die.ability, "family": die.family,
            "estimate": die.estimate,
        }
        if die.fused is not None:
            entry["fused"] = die.probabilities(fused=True)
        dice.append(entry)
    decks = [
        {"id": d.id, "name": d.name, "dice": list(d.dice), "evolution": list(d.evolution),
         "cards": list(d.cards)}
        for d in cat.decks.values()
    ]
    return {"dice": dice, "decks": decks}


KIND_JA = {"character": "キャラ", "weapon": "武具", "curse": "呪術", "evolution": "進化",
           "super_eye": "超眼", "core": "核"}
"""Kinds of dice in Japanese, as docs/rules/gandice.md names them ("Kinds of dice")."""

OUTCOME_HEADS = {"stand": "stand\n立ち", "inverted": "inv.\n逆立ち", "side": "side\n横倒し",
                 "special": "special\n特殊目"}
"""Column heads of the outcomes that are not numbers (``face:N`` is headed ``N``)."""


def _percent(p: float) -> str:
    """A probability as a short percentage: ``14``, ``3.5``; an outcome the die lacks is ``-``."""
    return "-" if p == 0 else f"{100 * p:.1f}".removesuffix(".0")


@app.command("catalog")
@user_errors
def catalog_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    catalog: CatalogOpt = None,
) -> None:
    """List every die with its outcome probabilities (in %), and the decks."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from .dice import OUTCOME_NAMES

    data = catalog_json(catalog)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), collapse_padding=True,
                  title="dice / ダイス: outcome probabilities in % / 出目の確率（%）")
    table.add_column("id", no_wrap=True)
    table.add_column("name\n名前", no_wrap=True)
    table.add_column("kind\n種類", no_wrap=True)
    for outcome in OUTCOME_NAMES:
        table.add_column(OUTCOME_HEADS.get(outcome, outcome.removeprefix("face:")), justify="right")
    for die in data["dice"]:
        odds = [_percent(die["outcomes"].get(o, 0.0)) for o in OUTCOME_NAMES]
        table.add_row(die["id"], die["name"], f"{die['kind']} {KIND_JA[die['kind']]}", *odds)
    console = Console(highlight=False)
    natural = console.measure(table, options=console.options.update_width(400)).maximum
    console.width = max(console.width, natural)  # never squeeze a row
    console.print(table)
    for deck in data["decks"]:
        console.print(f"deck {deck['id']}: {deck['name']}  {' '.join(deck['dice'])}")


@app.command()
@user_errors
def odds(
    attacker: Annotated[str, typer.Option("--attacker", help="Attacking die id.")],
    defender: Annotated[str, typer.Option("--defender", help="Defending die id.")],
    defender_state: Annotated[
        str, typer.Option("--defender-state", help="summoned, half or unsummoned.")
    ] = "summoned",
    catalog: CatalogOpt = None,
) -> None:
    """Exact probabilities of one exchange with no items."""
    from .catalog import CatalogError, load_catalog
    from .dice import SUMMON_STATE_NAMES
    from .odds import exchange_odds

    if defender_state not in SUMMON_STATE_NAMES:
        raise CatalogError(f"--defender-state {defender_state!r} is not summoned, half or unsummoned")
    cat = load_catalog(catalog)
    dice = [cat.die(attacker), cat.die(defender)]
    for die in dice:
        if not die.is_fighter:
            raise CatalogError(f"{die.id!r} is a {die.kind} die, not a character die")
    result = exchange_odds(dice[0], dice[1], SUMMON_STATE_NAMES.index(defender_state))
    typer.echo(json.dumps({k: float(v) for k, v in result.items()}))


@app.command()
@user_errors
def items(
    decks: Annotated[str, typer.Option("--decks", help="Attacker's deck,defender's deck (default: "
                                       "every ordered pair of the bundled decks).")] = "",
) -> None:
    """What items are worth in the first exchange, exactly: every unit summoned, the first seat's
    attacks played out with items and without (one JSON line per pair of decks)."""
    import itertools

    from asobiba.core.registry import make_game_from_pairs

    from .study import bundled_decks, opening_item_effect

    pairs = ([tuple(decks.split(","))] if decks
             else list(itertools.permutations(bundled_decks(), 2)))
    for pair in pairs:
        game = make_game_from_pairs("gandice", [f"decks={','.join(pair)}", "first=p1"])
        typer.echo(json.dumps(opening_item_effect(game)))


@app.command()
@user_errors
def fit(
    tallies: Annotated[Path, typer.Option("--tallies", help="Roll counts (TOML or JSON).")],
    die_id: Annotated[str | None, typer.Option("--id", help="Die id of the entry.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Die name.")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="Die kind.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the entry to FILE.")] = None,
) -> None:
    """Fit outcome weights (Dirichlet posterior, 95% intervals) and write a catalog entry."""
    from .fit import fit_entry, read_tallies

    text = fit_entry(read_tallies(tallies), tallies.name, id=die_id, name=name, kind=kind)
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
