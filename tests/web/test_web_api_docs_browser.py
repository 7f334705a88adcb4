"""The interactive API page (``/api/docs``, ``--api-docs``) loads in Chromium from this server
alone, under the project's Content-Security-Policy, and lists every operation of the contract
(docs/protocol.md, "OpenAPI")."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from web.conftest import Server

pytestmark = pytest.mark.browser

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


def test_api_docs_page_loads_from_this_server_only_and_lists_the_routes(page, tmp_path: Path) -> None:
    served = Server(tmp_path / "served.sqlite3", serve_options={"api_docs": True}).start()
    try:
        schema = httpx.get(f"{served.url}/api/openapi.json", timeout=30).json()
        operations = {(method.upper(), path) for path, ops in schema["paths"].items() for method in ops}
        asked: list[str] = []
        refused: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.on("console", lambda msg: refused.append(msg.text)
                if msg.type == "error" and "Content Security Policy" in msg.text else None)
        answer = page.goto(f"{served.url}/api/docs")
        assert answer is not None and answer.status == 200
        assert "script-src 'self';" in answer.headers["content-security-policy"]
        page.wait_for_selector(".opblock", timeout=60_000)
        shown = {(block.locator(".opblock-summary-method").inner_text().strip(),
                  block.locator(".opblock-summary-path").get_attribute("data-path"))
                 for block in page.locator(".opblock").all()}
        assert shown == operations
        page.locator(".opblock-summary", has_text="/api/catalog").first.click()
        page.get_by_role("button", name="Try it out").click()
        page.get_by_role("button", name="Execute").click()
        status = page.locator(".live-responses-table tbody .response-col_status").first
        status.wait_for(timeout=30_000)
        assert status.inner_text().strip() == "200"
    finally:
        served.kill()
    assert asked and all(urlsplit(url).hostname in LOOPBACK for url in asked), asked
    assert refused == []
