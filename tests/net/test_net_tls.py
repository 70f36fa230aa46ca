"""TLS on the TCP port: the invite pins the certificate's fingerprint; a client that
finds another certificate refuses to connect; off loopback TLS is the default."""

from __future__ import annotations

import dataclasses

import pytest
from netkit import ServerProcess, short_table

from rummy500_cli.online.client import Link, LinkError


def test_a_tls_invite_connects_and_a_wrong_fingerprint_is_refused():
    server = ServerProcess(["--tls", "--table", short_table(2, (0,), "--seed 5")]).start()
    try:
        invite = server.seats[server.table][0]
        assert invite.tls and len(invite.tls) == 64
        assert "TLS, certificate sha256" in server.lines[-1]
        link = Link(invite)
        welcome = link.open()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        link.close()
        forged = dataclasses.replace(invite, tls="0" * 64)
        with pytest.raises(LinkError, match="not the one the invite names"):
            Link(forged).open()
        plain = dataclasses.replace(invite, tls=None)  # plain TCP to a TLS port
        with pytest.raises(LinkError):
            Link(plain).open()
    finally:
        server.stop()
