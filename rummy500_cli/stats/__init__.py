"""Records and ratings across games (`rummy500 stats`), rebuilt from the saved logs.

The logs are the database. `scan` finds the logs, checks each as `verify` does and boils
every game down to a `games.Game` (who sat where, who won, the figures a record adds
up), kept in a cache that is never trusted over the logs. `records` adds the games up
per player, `ratings` rates them game by game with OpenSkill (the bots as fixed
anchors), `charts` draws a rating history and win rates in the terminal, and
`after_game` says one line on a player's record when a game ends.
"""
