"""Search over the deals a seat cannot see: `playout` (the one playout loop, shared by
the expert and the judge), `particles` (the particle filter over the other hands) and
`inference` (a likely deal from the seat's knowledge)."""
