"""The server behind a real reverse proxy over HTTPS, started from the examples the README and
docs/operators.md hand to a host (docs/proxy/nginx.conf and docs/proxy/Caddyfile), changed only
where a test must: a port of this machine instead of 443, a certificate made for the test, the
server's free port instead of 8000. Through the proxy: the lobby, a game made with links to the
public address, and a websocket that gets its payload and plays a move. Where nginx or Caddy is
missing the test skips (fails under SPIELWERK_REQUIRE_SERVICES=1: `make proxies` installs both)."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.sync.client import connect

from tests.web.helpers import free_port, missing_service, new_game, tokens, wait_for
from tests.web.test_durability import server

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "proxy"
SOON = 10.0


def replaced(text: str, changes: dict[str, str]) -> str:
    """`text` with each key replaced by its value; every key must be there (an example that changed
    fails here instead of being tested half)."""
    for old, new in changes.items():
        assert old in text, f"the example no longer holds {old!r}"
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1: (certificate, key)."""
    folder = tmp_path_factory.mktemp("certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def nginx(folder: Path, port: int, upstream: int, cert: Path, key: Path) -> list[str]:
    """The nginx example as a site of a minimal nginx of its own in `folder`: its command."""
    site = replaced((EXAMPLES / "nginx.conf").read_text(encoding="utf-8"), {
        "listen 443 ssl;": f"listen 127.0.0.1:{port} ssl;",
        "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/games.example.org/privkey.pem": str(key),
        "http://127.0.0.1:8000;": f"http://127.0.0.1:{upstream};",
    })
    (folder / "site.conf").write_text(site, encoding="utf-8")
    temporary = " ".join(f"{kind}_temp_path {folder / kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log stderr;\n"
        f"events {{}}\nhttp {{\naccess_log off;\n{temporary}\ninclude {folder / 'site.conf'};\n}}\n",
        encoding="utf-8")
    return ["nginx", "-e", "stderr", "-p", str(folder), "-c", str(folder / "nginx.conf")]


def caddy(folder: Path, port: int, upstream: int, cert: Path, key: Path) -> list[str]:
    """The Caddy example with the test's certificate (no ACME, no admin port): its command."""
    site = replaced((EXAMPLES / "Caddyfile").read_text(encoding="utf-8"), {
        "games.example.org {": f"https://127.0.0.1:{port} {{\n\ttls {cert} {key}",
        "reverse_proxy 127.0.0.1:8000": f"reverse_proxy 127.0.0.1:{upstream}",
    })
    (folder / "Caddyfile").write_text("{\n\tadmin off\n\tauto_https disable_redirects\n}\n" + site,
                                      encoding="utf-8")
    return ["caddy", "run", "--adapter", "caddyfile", "--config", str(folder / "Caddyfile")]


PROXIES: dict[str, Callable[[Path, int, int, Path, Path], list[str]]] = {"nginx": nginx, "caddy": caddy}


@contextmanager
def proxy(command: list[str], folder: Path) -> Iterator[None]:
    """The proxy running `command`, its data kept in `folder`; stopped afterwards."""
    environment = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": str(folder),
                   "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config")}
    with (folder / "proxy.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        try:
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    if process.returncode not in (0, -15):
        print((folder / "proxy.log").read_text(errors="replace"))


@pytest.mark.parametrize("name", sorted(PROXIES))
def test_the_server_plays_behind_the_documented_proxy_over_https(
        name: str, tmp_path: Path, certificate: tuple[Path, Path]) -> None:
    if shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin") is None:
        missing_service(f"no {name} on this machine (make proxies installs nginx and Caddy)")
    cert, key = certificate
    port = free_port()
    public = f"https://127.0.0.1:{port}"
    trusted = ssl.create_default_context(cafile=str(cert))
    with server(f"sqlite:///{tmp_path / 'games.db'}", 0, "--public-url", public,
                "--forwarded-allow-ips", "127.0.0.1") as (_process, direct):
        upstream = direct.base_url.port
        assert upstream is not None
        with proxy(PROXIES[name](tmp_path, port, upstream, cert, key), tmp_path), \
                httpx2.Client(base_url=public, verify=trusted, timeout=30) as client:
            lobby = wait_for(lambda: _lobby(client), lambda answer: answer["status"] == 200, seconds=SOON)
            assert "spielwerk" in lobby["text"]

            created = new_game(client, "gyges", ["human", "human"])
            assert all(seat["url"].startswith(f"{public}/play/{created['id']}") for seat in created["seats"])
            assert created["spectate"] == f"{public}/play/{created['id']}"

            south = tokens(created)[0]
            url = f"wss://127.0.0.1:{port}/ws/games/{created['id']}"
            with connect(url, ssl=trusted, subprotocols=["spielwerk", f"token.{south}"],  # type: ignore[list-item]
                         open_timeout=SOON) as socket:
                first = json.loads(socket.recv(timeout=SOON))
                assert first["ply"] == 0 and first["legal"]
                socket.send(json.dumps({"id": 1, "action": first["legal"][0], "ply": 0}))
                deadline = time.monotonic() + SOON
                while True:
                    frame = json.loads(socket.recv(timeout=deadline - time.monotonic()))
                    if frame.get("reply") == 1:
                        break
                assert frame["payload"]["history"] == [first["legal"][0]]
            assert direct.get(f"/api/games/{created['id']}").json()["ply"] == 1


def _lobby(client: httpx2.Client) -> dict[str, Any]:
    try:
        answer = client.get("/")
    except httpx2.TransportError:
        return {"status": 0, "text": ""}
    return {"status": answer.status_code, "text": answer.text}
