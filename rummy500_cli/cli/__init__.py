"""The command line: thin click commands that parse options, build a session and loop."""
