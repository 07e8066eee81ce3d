-- ghcli Arkham Horror: The Card Game campaign database, migration 1 of the
-- "arkham" migration set (ghcli/arkham/kind.py). One campaign per file.
-- Facts only: card titles and levels as the players name them, no card text.

CREATE TABLE campaign (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    name     TEXT    NOT NULL,
    lost     INTEGER NOT NULL DEFAULT 0 CHECK (lost IN (0, 1)),  -- a player had to pick a new investigator and none was left
    created  TEXT    NOT NULL
);

-- The investigators the group can use: 'available' (not yet used in this
-- campaign), 'active', 'left' (kept, may rejoin), 'killed', 'insane'.
CREATE TABLE investigators (
    id               INTEGER PRIMARY KEY,
    name             TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    health           INTEGER NOT NULL CHECK (health >= 1),
    sanity           INTEGER NOT NULL CHECK (sanity >= 1),
    player           TEXT,
    status           TEXT    NOT NULL DEFAULT 'available'
                     CHECK (status IN ('available', 'active', 'left', 'killed', 'insane')),
    physical_trauma  INTEGER NOT NULL DEFAULT 0 CHECK (physical_trauma >= 0),
    mental_trauma    INTEGER NOT NULL DEFAULT 0 CHECK (mental_trauma >= 0),
    joined_seq       INTEGER                        -- order of the last join: a player's current investigator
);

-- Scenarios played, in order.
CREATE TABLE scenarios (
    id    INTEGER PRIMARY KEY,
    name  TEXT NOT NULL
);

-- XP per investigator per scenario; ``applied`` is what the unspent XP changed by.
CREATE TABLE xp_awards (
    id               INTEGER PRIMARY KEY,
    investigator_id  INTEGER NOT NULL REFERENCES investigators(id),
    scenario_id      INTEGER REFERENCES scenarios(id),
    victory          INTEGER NOT NULL CHECK (victory >= 0),
    bonus            INTEGER NOT NULL,
    applied          INTEGER NOT NULL,
    arithmetic       TEXT    NOT NULL
);

-- Each investigator's deck: copies per title and level.
-- kind: 'card', 'weakness' or 'required' (the last two cannot be removed).
CREATE TABLE deck_cards (
    id               INTEGER PRIMARY KEY,
    investigator_id  INTEGER NOT NULL REFERENCES investigators(id),
    title            TEXT    NOT NULL COLLATE NOCASE,
    level            INTEGER NOT NULL CHECK (level BETWEEN 0 AND 5),
    kind             TEXT    NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'weakness', 'required')),
    permanent        INTEGER NOT NULL DEFAULT 0 CHECK (permanent IN (0, 1)),
    exceptional      INTEGER NOT NULL DEFAULT 0 CHECK (exceptional IN (0, 1)),
    myriad           INTEGER NOT NULL DEFAULT 0 CHECK (myriad IN (0, 1)),
    copies           INTEGER NOT NULL CHECK (copies >= 1),
    UNIQUE (investigator_id, title, level)
);

-- XP spent: one row per purchase or upgrade, with the arithmetic shown.
CREATE TABLE purchases (
    id               INTEGER PRIMARY KEY,
    investigator_id  INTEGER NOT NULL REFERENCES investigators(id),
    action           TEXT    NOT NULL CHECK (action IN ('buy', 'upgrade')),
    title            TEXT    NOT NULL,
    from_level       INTEGER,
    to_level         INTEGER NOT NULL,
    copies           INTEGER NOT NULL CHECK (copies >= 1),
    xp               INTEGER NOT NULL CHECK (xp >= 1),
    arithmetic       TEXT    NOT NULL,
    removed          TEXT    NOT NULL DEFAULT ''   -- cards taken out to keep the deck size, '; '-separated
);

-- The campaign log: free-text notes and named counts; crossed out, never deleted.
CREATE TABLE log_entries (
    id       INTEGER PRIMARY KEY,
    kind     TEXT    NOT NULL CHECK (kind IN ('note', 'count')),
    text     TEXT    NOT NULL,
    value    INTEGER CHECK (value IS NULL OR value >= 0),
    crossed  INTEGER NOT NULL DEFAULT 0 CHECK (crossed IN (0, 1))
);

-- history and undo_log (the change log and its exact undo) follow from
-- ghcli/data/history.sql, written once for every campaign kind.
