-- The change log and its exact undo, shared by every campaign kind's first
-- migration (ghcli/data/schema.sql, ghcli/arkham/data/arkham_schema.sql): run right
-- after that schema. (Files of ghcli 0.1 kept undo triggers on every other
-- table; migration 0004_journal replaces both tables by the journal:
-- ghcli/journal/schema.py, ghcli/journal/migrate.py.)

-- One row per campaign-changing command; undo_log holds its inverse SQL.
CREATE TABLE history (
    id       INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,
    command  TEXT NOT NULL,
    summary  TEXT NOT NULL
);

CREATE TABLE undo_log (
    seq         INTEGER PRIMARY KEY,
    history_id  INTEGER,
    sql         TEXT NOT NULL
);
