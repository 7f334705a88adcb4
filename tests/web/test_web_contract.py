"""The API describes itself (``/api/openapi.json``, always served) and an outside fuzzer,
schemathesis, run with all its checks and phases against a real server, with no configuration
file and no allowance for any operation (it runs in an empty folder), finds nothing
(docs/protocol.md, "OpenAPI"). ``ASOBIBA_FUZZ_EXAMPLES`` sets the examples per operation of the
fuzzing phase (default 10) for longer runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient
from web.conftest import Server

from asobiba.web.contract import ACTING, OPTIONAL_BODY, REQUESTS


def test_every_operation_declares_its_body_answers_and_errors(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    operations = {op["operationId"]: (method, op) for ops in schema["paths"].values()
                  for method, op in ops.items()}
    assert len(operations) == 40
    error = {"$ref": "#/components/schemas/Error"}
    for oid, (method, op) in operations.items():
        responses = op["responses"]
        assert "422" not in responses
        assert any(status.startswith("2") for status in responses), oid
        assert {"400", "429"} <= set(responses), oid
        for status, answer in responses.items():
            if not status.startswith("2"):
                assert answer["content"]["application/json"]["schema"] == error
        if method == "post":
            assert {"403", "413", "415"} <= set(responses), oid
        if oid in ACTING:
            assert op["security"] == [{"seatToken": []}] and {"401", "403"} <= set(responses)
        if oid in REQUESTS:
            assert op["requestBody"]["required"] is (oid not in OPTIONAL_BODY)
    assert set(operations["create_game"][1]["responses"]["201"]["links"]) >= {"PlayMove", "GetRecord"}


def test_schemathesis_with_all_checks_finds_nothing(tmp_path: Path) -> None:
    """All checks, bounded: the default run skips the coverage phase, whose cases for the bodies of
    every game and number of players ``-n`` does not bound (several minutes); a long run
    (``ASOBIBA_FUZZ_EXAMPLES``) has every phase."""
    examples = int(os.environ.get("ASOBIBA_FUZZ_EXAMPLES", "10"))
    phases = "examples,coverage,fuzzing,stateful" if "ASOBIBA_FUZZ_EXAMPLES" in os.environ else \
        "examples,fuzzing,stateful"
    served = Server(tmp_path / "served.sqlite3",
                    serve_options={"address_rate": 1000, "study_seconds": 1}).start()  # tiny studies only
    try:
        done = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--no-color", "run",
             f"{served.url}/api/openapi.json", "-c", "all", "-n", str(examples), "--seed", "26",
             "--workers", "1", "--phases", phases],
            capture_output=True, text=True, timeout=600 + 30 * examples, cwd=tmp_path)
    finally:
        served.kill()
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "Stateful" in done.stdout  # the stateful phase ran, following the declared links
