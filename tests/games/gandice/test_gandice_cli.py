"""``asobiba gandice`` commands: catalog, odds, fit; errors are one line with exit status 2."""

from __future__ import annotations

import json
import tomllib

from typer.testing import CliRunner

from asobiba.games.gandice.catalog import parse_die
from asobiba.games.gandice.cli import app
from asobiba.games.gandice.fit import beta_cdf, beta_quantile, fit_counts

runner = CliRunner()


def test_catalog_json():
    result = runner.invoke(app, ["catalog", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    dice = {d["id"]: d for d in data["dice"]}
    assert set(dice["gidan"]) >= {"id", "name", "kind", "outcomes", "bonus", "ability", "family"}
    for die in data["dice"]:
        assert abs(sum(die["outcomes"].values()) - 1) < 1e-12
    assert dice["bugu-ra"]["bonus"] == 2 and dice["jujutsu-shodoji"]["ability"] == "betrayal"
    assert "fused" in dice["buo"]
    assert {d["id"] for d in data["decks"]} >= {"yami", "isurugi"}


def test_odds_json_sums_to_one():
    result = runner.invoke(app, ["odds", "--attacker", "gidan", "--defender", "guren-isurugi",
                                 "--defender-state", "summoned"])
    assert result.exit_code == 0
    odds = json.loads(result.stdout)
    assert set(odds) == {"attacker_wins", "defender_holds", "tie", "counter"}
    assert abs(sum(odds.values()) - 1) < 1e-12
    assert abs(odds["counter"] - 0.048) < 1e-12


def test_errors_are_one_line_and_exit_2(tmp_path):
    for args in (["odds", "--attacker", "nobody", "--defender", "gidan"],
                 ["odds", "--attacker", "bugu-ra", "--defender", "gidan"],
                 ["odds", "--attacker", "gidan", "--defender", "soga", "--defender-state", "sleepy"],
                 ["catalog", "--catalog", str(tmp_path / "none.toml")],
                 ["fit", "--tallies", str(tmp_path / "none.toml")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


def test_fit_writes_a_valid_catalog_entry(tmp_path):
    tallies = tmp_path / "t.json"
    counts = {"stand": 2, "side": 10, "special": 20, "face:0": 0, "face:3": 18}
    tallies.write_text(json.dumps({"kind": "character", "counts": counts}), encoding="utf-8")
    out = tmp_path / "entry.toml"
    result = runner.invoke(app, ["fit", "--tallies", str(tallies), "--id", "mine", "--name", "私の",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    entry = tomllib.loads(text)["die"][0]
    die = parse_die(entry, "entry.toml")
    assert die.id == "mine" and abs(sum(p for _, p in die.table) - 1) < 1e-6
    assert "95% intervals" in text
    missing = runner.invoke(app, ["fit", "--tallies", str(tallies)])
    assert missing.exit_code == 2 and "'id'" in missing.stderr


def test_fit_toml_tallies_with_fused_counts(tmp_path):
    tallies = tmp_path / "t.toml"
    tallies.write_text('id = "se"\nname = "超"\nkind = "super_eye"\npartners = []\n'
                       '[counts]\nspecial = 3\nside = 1\n[fused_counts]\nspecial = 2\nstand = 1\n',
                       encoding="utf-8")
    result = runner.invoke(app, ["fit", "--tallies", str(tallies)])
    assert result.exit_code == 0, result.stderr
    assert parse_die(tomllib.loads(result.stdout)["die"][0], "x").fused is not None


def test_beta_quantiles():
    assert abs(beta_quantile(0.3, 1, 1) - 0.3) < 1e-9  # uniform
    assert abs(beta_quantile(0.5, 3, 1) - 0.5 ** (1 / 3)) < 1e-9  # cdf x^a
    assert abs(beta_cdf(0.2, 2, 5) + beta_cdf(0.8, 5, 2) - 1) < 1e-12  # symmetry
    fitted = fit_counts({"special": 30, "side": 10}, "t")
    mean, lo, hi = fitted["special"]
    assert lo < mean < hi and abs(mean - 30.5 / 41) < 1e-12


def test_fit_counts_match_a_monte_carlo_of_the_posterior():
    import numpy as np

    counts = {"special": 12, "side": 3, "face:2": 5}
    fitted = fit_counts(counts, "t")
    rng = np.random.default_rng(1)
    draws = rng.dirichlet([12.5, 3.5, 5.5], size=200_000)
    for k, name in enumerate(("special", "side", "face:2")):
        lo, hi = np.quantile(draws[:, k], [0.025, 0.975])
        assert abs(fitted[name][1] - lo) < 0.005 and abs(fitted[name][2] - hi) < 0.005


def test_mounted_under_the_main_command():
    from asobiba.cli import app as main_app

    result = runner.invoke(main_app, ["gandice", "odds", "--attacker", "isurugi", "--defender",
                                      "gidan", "--defender-state", "unsummoned"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["attacker_wins"] == 0.86
    bad = runner.invoke(main_app, ["gandice", "catalog", "--catalog", "/nonexistent.toml"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: cannot read catalog")
