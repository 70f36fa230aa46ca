"""Online play (issue 29): a server that holds tables, the clients that join them, what
leaves the host, and the proof of a fair deal.

- `projection`: what a seat, or a spectator, may receive of each event, and the wire
  form (JSON lines) it travels in; the only way an event leaves the host.
- `fairness`: commit-reveal seeds: the host's commitment, the players' contributions,
  the derived seed, the reveal.
- `record`: the record a player's client keeps of what its seat received, and the
  proof that `rummy500 verify RECORD` gives from it.
- `server`, `tables`: the server (asyncio) and its tables, each the only writer of its
  log; `wire`: the messages' limits; `invite`: the capabilities; `tls`, `ssh`: the
  encrypted transports; `client`, `shadow`: `join`, which plays a seat with local
  play's loop and prompt. See man/rummy500-serve.6.
"""
