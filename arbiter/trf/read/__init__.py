"""The parts of the TRF reader; `arbiter.trf.reader.read_trf` is the way in.

One module per kind of record, each reading its lines into `ReadState` (`state`):
`tournament_records` (``??2`` tags, 132), `player_records` (001), `extension_records` (the
engines' XX records), `pairing_records` (240, 250, 260), `team_records` (310),
`abnormal_records` (299). `fields` cuts a line into fields; `file_checks` holds the checks
that need the whole file (opponents, references to players, round counts, points).
"""
