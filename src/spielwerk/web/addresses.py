"""Where a server listening on all interfaces (`--host 0.0.0.0`) can be reached from other machines:
this machine's own addresses on its networks, found without sending anything."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

WILDCARDS = ("0.0.0.0", "::", "")
PROBE = ("10.255.255.255", 1)
"""Any address outside this machine: a UDP socket "connected" to it (no packet leaves) names the
address this machine would send from, the one its network knows it by."""


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the one its default route uses first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(sockaddr[0]))
    usable: list[str] = []
    for address in found:
        parsed = ipaddress.ip_address(address)
        if parsed.is_loopback or parsed.is_unspecified or parsed.is_link_local or address in usable:
            continue
        usable.append(address)
    return usable


def reachable_at(host: str, port: int) -> list[str]:
    """The base URLs others may reach a server listening on `host`:`port` at: each of this machine's
    addresses where it listens on all of them, else none (it listens on `host` alone)."""
    if host not in WILDCARDS:
        return []
    return [f"http://{address}:{port}" for address in own_addresses()]
