"""Online play (issue 29): a server that holds tables, the clients that join them, what
leaves the host, and the proof of a fair deal.

- `projection`: what a seat, or a spectator, may receive of each event, and the wire
  form (JSON lines) it travels in; the only way an event leaves the host.
- `fairness`: commit-reveal seeds: the host's commitment, the players' contributions,
  the derived seed, the reveal.
- `vault`: the host's secret beside the table's log, so a restarted server can reveal.
- `record_file`: the record a player's client keeps of what its seat received;
  `record`: the proof that `rummy500 verify RECORD` gives from it.
- `server`, `tables`: the server (asyncio) and its tables, each the only writer of its
  log; a table's metadata file (`table_meta`), what each client is sent (`table_feed`),
  a new table and its fair deal (`table_deal`), its moves written and sent
  (`table_play`), what moves it on by itself (`table_driver`) and what its clients ask
  of it (`table_requests`); `wire`: the messages' limits; `invite`: the
  capabilities; `tls`, `ssh`: the encrypted transports; `client`, `shadow`: `join`,
  which plays a seat with local play's loop and prompt over a `link`, with the words
  online play adds to the prompt (`console_words`). See man/rummy500-serve.6.

A table's life, as a server and its clients use them:

1. The host: `secret = fairness.new_secret()`, kept at once (`vault.keep_secret(log,
   secret)`); every joining client is shown `secret.commitment`.
2. A client, having seen the commitment: `contribution = fairness.new_contribution()`,
   `record = SeatRecord.create(path, seat, commitment, contribution)`, then it sends the
   contribution; the server checks it (`fairness.check_contribution`).
3. When the seats are filled: `events = fairness.fair_opening(names, rules, secret,
   contributions, seats, undo)` (one contribution a seat, "" for a bot or the host's
   own seat) opens the log as `engine.new_game` would.
4. Every event of the log, the header (seq 0) first, goes to each seat and spectator as
   `projection.project_lines(event, seq, receivers)`; a client keeps each line it
   receives (`record.add(line)`), and reconnects asking for the events after
   `record.last_seq`.
5. When the game ends (or the host ends it), the log's last line is
   `fairness.reveal(secret)`, sent like any event; then `vault.forget_secret(log)`.
   `rummy500 verify` proves the host's log, and each player's record, fair.

The server, the invites, the transports and the clients build on these.
"""
