"""Provably fair deals online: a commitment to the host's seed, the players' own
contributions, and the reveal at the end.

The deal follows from the seed (`deal`, and rummy500-log(5), DEALS), so whoever chooses
the seed chooses the cards. Online, no one does:

1. Before anyone joins, the host picks a secret seed and salt (`new_secret`: 32 and 16
   random bytes, as hex) and publishes `commitment(seed, salt)`.
2. Each player's client, having seen the commitment, sends a contribution of its own
   (`new_contribution`: 32 random bytes, as 64 lowercase hex digits).
3. The game's seed, the one written in the log's header and dealt from, is
   `derive_seed(secret seed, contributions)`. The header also records the commitment
   and the contributions (`fair_opening`).
4. When the game ends, the host reveals the secret seed and salt (a `seed_revealed`
   event, `reveal`). Anyone holding the header's commitment and contributions checks
   the reveal against the commitment (`check_reveal`) and derives the game's seed again
   (`check_revealed`), then every deal from it.

The exact encodings (rummy500-log(5), FAIR DEALS), SHA-256 throughout, where `lp(x)` is
the UTF-8 bytes of x preceded by their length as 8 bytes big-endian, and `u64(n)` is n
as 8 bytes big-endian:

    commitment  = hex(SHA-256(b"rummy500/fair/v1/commit" + lp(seed) + lp(salt)))
    game seed   = hex(SHA-256(b"rummy500/fair/v1/seed" + lp(seed)
                              + u64(len(contributions)) + lp(c0) + lp(c1) + ...))

Contributions are one per seat, seat 0 first, "" for a seat that gave none (a bot, the
host's own seat). Every part is length-prefixed, so no two different inputs encode alike.

What it proves: the host fixed its seed before seeing any contribution (else the reveal
would not match the commitment), and no player could know the host's seed when choosing
a contribution; so neither the host alone nor any player alone could choose the cards.
(A host who tells its seed to a player who joins after you could let that player try
contributions until the deal suits them: the commitment proves the deal fixed before the
first card, not that every other player is honest.)

Everything here is pure but `new_secret` and `new_contribution`, which read the
operating system's random source (`secrets`).
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Sequence
from hashlib import sha256

import msgspec

from ..errors import Rummy500Error, quoted
from ..events import Event, GameStarted, SeedRevealed
from ..rules import Rules

FAIR_VERSION = 1
"""The version of the encodings above (the `v1` in their prefixes)."""
_COMMIT = b"rummy500/fair/v1/commit"
_SEED = b"rummy500/fair/v1/seed"
CONTRIBUTION_DIGITS = 64
"""A contribution's length: 64 lowercase hex digits (32 random bytes)."""
_HEX64 = re.compile(r"[0-9a-f]{64}")


class FairnessError(Rummy500Error):
    """A reveal that does not match its commitment, a seed that is not the derived one,
    or a contribution that is not one: the message says which, in one line."""


class Secret(msgspec.Struct, frozen=True, kw_only=True):
    """The host's secret: kept by the host alone until the game ends."""

    seed: str
    salt: str

    @property
    def commitment(self) -> str:
        """What the host publishes before the first deal."""
        return commitment(self.seed, self.salt)


def _lp(text: str) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    return len(data).to_bytes(8, "big") + data


def new_secret() -> Secret:
    """A fresh secret seed and salt (32 and 16 random bytes, as hex)."""
    return Secret(seed=secrets.token_hex(32), salt=secrets.token_hex(16))


def commitment(seed: str, salt: str) -> str:
    """The commitment to a secret seed and salt (64 lowercase hex digits)."""
    return sha256(_COMMIT + _lp(seed) + _lp(salt)).hexdigest()


def new_contribution() -> str:
    """A player's contribution to the seed: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def check_contribution(text: str) -> str:
    """`text` if it is a contribution (64 lowercase hex digits); else FairnessError,
    for a server that reads one from a client."""
    if not isinstance(text, str) or not _HEX64.fullmatch(text):
        shown = quoted(text, 80) if isinstance(text, str) else type(text).__name__
        raise FairnessError(
            f"a contribution is {CONTRIBUTION_DIGITS} lowercase hex digits, not {shown}"
        )
    return text


def derive_seed(seed: str, contributions: Sequence[str]) -> str:
    """The game's seed from the host's secret seed and every seat's contribution (one
    per seat, seat 0 first, "" for none): 64 lowercase hex digits."""
    data = bytearray(_SEED + _lp(seed) + len(contributions).to_bytes(8, "big"))
    for contribution in contributions:
        data += _lp(contribution)
    return sha256(data).hexdigest()


def check_reveal(commitment_hex: str, seed: str, salt: str) -> None:
    """FairnessError unless `seed` and `salt` are the ones `commitment_hex` commits to
    (compared in constant time)."""
    if not hmac.compare_digest(commitment(seed, salt).encode(), commitment_hex.encode()):
        raise FairnessError(
            "the revealed seed and salt do not match the commitment published before the "
            f"first deal ({commitment_hex[:16]}...): the deal was not the one committed to"
        )


def check_revealed(header: GameStarted, revealed: SeedRevealed) -> None:
    """FairnessError unless a log's reveal matches its header's commitment and derives,
    with the header's contributions, the header's seed (and the header stacks no deck)."""
    if not isinstance(header.commitment, str) or not isinstance(header.contributions, tuple):
        raise FairnessError("a seed_revealed in a game whose header has no commitment")
    if header.deck:
        raise FairnessError("a game dealt fairly has no stacked deck: this one chose its cards")
    check_reveal(header.commitment, revealed.seed, revealed.salt)
    derived = derive_seed(revealed.seed, header.contributions)
    if derived != header.seed:
        raise FairnessError(
            f"the revealed seed and the contributions derive the seed {derived[:16]}..., "
            f"not the header's {quoted(header.seed, 20)}"
        )


def fair_opening(
    players: Sequence[str],
    rules: Rules,
    secret: Secret,
    contributions: Sequence[str],
    seats: Sequence[str] = (),
    undo: bool = True,
) -> list[Event]:
    """The opening events of a fairly dealt game (`engine.new_game`'s: header, the draw
    for the first dealer, the first deal), dealt from the derived seed, the header
    recording the commitment and the contributions (one per seat, "" for none; each
    other one checked with `check_contribution`). No stacked deck: it would choose the
    cards."""
    from ..engine import new_game

    given = tuple(contributions)
    if len(given) != len(players):
        raise FairnessError(
            f"one contribution a seat: {len(players)} seats, {len(given)} contributions"
        )
    for contribution in given:
        if contribution:
            check_contribution(contribution)
    events = new_game(players, rules, derive_seed(secret.seed, given), seats=seats, undo=undo)
    header = events[0]
    assert isinstance(header, GameStarted)
    events[0] = msgspec.structs.replace(header, commitment=secret.commitment, contributions=given)
    return events


def reveal(secret: Secret) -> SeedRevealed:
    """The event that ends a fairly dealt game's log: the secret, made public."""
    return SeedRevealed(seed=secret.seed, salt=secret.salt)


def is_fair(header: GameStarted) -> bool:
    """Whether a header records a commitment (a game dealt fairly online)."""
    return isinstance(header.commitment, str)
