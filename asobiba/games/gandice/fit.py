"""Fitting a die's outcome weights from a player's own roll tallies (docs/rules/gandice.md,
"Tallies format for `fit`").

Model: the roll outcomes of one die are categorical with unknown probabilities. With a symmetric
Dirichlet prior of concentration :data:`PRIOR` (Jeffreys' 1/2) over the outcomes the tally names,
the posterior is Dirichlet(counts + 1/2). The fitted weight of an outcome is its posterior mean;
its 95% interval comes from the marginal Beta(n_k + 1/2, N - n_k + (K - 1)/2) quantiles, computed
with our own regularized incomplete beta function (continued fraction) and bisection.

Tallies file (TOML or JSON): ``id``, ``name``, ``kind`` (each overridable on the command line),
``counts`` (outcome → number of rolls; list an outcome with 0 to keep it possible), ``fused_counts``
for a super_eye die, and optionally ``family``, ``bonus``, ``ability``, ``partners``,
``fused_name`` copied into the entry.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.reading import parse_json, parse_toml, read_text_file
from .catalog import CatalogError, parse_die
from .dice import OUTCOME_INDEX

PRIOR = 0.5
LEVEL = 0.95
_PASSTHROUGH = ("family", "bonus", "ability", "partners", "fused_name")


def _beta_cf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for num in (
            m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
            -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1)),
        ):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def beta_cdf(x: float, a: float, b: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_cf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_cf(b, a, 1.0 - x) / b


def beta_quantile(q: float, a: float, b: float) -> float:
    """Inverse of :func:`beta_cdf` by bisection (monotone, 100 halvings)."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if beta_cdf(mid, a, b) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def fit_counts(counts: Any, where: str) -> dict[str, tuple[float, float, float]]:
    """Outcome → (posterior mean, interval low, interval high) of a table of counts read from a
    file (checked here)."""
    if not isinstance(counts, Mapping) or not counts:
        raise CatalogError(f"{where}: needs a table of outcome counts")
    for name, n in counts.items():
        if name not in OUTCOME_INDEX:
            raise CatalogError(f"{where}: unknown outcome {name!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise CatalogError(f"{where}: count of {name!r} must be a whole number >= 0")
    k = len(counts)
    total = sum(counts.values()) + k * PRIOR
    tail = (1 - LEVEL) / 2
    out = {}
    for name in sorted(counts, key=OUTCOME_INDEX.__getitem__):
        a = counts[name] + PRIOR
        b = total - a
        out[name] = (a / total, beta_quantile(tail, a, b), beta_quantile(1 - tail, a, b))
    return out


def read_tallies(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    text = read_text_file(p, CatalogError)  # a regular file, bounded, UTF-8
    read = parse_json if p.suffix.lower() == ".json" else parse_toml
    data = read(text, CatalogError, f"{p.name}: tallies: ")
    if not isinstance(data, dict):
        raise CatalogError(f"{p.name}: tallies must be an object")
    return data


def fit_entry(tallies: Mapping[str, Any], where: str, **override: str | None) -> str:
    """A TOML ``[[die]]`` entry with fitted weights and the intervals as comments."""
    fields = {k: tallies.get(k) for k in ("id", "name", "kind")}
    fields.update({k: v for k, v in override.items() if v is not None})
    for key, v in fields.items():
        if not isinstance(v, str) or not v:
            raise CatalogError(f"{where}: missing {key!r} (in the tallies or on the command line)")
    tables = {"outcomes": fit_counts(tallies.get("counts"), f"{where}: counts")}
    if "fused_counts" in tallies:
        tables["fused"] = fit_counts(tallies["fused_counts"], f"{where}: fused_counts")
    n = sum(tallies["counts"].values())
    lines = [
        "[[die]]",
        f"id = {json.dumps(fields['id'])}",
        f"name = {json.dumps(fields['name'], ensure_ascii=False)}",
        f"kind = {json.dumps(fields['kind'])}",
    ]
    for key in _PASSTHROUGH:
        if key in tallies:
            lines.append(f"{key} = {json.dumps(tallies[key], ensure_ascii=False)}")
    lines.append("estimate = true")
    note = f"fitted from {n} rolls: Dirichlet posterior mean, prior {PRIOR} per outcome"
    lines.append(f"note = {json.dumps(note)}")
    for key, fitted in tables.items():
        lines.append(f"# {key}: 95% intervals")
        for name, (_, lo, hi) in fitted.items():
            lines.append(f"#   {name}: {lo:.4f} .. {hi:.4f}")
        body = ", ".join(f"{json.dumps(nm)} = {mean:.6f}" for nm, (mean, _, _) in fitted.items())
        lines.append(f"{key} = {{ {body} }}")
    text = "\n".join(lines) + "\n"
    parse_die(parse_toml(text, CatalogError, f"{where}: ")["die"][0], where)  # a valid catalog entry
    return text

