"""The consoles: who is at the other end of a game, and how the game speaks to them.

One object per kind, each carrying its capabilities and the hooks the loop calls
(`base.Console`): `plain.PlainConsole` (scripts: lines in, plain lines out),
`json.JsonConsole` (programs: the JSON-lines protocol of rummy500-protocol(7)) and
`prompt.PromptConsole` (a person at a terminal: prompt-toolkit). `pick.choose` is the
one place a kind is chosen. Nothing is imported here: the prompt's module loads
prompt-toolkit, which only a game at a terminal may pay for.
"""
