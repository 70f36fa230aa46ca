"""The rules written a second time, for speed: every fast form of a rule, in one room.

A rule has one definition, in plain Python as the rule book reads (`melds.sets_in`,
`engine.uses.chosen_uses`, the audit's full check...). Where the definition is too slow
for the work it does at every step of every game (bots listing plays, the draw phase
asking which pile depths are usable, `verify` checking a long log), a fast form answers
the same question here, and the two are paired in `paths.FAST_PATHS`:

    **same answers, same order.**

A fast form answers exactly what its definition answers, in the same order where the
answer is a listing: a listing's order is part of what a seeded bot plays, so part of
every log. tests/fast/test_fast_paths.py runs every pair of `FAST_PATHS` on the golden
deals and on seeded games under many rules.

- `masks`: a hand as a bit mask; `sets_in`, `runs_in`, `layoffs_on` of `melds`, what a
  meld takes as a lay-off's first card (`Table`), and whether a run runs through a card.
- `listing`: those listings made into actions once for each shape, and kept.
- `uses`: RULES 4.1 where no rule bounds a play (`plain_uses`, `has_use`,
  `plain_depths`).
- `records.glance` (beside the audit it serves, in `records/`): the common moves of a
  plain game checked at a glance; its definition is the audit's full check.

Changing a rule therefore means changing its definition and every fast form paired with
it in `FAST_PATHS`; and a new fast form goes here and into `FAST_PATHS`, or it does not
go in. This package imports nothing itself: `masks` sits below the state, which reads a
`Table`, and `paths` above the engine and the records.
"""
