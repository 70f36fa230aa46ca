"""Online play: a server that holds tables, and the clients that join them (issue 29).

The server is the only writer of a table's log; every message to a seat is a
projection of the log's events for that seat. See man/rummy500-serve.6.
"""
