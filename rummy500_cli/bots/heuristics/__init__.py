"""What every level knows about a hand and a table, shared by the levels rather than
borrowed from the level below: `hand` (the planner: the most points a hand can put
down), `plays` (the points of a play, window and gambit choices) and `values` (the
strong level's card values: `Context`)."""
