"""Example programs that speak rummy500's JSON-lines protocol."""
