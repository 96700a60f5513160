"""`spielwerk serve --play` (what `make play` runs): a free port where 8000 is taken (no --port), the game
made at once with each seat's link printed, the page behind the link, and Ctrl-C stopping it quietly."""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from spielwerk.web.serve import DEFAULT_PORT

ROOT = Path(__file__).resolve().parents[2]


def test_serve_play_prints_the_link_of_a_new_game_and_stops_quietly_on_ctrl_c(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with contextlib.suppress(OSError):  # else someone else holds it: taken all the same
            taken.bind(("127.0.0.1", DEFAULT_PORT))
            taken.listen()
        port = DEFAULT_PORT
        command = [sys.executable, "-c", "from spielwerk.cli.main import main; main()", "serve", "--play",
                   "gyges", "--seat", "north=random", "--no-browser",
                   "--db", f"sqlite:///{tmp_path / 'games.db'}", "--bot-workers", "0", "--lang", "en"]
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        try:
            assert process.stdout is not None
            lines = [process.stdout.readline() for _ in range(4)]
            south, north, spectators = lines[0].split(": ", 1), lines[1], lines[2]
            assert south[0] == "South" and "/play/" in south[1] and "?token=" in south[1], lines
            assert north.strip() == "North: random" and spectators.startswith("Spectators: http://"), lines
            link = south[1].strip()
            assert f":{port}/" not in link  # no port asked for and 8000 taken: another one
            page = httpx2.get(link, timeout=10)
            assert page.status_code == 200 and "/static/play.js" in page.text
            game_id, token = link.split("/play/")[1].split("?token=")
            seen = httpx2.get(link.split("/play/")[0] + f"/api/games/{game_id}/seats",
                              params={"token": token}, timeout=10).json()
            assert seen["you"] == 0 and [s["kind"] for s in seen["seats"]] == ["human", "random"]
        finally:
            process.send_signal(signal.SIGINT)
            deadline = time.monotonic() + 20
            while process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            if process.poll() is None:
                process.kill()
        _out, errors = process.communicate(timeout=10)
        assert process.returncode == 0 and "Traceback" not in errors, errors
