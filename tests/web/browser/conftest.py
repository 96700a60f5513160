"""Browser tests: a real server (uvicorn in a thread, on a free port, over a SQLite file of its own)
and Debian's Chromium driven by Playwright (never a browser download). Where Chromium is missing
they skip, or fail with SPIELWERK_REQUIRE_SERVICES=1; a failing test leaves a screenshot of each of
its pages under tmp/artifacts/."""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spielwerk.web.app import create_app
from tests.web.helpers import missing_service

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "tmp" / "artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

pytestmark = pytest.mark.browser


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test, so that its fixtures know whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium from the system's packages, headless."""
    executable = shutil.which("chromium")
    if executable is None:
        missing_service("no chromium on PATH (make chromium installs Debian's)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_service("playwright is not installed (pip install -e '.[browser]')")
        raise
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The server's base URL: uvicorn in a thread, one agent worker, a SQLite file of this test's."""
    import uvicorn

    listening = socket.socket()  # bound here, so that no other test's server can take the port first
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_workers=1)
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=30)
    listening.close()


@pytest.fixture
def open_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """`open_page(url, width=1280, height=800)`: a page in a browser context of its own (its own
    cookies and storage, like another person's browser); screenshots of them all if the test fails."""
    contexts: list[Any] = []
    pages: list[Any] = []

    def open_one(url: str, width: int = 1280, height: int = 800) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        page.goto(url)
        return page

    yield open_one
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        for number, page in enumerate(pages):
            try:
                page.screenshot(path=str(ARTIFACTS / f"{name}-{number}.png"), full_page=True)
            except Exception as error:  # a page that broke: say so, keep the others
                print(f"no screenshot of page {number}: {error}")
    for context in contexts:
        context.close()
