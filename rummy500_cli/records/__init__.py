"""Records of games: the log file (`log`), the replay of a log (`replay`), its audit
(`audit`) and new games branched from a point of one (`branch`).

`log` is the only module of the package that reads or writes game files.
"""
