"""Invites: the capability that lets one client play one seat (or watch) at one table.

    rummy500://HOST:PORT/TABLE/SEAT?key=SECRET[&tls=FINGERPRINT][&admin=SECRET]
    rummy500://HOST:PORT/TABLE/watch?key=SECRET[&tls=FINGERPRINT]

SECRET is 96 random bits (`secrets.token_hex(12)`); whoever holds it plays the seat, so
an invite is given only to the person it is for. `tls` is the SHA-256 fingerprint of
the server's certificate: the client pins it (no certificate authority is asked), so
the server is authenticated and the traffic encrypted. Without `tls` the connection is
plain TCP, which the server offers only on loopback or when told `--plain`. `admin`
(only in the host's own invite) lets its holder start, pause and end the table and
replace a seat. Over SSH the same capability is the user name: `TABLE.SEAT.SECRET`.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

SCHEME = "rummy500"
SECRET_BYTES = 12
"""96 bits of secret (at least 64, issue 29)."""
WATCH = "watch"


def new_secret() -> str:
    return secrets.token_hex(SECRET_BYTES)


def same_secret(given: str, expected: str | None) -> bool:
    """Whether a secret given by a client is the expected one (constant time)."""
    if expected is None:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


class InviteError(ValueError):
    """Text that is not an invite, with the form an invite takes."""


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    table: str
    seat: int | None
    """None: a watch invite."""
    key: str
    tls: str | None = None
    """The certificate's SHA-256 fingerprint (hex); None: plain TCP."""
    admin: str | None = None

    def text(self) -> str:
        where = f"[{self.host}]" if ":" in self.host else self.host
        who = WATCH if self.seat is None else str(self.seat)
        query = f"key={self.key}"
        if self.tls:
            query += f"&tls={self.tls}"
        if self.admin:
            query += f"&admin={self.admin}"
        return f"{SCHEME}://{where}:{self.port}/{self.table}/{who}?{query}"

    def ssh_user(self) -> str:
        who = WATCH if self.seat is None else str(self.seat)
        return f"{self.table}.{who}.{self.key}"


FORM = "rummy500://HOST:PORT/TABLE/SEAT?key=SECRET (as the host printed it)"


def parse_invite(text: str) -> Invite:
    """An invite from its text; InviteError saying what is wrong."""
    text = text.strip()
    if len(text) > 1000:
        raise InviteError(f"an invite is a short line: {FORM}")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise InviteError(f"not an invite: write {FORM}") from None
    if parts.scheme != SCHEME or not parts.hostname or port is None:
        raise InviteError(f"not an invite: write {FORM}")
    path = parts.path.strip("/").split("/")
    if len(path) != 2 or not path[0].isalnum():
        raise InviteError(f"an invite names a table and a seat: {FORM}")
    table, who = path
    if who == WATCH:
        seat = None
    elif who.isdigit() and len(who) < 3:
        seat = int(who)
    else:
        raise InviteError(f"the seat is a number or watch, not {who[:20]!r}: {FORM}")
    query = parse_qs(parts.query)
    key = query.get("key", [""])[0]
    if not key or not all(c in "0123456789abcdef" for c in key):
        raise InviteError(f"the invite's key is missing or not hex: {FORM}")
    tls = query.get("tls", [None])[0]
    if tls is not None and not all(c in "0123456789abcdef" for c in tls):
        raise InviteError("the invite's tls fingerprint is not hex")
    admin = query.get("admin", [None])[0]
    return Invite(parts.hostname, port, table, seat, key, tls, admin)


def parse_ssh_user(user: str) -> tuple[str, int | None, str] | None:
    """TABLE.SEAT.SECRET (or TABLE.watch.SECRET) of an SSH login; None if not one."""
    parts = user.split(".")
    if len(parts) != 3 or len(user) > 200:
        return None
    table, who, key = parts
    if who == WATCH:
        return table, None, key
    if who.isdigit() and len(who) < 3:
        return table, int(who), key
    return None
