"""The pictures of docs/screenshots: each game's page at a desktop's size (1366×900) and a phone's
(390×844, touch), a few plies into a game, as a person at the seat sees it. Made again with
`make screenshots` after a change to the pages; the README and docs/playing.md show them.

A server runs in this process (uvicorn in a thread, a SQLite file of its own); the moves are made
through the API by a seeded choice among the legal texts, so the same code gives the same pictures."""

from __future__ import annotations

import random
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import httpx2

from spielwerk.web.app import create_app

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}


@dataclass(frozen=True)
class Scene:
    """A game to show: its seats, how many plies are played first, the seat whose page is taken (None:
    the one to move, its next places marked) and the page's language on each screen."""

    game: str
    seats: list[str]
    plies: int
    seat: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    languages: dict[str, str] = field(default_factory=lambda: {"desktop": "en", "phone": "en"})


SCENES = [
    Scene("gyges", ["human", "human"], 9, languages={"desktop": "en", "phone": "fr"}),
    Scene("grani", ["human", "human", "human", "human"], 14, languages={"desktop": "de", "phone": "en"}),
    Scene("drachenfels", ["human", "human", "human"], 10, languages={"desktop": "en", "phone": "de"}),
    Scene("avalon", ["human", "human"], 8, options={"players": 2},
          languages={"desktop": "en", "phone": "fr"}),
]


def serve(database: Path) -> tuple[str, Any]:
    """A server on a free port over `database`: (its address, the running server)."""
    import socket

    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(create_app(f"sqlite:///{database}", bot_workers=0),
                                            host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=running.run, daemon=True).start()
    while not running.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", running


def played(client: httpx2.Client, scene: Scene, chooser: random.Random) -> dict[str, Any]:
    """A new game of `scene` with its first plies played: the answer that made it."""
    made: dict[str, Any] = client.post("/api/games", json={"game": scene.game, "seats": scene.seats,
                                                           **scene.options}).json()
    tokens = {seat["seat"]: seat["token"] for seat in made["seats"]}
    for _ in range(scene.plies):
        mover = client.get(f"/api/games/{made['id']}").json().get("to_move")
        if mover not in tokens:
            break
        seen = client.get(f"/api/games/{made['id']}", headers=_bearer(tokens[mover])).json()
        if not seen["legal"]:
            break
        client.post(f"/api/games/{made['id']}/actions", headers=_bearer(tokens[mover]),
                    json={"action": chooser.choice(seen["legal"]), "ply": seen["ply"]})
    return made


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@click.command()
@click.option("--out", type=click.Path(path_type=Path), default=OUT, show_default=True)
@click.option("--seed", default=7, show_default=True)
def main(out: Path, seed: int) -> None:
    """Take every game's page at both sizes into OUT."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        raise click.ClickException("no chromium on PATH (make chromium installs Debian's)")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        base, running = serve(Path(folder) / "games.db")
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        with httpx2.Client(base_url=base, timeout=30) as client:
            for scene in SCENES:
                made = played(client, scene, random.Random(f"{seed}:{scene.game}"))
                shown = scene.seat
                if shown is None:
                    shown = client.get(f"/api/games/{made['id']}").json().get("to_move")
                url = next(seat["url"] for seat in made["seats"] if seat["seat"] == shown)
                for screen, options in SCREENS.items():
                    language = scene.languages[screen]
                    context = browser.new_context(locale=language, **options)
                    page = context.new_page()
                    page.goto(f"{url}&lang={language}")
                    page.wait_for_selector("#board svg")
                    page.wait_for_load_state("networkidle")
                    name = out / f"{scene.game}-{screen}.png"
                    page.screenshot(path=str(name))
                    context.close()
                    click.echo(f"{name} ({language})")
        browser.close()
        running.should_exit = True


if __name__ == "__main__":
    main()
