"""The journal: one campaign, one log, and nothing stored that is ever executed (docs/campaign.md, "The journal").

Every change of a campaign is an **entry**: a canonical JSON document
(``ghcli.journal.entries``) named by the sha256 of its bytes, holding the
registered command, its resolved arguments, every random draw (and every
outcome seen from the state, such as the event card drawn), the time (shown,
never used to order), the ghcli version, a nonce, and the digest of its row
changes. The database is the journal applied:

- ``store``: the file (open, create, migrate, read; the one transaction).
- ``schema``: the ``journal`` and ``changes`` tables, the triggers that record
  row changes as data (JSON arrays of the columns, never SQL), the check that
  refuses a file whose schema does not match the migrations it records.
- ``commands``: the registry of a kind's commands, arguments checked by the
  functions' annotations, the recording random stream.
- ``context``: what a command runs with (the entry's reads, writes, time,
  draws, seq, player): no hidden attributes on the Store.
- ``run``: applying an entry, reverting one, undo and redo (entries that
  revert entries).
- ``rebase``: a sync's operations (take back, apply received, re-execute,
  retry, states).
- ``history``: the rows ``history`` shows, entries by reference, flat counts.
- ``replay``: a database rebuilt from its journal, exactly.
- ``snapshot``: the campaign's tables as checked data (``import`` and
  ``snapshot`` entries).
- ``migrate``: older files (``history`` + ``undo_log``) brought to the journal.

This package imports neither ``ghcli.campaign`` nor ``ghcli.cli``: a campaign
kind (``kinds.Kind``) hands it its migrations, commands and bounds. The API a
sync builds on is written down in docs/campaign.md ("How a change is written")
and, while the branches are built, in /work/helpers/journal-api.md.
"""
