"""The analysis wing: what `analyze`, the hint, the tutor, the drills and `simulate` make
of games, built on the bots and never below them.

- `judge`: each decision weighed against the expert's candidates over sampled deals;
  `hint` and `jobs` beside it (the prompt's hint, the judging of a whole game).
- `figures`: the plain figures of a game (takes, melds, accuracy, luck against skill).
- `win_model`: each seat's chance of winning a position (fitted by tools/fit_win_model.py).
- `selfplay` and `summary`: bot games (`simulate`, the corpus) and their figures.
- `sidecar`: the analysis kept beside a log (`.analysis.jsonl`).
- `tutor`, `reads`, `drill`: the judge at the prompt, hand reads, drills of past mistakes.
"""
