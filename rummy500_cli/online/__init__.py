"""Online play's foundations: what leaves the host, and the proof of a fair deal.

- `projection`: what a seat, or a spectator, may receive of each event, and the wire
  form (JSON lines) it travels in; the only way an event leaves the host.
- `fairness`: commit-reveal seeds: the host's commitment, the players' contributions,
  the derived seed, the reveal.
- `record`: the record a player's client keeps of what its seat received, and the
  proof that `rummy500 verify RECORD` gives from it.

The server, the invites, the transports and the clients build on these.
"""
