-- ghcli campaign database, migration 1 (the whole schema).
-- One campaign per database file. Later schema changes are further
-- migrations in ghcli/campaign/kind.py, recorded in _sqlite_migrations.
-- Names of game things are the keys of ghcli/data (class keys, item
-- numbers, achievement kebab-case keys, scenario numbers).

CREATE TABLE campaign (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    name           TEXT    NOT NULL,
    prosperity     INTEGER NOT NULL DEFAULT 0 CHECK (prosperity >= 0),  -- checkmarks; the level is derived
    donations      INTEGER NOT NULL DEFAULT 0 CHECK (donations >= 0),   -- gold given to the Sanctuary, in total
    current_party  INTEGER REFERENCES parties(id),
    seed           INTEGER,                                             -- for reproducible shuffles and draws, if given
    created        TEXT    NOT NULL
);

-- Global achievements; count > 1 only for counted ones (Ancient Technology ...).
CREATE TABLE global_achievements (
    key    TEXT    PRIMARY KEY,
    count  INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1)
);

CREATE TABLE unlocked_classes (
    class  TEXT PRIMARY KEY
);

-- Classes that have had a character retire (their retirement events were added).
CREATE TABLE retired_classes (
    class  TEXT PRIMARY KEY
);

-- The shop's supply: copies of each item currently for sale.
CREATE TABLE supply (
    item    INTEGER PRIMARY KEY,
    copies  INTEGER NOT NULL CHECK (copies >= 0)
);

-- Item designs found (added to the supply whatever the prosperity).
CREATE TABLE item_designs (
    item  INTEGER PRIMARY KEY
);

-- City and road event decks; position 0 is the top card.
CREATE TABLE event_decks (
    deck      TEXT    NOT NULL CHECK (deck IN ('city', 'road')),
    position  INTEGER NOT NULL,
    card      INTEGER NOT NULL,
    PRIMARY KEY (deck, position),
    UNIQUE (deck, card)
);

-- Scenarios the campaign knows about: unlocked, completed, blocked.
CREATE TABLE scenarios (
    number     INTEGER PRIMARY KEY,
    unlocked   INTEGER NOT NULL DEFAULT 1 CHECK (unlocked IN (0, 1)),
    completed  INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
    blocked    INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1))
);

CREATE TABLE parties (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE,
    reputation  INTEGER NOT NULL DEFAULT 0 CHECK (reputation BETWEEN -20 AND 20),
    location    TEXT    NOT NULL DEFAULT 'town' CHECK (location IN ('town', 'road', 'scenario')),
    scenario    INTEGER,            -- the scenario travelled to / last played (where the party is)
    road_event_due  INTEGER NOT NULL DEFAULT 0 CHECK (road_event_due IN (0, 1)),
    casual      INTEGER NOT NULL DEFAULT 0 CHECK (casual IN (0, 1))
);

CREATE TABLE party_achievements (
    party_id  INTEGER NOT NULL REFERENCES parties(id),
    key       TEXT    NOT NULL,
    count     INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1),
    PRIMARY KEY (party_id, key)
);

-- A town visit, opened when the party returns to town (or at the start).
CREATE TABLE visits (
    id           INTEGER PRIMARY KEY,
    party_id     INTEGER NOT NULL REFERENCES parties(id),
    open         INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
    city_event   INTEGER NOT NULL DEFAULT 0 CHECK (city_event IN (0, 1))  -- a city event was drawn this visit
);

CREATE TABLE visit_donations (
    visit_id      INTEGER NOT NULL REFERENCES visits(id),
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    PRIMARY KEY (visit_id, character_id)
);

-- An event card drawn and not yet resolved.
CREATE TABLE pending_events (
    deck   TEXT    PRIMARY KEY CHECK (deck IN ('city', 'road')),
    card   INTEGER NOT NULL
);

-- Players (the people), for perks earned by retiring.
CREATE TABLE players (
    name         TEXT    PRIMARY KEY,
    extra_perks  INTEGER NOT NULL DEFAULT 0 CHECK (extra_perks >= 0)
);

CREATE TABLE characters (
    id              INTEGER PRIMARY KEY,
    party_id        INTEGER REFERENCES parties(id),
    player          TEXT,
    class           TEXT    NOT NULL,
    name            TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    level           INTEGER NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 9),
    xp              INTEGER NOT NULL DEFAULT 0 CHECK (xp >= 0),
    gold            INTEGER NOT NULL DEFAULT 0 CHECK (gold >= 0),
    checkmarks      INTEGER NOT NULL DEFAULT 0 CHECK (checkmarks >= 0),
    extra_perks     INTEGER NOT NULL DEFAULT 0 CHECK (extra_perks >= 0),  -- from the player's retirements, at creation
    quest           INTEGER,          -- personal quest kept
    quest_offer     TEXT,             -- JSON list of the two quests drawn, until one is kept
    quest_fulfilled INTEGER NOT NULL DEFAULT 0 CHECK (quest_fulfilled IN (0, 1)),
    retired         INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
);

-- Items owned; an item may be owned once per character.
CREATE TABLE character_items (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    item          INTEGER NOT NULL,
    PRIMARY KEY (character_id, item)
);

-- Perks taken: perk is the 1-based index into the class's perk list.
CREATE TABLE character_perks (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    perk          INTEGER NOT NULL,
    times         INTEGER NOT NULL DEFAULT 1 CHECK (times >= 1),
    PRIMARY KEY (character_id, perk)
);

-- Ability cards chosen at level-ups (level 1 and X cards are always in the pool).
CREATE TABLE character_cards (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    card          INTEGER NOT NULL,
    at_level      INTEGER NOT NULL,
    PRIMARY KEY (character_id, card)
);

-- Enhancement stickers; they belong to the class and outlive retirement.
CREATE TABLE enhancements (
    id        INTEGER PRIMARY KEY,
    class     TEXT    NOT NULL,
    card      INTEGER NOT NULL,
    action    TEXT    NOT NULL CHECK (action IN ('top', 'bottom')),
    sticker   TEXT    NOT NULL,
    cost      INTEGER NOT NULL,
    character_id INTEGER REFERENCES characters(id)
);

-- One-time campaign triggers that have fired (the Sun and Eclipse boxes at
-- reputation +10/-10, the reputation +20/-20 events, The Drake Aided).
CREATE TABLE milestones (
    key  TEXT PRIMARY KEY
);

-- history and undo_log (the change log and its exact undo) follow from
-- ghcli/data/history.sql, written once for every campaign kind.
