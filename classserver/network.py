"""Where this machine is reached: the names that mean this computer only, and its addresses on
the class's network (read from its interfaces: nothing is sent anywhere)."""

from __future__ import annotations

import ipaddress
import socket

#: the names a teacher opens this computer by, which no student's device reaches (the other
#: 127.x addresses are loopback too, but nobody types them: the tests use them to stand for
#: a class's address)
THIS_COMPUTER = ("localhost", "127.0.0.1", "::1")


def this_computer(host: str) -> bool:
    return host in THIS_COMPUTER or host.endswith(".localhost")


def network_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses on its networks (interfaces up; not loopback, not
    link-local), private ones first, as its interfaces list them: nothing is sent anywhere."""
    import psutil  # a dependency of ipykernel

    stats = psutil.net_if_stats()
    found = set()
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for address in addresses:
            if address.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(address.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.add(ip)
    return tuple(str(ip) for ip in sorted(found, key=lambda ip: (not ip.is_private, ip)))
