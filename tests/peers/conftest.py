"""The match runner lives in bench/, beside the package: the repository's root goes on the path."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# OpenSpiel brings absl, whose log handler keeps the stderr of the moment it was imported (here the
# test's captured stream) and closes it when anything reconfigures logging — as uvicorn does in the
# tests of `asobiba serve` — unless that stream is the process's own stderr. Give it that one.
import absl.logging  # noqa: E402

absl.logging.get_absl_handler().python_handler.stream = sys.__stderr__
