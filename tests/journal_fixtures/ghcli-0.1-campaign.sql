BEGIN TRANSACTION;
CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
INSERT INTO "_sqlite_migrations" VALUES(1,'ghcli','0001_schema','2026-12-01 20:59:51.314411+00:00');
INSERT INTO "_sqlite_migrations" VALUES(2,'ghcli','0002_solo_scenarios','2026-12-01 20:59:51.320669+00:00');
INSERT INTO "_sqlite_migrations" VALUES(3,'ghcli','0003_command_log','2026-12-01 20:59:51.327483+00:00');
CREATE TABLE campaign (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    name           TEXT    NOT NULL,
    prosperity     INTEGER NOT NULL DEFAULT 0 CHECK (prosperity >= 0),  -- checkmarks; the level is derived
    donations      INTEGER NOT NULL DEFAULT 0 CHECK (donations >= 0),   -- gold given to the Sanctuary, in total
    current_party  INTEGER REFERENCES parties(id),
    seed           INTEGER,                                             -- for reproducible shuffles and draws, if given
    created        TEXT    NOT NULL
);
INSERT INTO "campaign" VALUES(1,'Old',0,10,1,3,'2026-12-01T20:59:51+00:00');
CREATE TABLE character_cards (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    card          INTEGER NOT NULL,
    at_level      INTEGER NOT NULL,
    PRIMARY KEY (character_id, card)
);
CREATE TABLE character_items (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    item          INTEGER NOT NULL,
    PRIMARY KEY (character_id, item)
);
INSERT INTO "character_items" VALUES(1,1);
CREATE TABLE character_perks (
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    perk          INTEGER NOT NULL,
    times         INTEGER NOT NULL DEFAULT 1 CHECK (times >= 1),
    PRIMARY KEY (character_id, perk)
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
INSERT INTO "characters" VALUES(1,1,NULL,'brute','Ann',1,15,18,0,0,512,NULL,0,0);
INSERT INTO "characters" VALUES(2,1,NULL,'tinkerer','Bob',1,6,20,0,0,514,NULL,0,0);
CREATE TABLE enhancements (
    id        INTEGER PRIMARY KEY,
    class     TEXT    NOT NULL,
    card      INTEGER NOT NULL,
    action    TEXT    NOT NULL CHECK (action IN ('top', 'bottom')),
    sticker   TEXT    NOT NULL,
    cost      INTEGER NOT NULL,
    character_id INTEGER REFERENCES characters(id)
);
CREATE TABLE event_decks (
    deck      TEXT    NOT NULL CHECK (deck IN ('city', 'road')),
    position  INTEGER NOT NULL,
    card      INTEGER NOT NULL,
    PRIMARY KEY (deck, position),
    UNIQUE (deck, card)
);
INSERT INTO "event_decks" VALUES('city',0,13);
INSERT INTO "event_decks" VALUES('city',1,30);
INSERT INTO "event_decks" VALUES('city',2,10);
INSERT INTO "event_decks" VALUES('city',3,16);
INSERT INTO "event_decks" VALUES('city',4,20);
INSERT INTO "event_decks" VALUES('city',5,28);
INSERT INTO "event_decks" VALUES('city',6,25);
INSERT INTO "event_decks" VALUES('city',7,8);
INSERT INTO "event_decks" VALUES('city',8,2);
INSERT INTO "event_decks" VALUES('city',9,26);
INSERT INTO "event_decks" VALUES('city',10,22);
INSERT INTO "event_decks" VALUES('city',11,7);
INSERT INTO "event_decks" VALUES('city',12,21);
INSERT INTO "event_decks" VALUES('city',13,5);
INSERT INTO "event_decks" VALUES('city',14,11);
INSERT INTO "event_decks" VALUES('city',15,29);
INSERT INTO "event_decks" VALUES('city',16,3);
INSERT INTO "event_decks" VALUES('city',17,15);
INSERT INTO "event_decks" VALUES('city',18,17);
INSERT INTO "event_decks" VALUES('city',19,6);
INSERT INTO "event_decks" VALUES('city',20,24);
INSERT INTO "event_decks" VALUES('city',21,14);
INSERT INTO "event_decks" VALUES('city',22,1);
INSERT INTO "event_decks" VALUES('city',23,9);
INSERT INTO "event_decks" VALUES('city',24,27);
INSERT INTO "event_decks" VALUES('city',25,12);
INSERT INTO "event_decks" VALUES('city',26,4);
INSERT INTO "event_decks" VALUES('city',27,23);
INSERT INTO "event_decks" VALUES('city',28,18);
INSERT INTO "event_decks" VALUES('city',29,19);
INSERT INTO "event_decks" VALUES('road',0,15);
INSERT INTO "event_decks" VALUES('road',1,27);
INSERT INTO "event_decks" VALUES('road',2,6);
INSERT INTO "event_decks" VALUES('road',3,13);
INSERT INTO "event_decks" VALUES('road',4,28);
INSERT INTO "event_decks" VALUES('road',5,21);
INSERT INTO "event_decks" VALUES('road',6,16);
INSERT INTO "event_decks" VALUES('road',7,3);
INSERT INTO "event_decks" VALUES('road',8,5);
INSERT INTO "event_decks" VALUES('road',9,7);
INSERT INTO "event_decks" VALUES('road',10,23);
INSERT INTO "event_decks" VALUES('road',11,4);
INSERT INTO "event_decks" VALUES('road',12,18);
INSERT INTO "event_decks" VALUES('road',13,24);
INSERT INTO "event_decks" VALUES('road',14,20);
INSERT INTO "event_decks" VALUES('road',15,26);
INSERT INTO "event_decks" VALUES('road',16,25);
INSERT INTO "event_decks" VALUES('road',17,11);
INSERT INTO "event_decks" VALUES('road',18,8);
INSERT INTO "event_decks" VALUES('road',19,2);
INSERT INTO "event_decks" VALUES('road',20,29);
INSERT INTO "event_decks" VALUES('road',21,9);
INSERT INTO "event_decks" VALUES('road',22,22);
INSERT INTO "event_decks" VALUES('road',23,10);
INSERT INTO "event_decks" VALUES('road',24,17);
INSERT INTO "event_decks" VALUES('road',25,19);
INSERT INTO "event_decks" VALUES('road',26,14);
INSERT INTO "event_decks" VALUES('road',27,1);
INSERT INTO "event_decks" VALUES('road',28,30);
INSERT INTO "event_decks" VALUES('road',29,12);
CREATE TABLE global_achievements (
    key    TEXT    PRIMARY KEY,
    count  INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1)
);
CREATE TABLE history (
    id       INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,
    command  TEXT NOT NULL,
    summary  TEXT NOT NULL
, uid TEXT, clock TEXT, player TEXT, version TEXT, op TEXT, args TEXT, draws TEXT, status TEXT NOT NULL DEFAULT 'ok', reason TEXT);
INSERT INTO "history" VALUES(1,'2026-12-01T20:59:51+00:00','init','new campaign ''Old'', party ''Party''','08fb5309bd834c7ba7e2a7563ba9bed8','1796158791339-0000','Ann','0.1.0','init','{"name":"Old","party":"Party","seed":3}','[["shuffle",[13,30,10,16,20,28,25,8,2,26,22,7,21,5,11,29,3,15,17,6,24,14,1,9,27,12,4,23,18,19]],["shuffle",[12,15,27,6,13,28,21,16,3,5,7,23,4,18,24,20,26,25,11,8,2,29,9,22,10,17,19,14,1,30]]]','ok',NULL);
INSERT INTO "history" VALUES(2,'2026-12-01T20:59:51+00:00','character new','new Brute Ann (level 1)','27ee5ce5c56d40d586b19c8c8a3c5dde','1796158791527-0000','Ann','0.1.0','character new','{"cards":[],"class_name":"brute","level":1,"name":"Ann","player":null,"quest":512}','[]','ok',NULL);
INSERT INTO "history" VALUES(3,'2026-12-01T20:59:51+00:00','character new','new Tinkerer Bob (level 1)','916eadc8a8e64960a098403713e09eef','1796158791748-0000','Ann','0.1.0','character new','{"cards":[],"class_name":"tinkerer","level":1,"name":"Bob","player":null,"quest":514}','[]','ok',NULL);
INSERT INTO "history" VALUES(4,'2026-12-01T20:59:51+00:00','travel','travel to scenario 1 Black Barrow; road event due','c62799d369994798a42881b3172e81a8','1796158791954-0000','Ann','0.1.0','travel','{"casual":false,"number":1,"replay":false}','[]','ok',NULL);
INSERT INTO "history" VALUES(5,'2026-12-01T20:59:52+00:00','event draw','drew road event 12','aa8a001a8ac94ed1968ab49287d0b71d','1796158792210-0000','Ann','0.1.0','event draw','{"deck":"road"}','[]','ok',NULL);
INSERT INTO "history" VALUES(6,'2026-12-01T20:59:52+00:00','event resolve','road event 12 option A: card 12 returned to the bottom','6be7799640014c0dabbd2e3f45fe3b4e','1796158792436-0000','Ann','0.1.0','event resolve','{"deck":"road","option":"A","outcome":{"achievements":[],"add_events":[],"checkmarks":{},"checkmarks_each":0,"gold":{},"gold_each":0,"item_designs":[],"items":[],"lose_achievements":[],"prosperity":0,"reputation":0,"unlock_scenarios":[],"xp":{},"xp_each":0},"remove":false}','[]','ok',NULL);
INSERT INTO "history" VALUES(7,'2026-12-01T20:59:52+00:00','scenario finish','scenario 1 Black Barrow won at level 1; achievement First Steps; scenario 2 unlocked; scenario 1 completed','db988db1174541609a39b70e6905fb5a','1796158792772-0000','Ann','0.1.0','scenario finish','{"absent":[],"casual":false,"checkmarks":{},"choose":null,"coins":{"Ann":4},"items":[],"level":null,"number":"1","won":true,"xp":{"Ann":9}}','[]','ok',NULL);
INSERT INTO "history" VALUES(8,'2026-12-01T20:59:52+00:00','return','return to town from scenario 1 (visit 2)','1d91dc9db4a34c319e4d29254c4b9f2d','1796158793036-0000','Ann','0.1.0','return','{}','[]','ok',NULL);
INSERT INTO "history" VALUES(9,'2026-12-01T20:59:53+00:00','buy','Ann bought item 1 Boots of Striding for 20 gold','fa5462db6c574277ae077a92fefd7c1a','1796158793260-0000','Ann','0.1.0','buy','{"item_name":"1","name":"Ann"}','[]','ok',NULL);
INSERT INTO "history" VALUES(10,'2026-12-01T20:59:53+00:00','donate','Bob donated 10 gold (2 bless cards next scenario); donations 10','c979830924e14094ad47612518e779c5','1796158793496-0000','Ann','0.1.0','donate','{"name":"Bob"}','[]','ok',NULL);
CREATE TABLE item_designs (
    item  INTEGER PRIMARY KEY
);
CREATE TABLE milestones (
    key  TEXT PRIMARY KEY
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
INSERT INTO "parties" VALUES(1,'Party',0,'town',1,0,0);
CREATE TABLE party_achievements (
    party_id  INTEGER NOT NULL REFERENCES parties(id),
    key       TEXT    NOT NULL,
    count     INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1),
    PRIMARY KEY (party_id, key)
);
INSERT INTO "party_achievements" VALUES(1,'first-steps',1);
CREATE TABLE pending_events (
    deck   TEXT    PRIMARY KEY CHECK (deck IN ('city', 'road')),
    card   INTEGER NOT NULL
);
CREATE TABLE players (
    name         TEXT    PRIMARY KEY,
    extra_perks  INTEGER NOT NULL DEFAULT 0 CHECK (extra_perks >= 0)
);
CREATE TABLE retired_classes (
    class  TEXT PRIMARY KEY
);
CREATE TABLE scenarios (
    number     INTEGER PRIMARY KEY,
    unlocked   INTEGER NOT NULL DEFAULT 1 CHECK (unlocked IN (0, 1)),
    completed  INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
    blocked    INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1))
);
INSERT INTO "scenarios" VALUES(1,1,1,0);
INSERT INTO "scenarios" VALUES(2,1,0,0);
CREATE TABLE solo_results (
            id            INTEGER PRIMARY KEY,
            character_id  INTEGER NOT NULL REFERENCES characters(id),
            class         TEXT    NOT NULL,
            won           INTEGER NOT NULL CHECK (won IN (0, 1)),
            level         INTEGER NOT NULL CHECK (level BETWEEN 0 AND 7),
            item          INTEGER            -- the reward item this win gave, if any
        );
CREATE TABLE supply (
    item    INTEGER PRIMARY KEY,
    copies  INTEGER NOT NULL CHECK (copies >= 0)
);
INSERT INTO "supply" VALUES(1,1);
INSERT INTO "supply" VALUES(2,2);
INSERT INTO "supply" VALUES(3,2);
INSERT INTO "supply" VALUES(4,2);
INSERT INTO "supply" VALUES(5,2);
INSERT INTO "supply" VALUES(6,2);
INSERT INTO "supply" VALUES(7,2);
INSERT INTO "supply" VALUES(8,2);
INSERT INTO "supply" VALUES(9,2);
INSERT INTO "supply" VALUES(10,2);
INSERT INTO "supply" VALUES(11,2);
INSERT INTO "supply" VALUES(12,4);
INSERT INTO "supply" VALUES(13,4);
INSERT INTO "supply" VALUES(14,4);
CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE undo_log (
    seq         INTEGER PRIMARY KEY,
    history_id  INTEGER,
    sql         TEXT NOT NULL
);
INSERT INTO "undo_log" VALUES(1,1,'DELETE FROM "parties" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(2,1,'DELETE FROM "campaign" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(3,1,'DELETE FROM "visits" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(4,1,'DELETE FROM "unlocked_classes" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(5,1,'DELETE FROM "unlocked_classes" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(6,1,'DELETE FROM "unlocked_classes" WHERE rowid = 3');
INSERT INTO "undo_log" VALUES(7,1,'DELETE FROM "unlocked_classes" WHERE rowid = 4');
INSERT INTO "undo_log" VALUES(8,1,'DELETE FROM "unlocked_classes" WHERE rowid = 5');
INSERT INTO "undo_log" VALUES(9,1,'DELETE FROM "unlocked_classes" WHERE rowid = 6');
INSERT INTO "undo_log" VALUES(10,1,'DELETE FROM "supply" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(11,1,'DELETE FROM "supply" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(12,1,'DELETE FROM "supply" WHERE rowid = 3');
INSERT INTO "undo_log" VALUES(13,1,'DELETE FROM "supply" WHERE rowid = 4');
INSERT INTO "undo_log" VALUES(14,1,'DELETE FROM "supply" WHERE rowid = 5');
INSERT INTO "undo_log" VALUES(15,1,'DELETE FROM "supply" WHERE rowid = 6');
INSERT INTO "undo_log" VALUES(16,1,'DELETE FROM "supply" WHERE rowid = 7');
INSERT INTO "undo_log" VALUES(17,1,'DELETE FROM "supply" WHERE rowid = 8');
INSERT INTO "undo_log" VALUES(18,1,'DELETE FROM "supply" WHERE rowid = 9');
INSERT INTO "undo_log" VALUES(19,1,'DELETE FROM "supply" WHERE rowid = 10');
INSERT INTO "undo_log" VALUES(20,1,'DELETE FROM "supply" WHERE rowid = 11');
INSERT INTO "undo_log" VALUES(21,1,'DELETE FROM "supply" WHERE rowid = 12');
INSERT INTO "undo_log" VALUES(22,1,'DELETE FROM "supply" WHERE rowid = 13');
INSERT INTO "undo_log" VALUES(23,1,'DELETE FROM "supply" WHERE rowid = 14');
INSERT INTO "undo_log" VALUES(24,1,'DELETE FROM "event_decks" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(25,1,'DELETE FROM "event_decks" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(26,1,'DELETE FROM "event_decks" WHERE rowid = 3');
INSERT INTO "undo_log" VALUES(27,1,'DELETE FROM "event_decks" WHERE rowid = 4');
INSERT INTO "undo_log" VALUES(28,1,'DELETE FROM "event_decks" WHERE rowid = 5');
INSERT INTO "undo_log" VALUES(29,1,'DELETE FROM "event_decks" WHERE rowid = 6');
INSERT INTO "undo_log" VALUES(30,1,'DELETE FROM "event_decks" WHERE rowid = 7');
INSERT INTO "undo_log" VALUES(31,1,'DELETE FROM "event_decks" WHERE rowid = 8');
INSERT INTO "undo_log" VALUES(32,1,'DELETE FROM "event_decks" WHERE rowid = 9');
INSERT INTO "undo_log" VALUES(33,1,'DELETE FROM "event_decks" WHERE rowid = 10');
INSERT INTO "undo_log" VALUES(34,1,'DELETE FROM "event_decks" WHERE rowid = 11');
INSERT INTO "undo_log" VALUES(35,1,'DELETE FROM "event_decks" WHERE rowid = 12');
INSERT INTO "undo_log" VALUES(36,1,'DELETE FROM "event_decks" WHERE rowid = 13');
INSERT INTO "undo_log" VALUES(37,1,'DELETE FROM "event_decks" WHERE rowid = 14');
INSERT INTO "undo_log" VALUES(38,1,'DELETE FROM "event_decks" WHERE rowid = 15');
INSERT INTO "undo_log" VALUES(39,1,'DELETE FROM "event_decks" WHERE rowid = 16');
INSERT INTO "undo_log" VALUES(40,1,'DELETE FROM "event_decks" WHERE rowid = 17');
INSERT INTO "undo_log" VALUES(41,1,'DELETE FROM "event_decks" WHERE rowid = 18');
INSERT INTO "undo_log" VALUES(42,1,'DELETE FROM "event_decks" WHERE rowid = 19');
INSERT INTO "undo_log" VALUES(43,1,'DELETE FROM "event_decks" WHERE rowid = 20');
INSERT INTO "undo_log" VALUES(44,1,'DELETE FROM "event_decks" WHERE rowid = 21');
INSERT INTO "undo_log" VALUES(45,1,'DELETE FROM "event_decks" WHERE rowid = 22');
INSERT INTO "undo_log" VALUES(46,1,'DELETE FROM "event_decks" WHERE rowid = 23');
INSERT INTO "undo_log" VALUES(47,1,'DELETE FROM "event_decks" WHERE rowid = 24');
INSERT INTO "undo_log" VALUES(48,1,'DELETE FROM "event_decks" WHERE rowid = 25');
INSERT INTO "undo_log" VALUES(49,1,'DELETE FROM "event_decks" WHERE rowid = 26');
INSERT INTO "undo_log" VALUES(50,1,'DELETE FROM "event_decks" WHERE rowid = 27');
INSERT INTO "undo_log" VALUES(51,1,'DELETE FROM "event_decks" WHERE rowid = 28');
INSERT INTO "undo_log" VALUES(52,1,'DELETE FROM "event_decks" WHERE rowid = 29');
INSERT INTO "undo_log" VALUES(53,1,'DELETE FROM "event_decks" WHERE rowid = 30');
INSERT INTO "undo_log" VALUES(54,1,'DELETE FROM "event_decks" WHERE rowid = 31');
INSERT INTO "undo_log" VALUES(55,1,'DELETE FROM "event_decks" WHERE rowid = 32');
INSERT INTO "undo_log" VALUES(56,1,'DELETE FROM "event_decks" WHERE rowid = 33');
INSERT INTO "undo_log" VALUES(57,1,'DELETE FROM "event_decks" WHERE rowid = 34');
INSERT INTO "undo_log" VALUES(58,1,'DELETE FROM "event_decks" WHERE rowid = 35');
INSERT INTO "undo_log" VALUES(59,1,'DELETE FROM "event_decks" WHERE rowid = 36');
INSERT INTO "undo_log" VALUES(60,1,'DELETE FROM "event_decks" WHERE rowid = 37');
INSERT INTO "undo_log" VALUES(61,1,'DELETE FROM "event_decks" WHERE rowid = 38');
INSERT INTO "undo_log" VALUES(62,1,'DELETE FROM "event_decks" WHERE rowid = 39');
INSERT INTO "undo_log" VALUES(63,1,'DELETE FROM "event_decks" WHERE rowid = 40');
INSERT INTO "undo_log" VALUES(64,1,'DELETE FROM "event_decks" WHERE rowid = 41');
INSERT INTO "undo_log" VALUES(65,1,'DELETE FROM "event_decks" WHERE rowid = 42');
INSERT INTO "undo_log" VALUES(66,1,'DELETE FROM "event_decks" WHERE rowid = 43');
INSERT INTO "undo_log" VALUES(67,1,'DELETE FROM "event_decks" WHERE rowid = 44');
INSERT INTO "undo_log" VALUES(68,1,'DELETE FROM "event_decks" WHERE rowid = 45');
INSERT INTO "undo_log" VALUES(69,1,'DELETE FROM "event_decks" WHERE rowid = 46');
INSERT INTO "undo_log" VALUES(70,1,'DELETE FROM "event_decks" WHERE rowid = 47');
INSERT INTO "undo_log" VALUES(71,1,'DELETE FROM "event_decks" WHERE rowid = 48');
INSERT INTO "undo_log" VALUES(72,1,'DELETE FROM "event_decks" WHERE rowid = 49');
INSERT INTO "undo_log" VALUES(73,1,'DELETE FROM "event_decks" WHERE rowid = 50');
INSERT INTO "undo_log" VALUES(74,1,'DELETE FROM "event_decks" WHERE rowid = 51');
INSERT INTO "undo_log" VALUES(75,1,'DELETE FROM "event_decks" WHERE rowid = 52');
INSERT INTO "undo_log" VALUES(76,1,'DELETE FROM "event_decks" WHERE rowid = 53');
INSERT INTO "undo_log" VALUES(77,1,'DELETE FROM "event_decks" WHERE rowid = 54');
INSERT INTO "undo_log" VALUES(78,1,'DELETE FROM "event_decks" WHERE rowid = 55');
INSERT INTO "undo_log" VALUES(79,1,'DELETE FROM "event_decks" WHERE rowid = 56');
INSERT INTO "undo_log" VALUES(80,1,'DELETE FROM "event_decks" WHERE rowid = 57');
INSERT INTO "undo_log" VALUES(81,1,'DELETE FROM "event_decks" WHERE rowid = 58');
INSERT INTO "undo_log" VALUES(82,1,'DELETE FROM "event_decks" WHERE rowid = 59');
INSERT INTO "undo_log" VALUES(83,1,'DELETE FROM "event_decks" WHERE rowid = 60');
INSERT INTO "undo_log" VALUES(84,1,'DELETE FROM "scenarios" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(85,2,'DELETE FROM "characters" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(86,3,'DELETE FROM "characters" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(87,4,'UPDATE "visits" SET "id" = 1, "party_id" = 1, "open" = 1, "city_event" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(88,4,'UPDATE "parties" SET "id" = 1, "name" = ''Party'', "reputation" = 0, "location" = ''town'', "scenario" = NULL, "road_event_due" = 0, "casual" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(89,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (31, ''road'', 0, 12)');
INSERT INTO "undo_log" VALUES(90,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (32, ''road'', 1, 15)');
INSERT INTO "undo_log" VALUES(91,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (33, ''road'', 2, 27)');
INSERT INTO "undo_log" VALUES(92,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (34, ''road'', 3, 6)');
INSERT INTO "undo_log" VALUES(93,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (35, ''road'', 4, 13)');
INSERT INTO "undo_log" VALUES(94,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (36, ''road'', 5, 28)');
INSERT INTO "undo_log" VALUES(95,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (37, ''road'', 6, 21)');
INSERT INTO "undo_log" VALUES(96,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (38, ''road'', 7, 16)');
INSERT INTO "undo_log" VALUES(97,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (39, ''road'', 8, 3)');
INSERT INTO "undo_log" VALUES(98,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (40, ''road'', 9, 5)');
INSERT INTO "undo_log" VALUES(99,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (41, ''road'', 10, 7)');
INSERT INTO "undo_log" VALUES(100,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (42, ''road'', 11, 23)');
INSERT INTO "undo_log" VALUES(101,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (43, ''road'', 12, 4)');
INSERT INTO "undo_log" VALUES(102,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (44, ''road'', 13, 18)');
INSERT INTO "undo_log" VALUES(103,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (45, ''road'', 14, 24)');
INSERT INTO "undo_log" VALUES(104,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (46, ''road'', 15, 20)');
INSERT INTO "undo_log" VALUES(105,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (47, ''road'', 16, 26)');
INSERT INTO "undo_log" VALUES(106,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (48, ''road'', 17, 25)');
INSERT INTO "undo_log" VALUES(107,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (49, ''road'', 18, 11)');
INSERT INTO "undo_log" VALUES(108,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (50, ''road'', 19, 8)');
INSERT INTO "undo_log" VALUES(109,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (51, ''road'', 20, 2)');
INSERT INTO "undo_log" VALUES(110,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (52, ''road'', 21, 29)');
INSERT INTO "undo_log" VALUES(111,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (53, ''road'', 22, 9)');
INSERT INTO "undo_log" VALUES(112,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (54, ''road'', 23, 22)');
INSERT INTO "undo_log" VALUES(113,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (55, ''road'', 24, 10)');
INSERT INTO "undo_log" VALUES(114,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (56, ''road'', 25, 17)');
INSERT INTO "undo_log" VALUES(115,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (57, ''road'', 26, 19)');
INSERT INTO "undo_log" VALUES(116,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (58, ''road'', 27, 14)');
INSERT INTO "undo_log" VALUES(117,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (59, ''road'', 28, 1)');
INSERT INTO "undo_log" VALUES(118,5,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (60, ''road'', 29, 30)');
INSERT INTO "undo_log" VALUES(119,5,'DELETE FROM "event_decks" WHERE rowid = 31');
INSERT INTO "undo_log" VALUES(120,5,'DELETE FROM "event_decks" WHERE rowid = 32');
INSERT INTO "undo_log" VALUES(121,5,'DELETE FROM "event_decks" WHERE rowid = 33');
INSERT INTO "undo_log" VALUES(122,5,'DELETE FROM "event_decks" WHERE rowid = 34');
INSERT INTO "undo_log" VALUES(123,5,'DELETE FROM "event_decks" WHERE rowid = 35');
INSERT INTO "undo_log" VALUES(124,5,'DELETE FROM "event_decks" WHERE rowid = 36');
INSERT INTO "undo_log" VALUES(125,5,'DELETE FROM "event_decks" WHERE rowid = 37');
INSERT INTO "undo_log" VALUES(126,5,'DELETE FROM "event_decks" WHERE rowid = 38');
INSERT INTO "undo_log" VALUES(127,5,'DELETE FROM "event_decks" WHERE rowid = 39');
INSERT INTO "undo_log" VALUES(128,5,'DELETE FROM "event_decks" WHERE rowid = 40');
INSERT INTO "undo_log" VALUES(129,5,'DELETE FROM "event_decks" WHERE rowid = 41');
INSERT INTO "undo_log" VALUES(130,5,'DELETE FROM "event_decks" WHERE rowid = 42');
INSERT INTO "undo_log" VALUES(131,5,'DELETE FROM "event_decks" WHERE rowid = 43');
INSERT INTO "undo_log" VALUES(132,5,'DELETE FROM "event_decks" WHERE rowid = 44');
INSERT INTO "undo_log" VALUES(133,5,'DELETE FROM "event_decks" WHERE rowid = 45');
INSERT INTO "undo_log" VALUES(134,5,'DELETE FROM "event_decks" WHERE rowid = 46');
INSERT INTO "undo_log" VALUES(135,5,'DELETE FROM "event_decks" WHERE rowid = 47');
INSERT INTO "undo_log" VALUES(136,5,'DELETE FROM "event_decks" WHERE rowid = 48');
INSERT INTO "undo_log" VALUES(137,5,'DELETE FROM "event_decks" WHERE rowid = 49');
INSERT INTO "undo_log" VALUES(138,5,'DELETE FROM "event_decks" WHERE rowid = 50');
INSERT INTO "undo_log" VALUES(139,5,'DELETE FROM "event_decks" WHERE rowid = 51');
INSERT INTO "undo_log" VALUES(140,5,'DELETE FROM "event_decks" WHERE rowid = 52');
INSERT INTO "undo_log" VALUES(141,5,'DELETE FROM "event_decks" WHERE rowid = 53');
INSERT INTO "undo_log" VALUES(142,5,'DELETE FROM "event_decks" WHERE rowid = 54');
INSERT INTO "undo_log" VALUES(143,5,'DELETE FROM "event_decks" WHERE rowid = 55');
INSERT INTO "undo_log" VALUES(144,5,'DELETE FROM "event_decks" WHERE rowid = 56');
INSERT INTO "undo_log" VALUES(145,5,'DELETE FROM "event_decks" WHERE rowid = 57');
INSERT INTO "undo_log" VALUES(146,5,'DELETE FROM "event_decks" WHERE rowid = 58');
INSERT INTO "undo_log" VALUES(147,5,'DELETE FROM "event_decks" WHERE rowid = 59');
INSERT INTO "undo_log" VALUES(148,5,'DELETE FROM "pending_events" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(149,6,'UPDATE "characters" SET "id" = 1, "party_id" = 1, "player" = NULL, "class" = ''brute'', "name" = ''Ann'', "level" = 1, "xp" = 0, "gold" = 30, "checkmarks" = 0, "extra_perks" = 0, "quest" = 512, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(150,6,'UPDATE "characters" SET "id" = 2, "party_id" = 1, "player" = NULL, "class" = ''tinkerer'', "name" = ''Bob'', "level" = 1, "xp" = 0, "gold" = 30, "checkmarks" = 0, "extra_perks" = 0, "quest" = 514, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(151,6,'INSERT INTO "pending_events" (rowid, "deck", "card") VALUES (1, ''road'', 12)');
INSERT INTO "undo_log" VALUES(152,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (31, ''road'', 0, 15)');
INSERT INTO "undo_log" VALUES(153,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (32, ''road'', 1, 27)');
INSERT INTO "undo_log" VALUES(154,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (33, ''road'', 2, 6)');
INSERT INTO "undo_log" VALUES(155,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (34, ''road'', 3, 13)');
INSERT INTO "undo_log" VALUES(156,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (35, ''road'', 4, 28)');
INSERT INTO "undo_log" VALUES(157,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (36, ''road'', 5, 21)');
INSERT INTO "undo_log" VALUES(158,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (37, ''road'', 6, 16)');
INSERT INTO "undo_log" VALUES(159,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (38, ''road'', 7, 3)');
INSERT INTO "undo_log" VALUES(160,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (39, ''road'', 8, 5)');
INSERT INTO "undo_log" VALUES(161,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (40, ''road'', 9, 7)');
INSERT INTO "undo_log" VALUES(162,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (41, ''road'', 10, 23)');
INSERT INTO "undo_log" VALUES(163,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (42, ''road'', 11, 4)');
INSERT INTO "undo_log" VALUES(164,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (43, ''road'', 12, 18)');
INSERT INTO "undo_log" VALUES(165,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (44, ''road'', 13, 24)');
INSERT INTO "undo_log" VALUES(166,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (45, ''road'', 14, 20)');
INSERT INTO "undo_log" VALUES(167,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (46, ''road'', 15, 26)');
INSERT INTO "undo_log" VALUES(168,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (47, ''road'', 16, 25)');
INSERT INTO "undo_log" VALUES(169,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (48, ''road'', 17, 11)');
INSERT INTO "undo_log" VALUES(170,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (49, ''road'', 18, 8)');
INSERT INTO "undo_log" VALUES(171,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (50, ''road'', 19, 2)');
INSERT INTO "undo_log" VALUES(172,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (51, ''road'', 20, 29)');
INSERT INTO "undo_log" VALUES(173,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (52, ''road'', 21, 9)');
INSERT INTO "undo_log" VALUES(174,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (53, ''road'', 22, 22)');
INSERT INTO "undo_log" VALUES(175,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (54, ''road'', 23, 10)');
INSERT INTO "undo_log" VALUES(176,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (55, ''road'', 24, 17)');
INSERT INTO "undo_log" VALUES(177,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (56, ''road'', 25, 19)');
INSERT INTO "undo_log" VALUES(178,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (57, ''road'', 26, 14)');
INSERT INTO "undo_log" VALUES(179,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (58, ''road'', 27, 1)');
INSERT INTO "undo_log" VALUES(180,6,'INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (59, ''road'', 28, 30)');
INSERT INTO "undo_log" VALUES(181,6,'DELETE FROM "event_decks" WHERE rowid = 31');
INSERT INTO "undo_log" VALUES(182,6,'DELETE FROM "event_decks" WHERE rowid = 32');
INSERT INTO "undo_log" VALUES(183,6,'DELETE FROM "event_decks" WHERE rowid = 33');
INSERT INTO "undo_log" VALUES(184,6,'DELETE FROM "event_decks" WHERE rowid = 34');
INSERT INTO "undo_log" VALUES(185,6,'DELETE FROM "event_decks" WHERE rowid = 35');
INSERT INTO "undo_log" VALUES(186,6,'DELETE FROM "event_decks" WHERE rowid = 36');
INSERT INTO "undo_log" VALUES(187,6,'DELETE FROM "event_decks" WHERE rowid = 37');
INSERT INTO "undo_log" VALUES(188,6,'DELETE FROM "event_decks" WHERE rowid = 38');
INSERT INTO "undo_log" VALUES(189,6,'DELETE FROM "event_decks" WHERE rowid = 39');
INSERT INTO "undo_log" VALUES(190,6,'DELETE FROM "event_decks" WHERE rowid = 40');
INSERT INTO "undo_log" VALUES(191,6,'DELETE FROM "event_decks" WHERE rowid = 41');
INSERT INTO "undo_log" VALUES(192,6,'DELETE FROM "event_decks" WHERE rowid = 42');
INSERT INTO "undo_log" VALUES(193,6,'DELETE FROM "event_decks" WHERE rowid = 43');
INSERT INTO "undo_log" VALUES(194,6,'DELETE FROM "event_decks" WHERE rowid = 44');
INSERT INTO "undo_log" VALUES(195,6,'DELETE FROM "event_decks" WHERE rowid = 45');
INSERT INTO "undo_log" VALUES(196,6,'DELETE FROM "event_decks" WHERE rowid = 46');
INSERT INTO "undo_log" VALUES(197,6,'DELETE FROM "event_decks" WHERE rowid = 47');
INSERT INTO "undo_log" VALUES(198,6,'DELETE FROM "event_decks" WHERE rowid = 48');
INSERT INTO "undo_log" VALUES(199,6,'DELETE FROM "event_decks" WHERE rowid = 49');
INSERT INTO "undo_log" VALUES(200,6,'DELETE FROM "event_decks" WHERE rowid = 50');
INSERT INTO "undo_log" VALUES(201,6,'DELETE FROM "event_decks" WHERE rowid = 51');
INSERT INTO "undo_log" VALUES(202,6,'DELETE FROM "event_decks" WHERE rowid = 52');
INSERT INTO "undo_log" VALUES(203,6,'DELETE FROM "event_decks" WHERE rowid = 53');
INSERT INTO "undo_log" VALUES(204,6,'DELETE FROM "event_decks" WHERE rowid = 54');
INSERT INTO "undo_log" VALUES(205,6,'DELETE FROM "event_decks" WHERE rowid = 55');
INSERT INTO "undo_log" VALUES(206,6,'DELETE FROM "event_decks" WHERE rowid = 56');
INSERT INTO "undo_log" VALUES(207,6,'DELETE FROM "event_decks" WHERE rowid = 57');
INSERT INTO "undo_log" VALUES(208,6,'DELETE FROM "event_decks" WHERE rowid = 58');
INSERT INTO "undo_log" VALUES(209,6,'DELETE FROM "event_decks" WHERE rowid = 59');
INSERT INTO "undo_log" VALUES(210,6,'DELETE FROM "event_decks" WHERE rowid = 60');
INSERT INTO "undo_log" VALUES(211,6,'UPDATE "parties" SET "id" = 1, "name" = ''Party'', "reputation" = 0, "location" = ''road'', "scenario" = 1, "road_event_due" = 1, "casual" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(212,7,'UPDATE "characters" SET "id" = 1, "party_id" = 1, "player" = NULL, "class" = ''brute'', "name" = ''Ann'', "level" = 1, "xp" = 0, "gold" = 30, "checkmarks" = 0, "extra_perks" = 0, "quest" = 512, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(213,7,'UPDATE "characters" SET "id" = 2, "party_id" = 1, "player" = NULL, "class" = ''tinkerer'', "name" = ''Bob'', "level" = 1, "xp" = 0, "gold" = 30, "checkmarks" = 0, "extra_perks" = 0, "quest" = 514, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(214,7,'DELETE FROM "party_achievements" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(215,7,'DELETE FROM "scenarios" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(216,7,'UPDATE "scenarios" SET "number" = 1, "unlocked" = 1, "completed" = 0, "blocked" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(217,7,'UPDATE "parties" SET "id" = 1, "name" = ''Party'', "reputation" = 0, "location" = ''road'', "scenario" = 1, "road_event_due" = 0, "casual" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(218,8,'DELETE FROM "visits" WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(219,8,'UPDATE "parties" SET "id" = 1, "name" = ''Party'', "reputation" = 0, "location" = ''scenario'', "scenario" = 1, "road_event_due" = 0, "casual" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(220,9,'UPDATE "supply" SET "item" = 1, "copies" = 2 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(221,9,'DELETE FROM "character_items" WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(222,9,'UPDATE "characters" SET "id" = 1, "party_id" = 1, "player" = NULL, "class" = ''brute'', "name" = ''Ann'', "level" = 1, "xp" = 15, "gold" = 38, "checkmarks" = 0, "extra_perks" = 0, "quest" = 512, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(223,10,'UPDATE "characters" SET "id" = 2, "party_id" = 1, "player" = NULL, "class" = ''tinkerer'', "name" = ''Bob'', "level" = 1, "xp" = 6, "gold" = 30, "checkmarks" = 0, "extra_perks" = 0, "quest" = 514, "quest_offer" = NULL, "quest_fulfilled" = 0, "retired" = 0 WHERE rowid = 2');
INSERT INTO "undo_log" VALUES(224,10,'UPDATE "campaign" SET "id" = 1, "name" = ''Old'', "prosperity" = 0, "donations" = 0, "current_party" = 1, "seed" = 3, "created" = ''2026-12-01T20:59:51+00:00'' WHERE rowid = 1');
INSERT INTO "undo_log" VALUES(225,10,'DELETE FROM "visit_donations" WHERE rowid = 1');
CREATE TABLE unlocked_classes (
    class  TEXT PRIMARY KEY
);
INSERT INTO "unlocked_classes" VALUES('brute');
INSERT INTO "unlocked_classes" VALUES('tinkerer');
INSERT INTO "unlocked_classes" VALUES('spellweaver');
INSERT INTO "unlocked_classes" VALUES('scoundrel');
INSERT INTO "unlocked_classes" VALUES('cragheart');
INSERT INTO "unlocked_classes" VALUES('mindthief');
CREATE TABLE visit_donations (
    visit_id      INTEGER NOT NULL REFERENCES visits(id),
    character_id  INTEGER NOT NULL REFERENCES characters(id),
    PRIMARY KEY (visit_id, character_id)
);
INSERT INTO "visit_donations" VALUES(2,2);
CREATE TABLE visits (
    id           INTEGER PRIMARY KEY,
    party_id     INTEGER NOT NULL REFERENCES parties(id),
    open         INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
    city_event   INTEGER NOT NULL DEFAULT 0 CHECK (city_event IN (0, 1))  -- a city event was drawn this visit
);
INSERT INTO "visits" VALUES(1,1,0,0);
INSERT INTO "visits" VALUES(2,1,1,0);
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE UNIQUE INDEX history_uid ON history(uid);
CREATE TRIGGER "undo_campaign_insert" AFTER INSERT ON "campaign" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "campaign" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_campaign_update" AFTER UPDATE ON "campaign" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "campaign" SET ' || '"id" = ' || quote(old."id") || ', ' || '"name" = ' || quote(old."name") || ', ' || '"prosperity" = ' || quote(old."prosperity") || ', ' || '"donations" = ' || quote(old."donations") || ', ' || '"current_party" = ' || quote(old."current_party") || ', ' || '"seed" = ' || quote(old."seed") || ', ' || '"created" = ' || quote(old."created") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_campaign_delete" AFTER DELETE ON "campaign" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "campaign" (rowid, "id", "name", "prosperity", "donations", "current_party", "seed", "created") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."name") || ', ' || quote(old."prosperity") || ', ' || quote(old."donations") || ', ' || quote(old."current_party") || ', ' || quote(old."seed") || ', ' || quote(old."created") || ')'); END;
CREATE TRIGGER "undo_global_achievements_insert" AFTER INSERT ON "global_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "global_achievements" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_global_achievements_update" AFTER UPDATE ON "global_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "global_achievements" SET ' || '"key" = ' || quote(old."key") || ', ' || '"count" = ' || quote(old."count") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_global_achievements_delete" AFTER DELETE ON "global_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "global_achievements" (rowid, "key", "count") VALUES (' || old.rowid || ', ' || quote(old."key") || ', ' || quote(old."count") || ')'); END;
CREATE TRIGGER "undo_unlocked_classes_insert" AFTER INSERT ON "unlocked_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "unlocked_classes" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_unlocked_classes_update" AFTER UPDATE ON "unlocked_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "unlocked_classes" SET ' || '"class" = ' || quote(old."class") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_unlocked_classes_delete" AFTER DELETE ON "unlocked_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "unlocked_classes" (rowid, "class") VALUES (' || old.rowid || ', ' || quote(old."class") || ')'); END;
CREATE TRIGGER "undo_retired_classes_insert" AFTER INSERT ON "retired_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "retired_classes" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_retired_classes_update" AFTER UPDATE ON "retired_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "retired_classes" SET ' || '"class" = ' || quote(old."class") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_retired_classes_delete" AFTER DELETE ON "retired_classes" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "retired_classes" (rowid, "class") VALUES (' || old.rowid || ', ' || quote(old."class") || ')'); END;
CREATE TRIGGER "undo_supply_insert" AFTER INSERT ON "supply" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "supply" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_supply_update" AFTER UPDATE ON "supply" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "supply" SET ' || '"item" = ' || quote(old."item") || ', ' || '"copies" = ' || quote(old."copies") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_supply_delete" AFTER DELETE ON "supply" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "supply" (rowid, "item", "copies") VALUES (' || old.rowid || ', ' || quote(old."item") || ', ' || quote(old."copies") || ')'); END;
CREATE TRIGGER "undo_item_designs_insert" AFTER INSERT ON "item_designs" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "item_designs" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_item_designs_update" AFTER UPDATE ON "item_designs" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "item_designs" SET ' || '"item" = ' || quote(old."item") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_item_designs_delete" AFTER DELETE ON "item_designs" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "item_designs" (rowid, "item") VALUES (' || old.rowid || ', ' || quote(old."item") || ')'); END;
CREATE TRIGGER "undo_event_decks_insert" AFTER INSERT ON "event_decks" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "event_decks" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_event_decks_update" AFTER UPDATE ON "event_decks" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "event_decks" SET ' || '"deck" = ' || quote(old."deck") || ', ' || '"position" = ' || quote(old."position") || ', ' || '"card" = ' || quote(old."card") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_event_decks_delete" AFTER DELETE ON "event_decks" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "event_decks" (rowid, "deck", "position", "card") VALUES (' || old.rowid || ', ' || quote(old."deck") || ', ' || quote(old."position") || ', ' || quote(old."card") || ')'); END;
CREATE TRIGGER "undo_scenarios_insert" AFTER INSERT ON "scenarios" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "scenarios" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_scenarios_update" AFTER UPDATE ON "scenarios" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "scenarios" SET ' || '"number" = ' || quote(old."number") || ', ' || '"unlocked" = ' || quote(old."unlocked") || ', ' || '"completed" = ' || quote(old."completed") || ', ' || '"blocked" = ' || quote(old."blocked") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_scenarios_delete" AFTER DELETE ON "scenarios" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "scenarios" (rowid, "number", "unlocked", "completed", "blocked") VALUES (' || old.rowid || ', ' || quote(old."number") || ', ' || quote(old."unlocked") || ', ' || quote(old."completed") || ', ' || quote(old."blocked") || ')'); END;
CREATE TRIGGER "undo_parties_insert" AFTER INSERT ON "parties" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "parties" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_parties_update" AFTER UPDATE ON "parties" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "parties" SET ' || '"id" = ' || quote(old."id") || ', ' || '"name" = ' || quote(old."name") || ', ' || '"reputation" = ' || quote(old."reputation") || ', ' || '"location" = ' || quote(old."location") || ', ' || '"scenario" = ' || quote(old."scenario") || ', ' || '"road_event_due" = ' || quote(old."road_event_due") || ', ' || '"casual" = ' || quote(old."casual") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_parties_delete" AFTER DELETE ON "parties" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "parties" (rowid, "id", "name", "reputation", "location", "scenario", "road_event_due", "casual") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."name") || ', ' || quote(old."reputation") || ', ' || quote(old."location") || ', ' || quote(old."scenario") || ', ' || quote(old."road_event_due") || ', ' || quote(old."casual") || ')'); END;
CREATE TRIGGER "undo_party_achievements_insert" AFTER INSERT ON "party_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "party_achievements" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_party_achievements_update" AFTER UPDATE ON "party_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "party_achievements" SET ' || '"party_id" = ' || quote(old."party_id") || ', ' || '"key" = ' || quote(old."key") || ', ' || '"count" = ' || quote(old."count") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_party_achievements_delete" AFTER DELETE ON "party_achievements" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "party_achievements" (rowid, "party_id", "key", "count") VALUES (' || old.rowid || ', ' || quote(old."party_id") || ', ' || quote(old."key") || ', ' || quote(old."count") || ')'); END;
CREATE TRIGGER "undo_visits_insert" AFTER INSERT ON "visits" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "visits" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_visits_update" AFTER UPDATE ON "visits" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "visits" SET ' || '"id" = ' || quote(old."id") || ', ' || '"party_id" = ' || quote(old."party_id") || ', ' || '"open" = ' || quote(old."open") || ', ' || '"city_event" = ' || quote(old."city_event") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_visits_delete" AFTER DELETE ON "visits" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "visits" (rowid, "id", "party_id", "open", "city_event") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."party_id") || ', ' || quote(old."open") || ', ' || quote(old."city_event") || ')'); END;
CREATE TRIGGER "undo_visit_donations_insert" AFTER INSERT ON "visit_donations" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "visit_donations" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_visit_donations_update" AFTER UPDATE ON "visit_donations" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "visit_donations" SET ' || '"visit_id" = ' || quote(old."visit_id") || ', ' || '"character_id" = ' || quote(old."character_id") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_visit_donations_delete" AFTER DELETE ON "visit_donations" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "visit_donations" (rowid, "visit_id", "character_id") VALUES (' || old.rowid || ', ' || quote(old."visit_id") || ', ' || quote(old."character_id") || ')'); END;
CREATE TRIGGER "undo_pending_events_insert" AFTER INSERT ON "pending_events" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "pending_events" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_pending_events_update" AFTER UPDATE ON "pending_events" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "pending_events" SET ' || '"deck" = ' || quote(old."deck") || ', ' || '"card" = ' || quote(old."card") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_pending_events_delete" AFTER DELETE ON "pending_events" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "pending_events" (rowid, "deck", "card") VALUES (' || old.rowid || ', ' || quote(old."deck") || ', ' || quote(old."card") || ')'); END;
CREATE TRIGGER "undo_players_insert" AFTER INSERT ON "players" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "players" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_players_update" AFTER UPDATE ON "players" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "players" SET ' || '"name" = ' || quote(old."name") || ', ' || '"extra_perks" = ' || quote(old."extra_perks") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_players_delete" AFTER DELETE ON "players" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "players" (rowid, "name", "extra_perks") VALUES (' || old.rowid || ', ' || quote(old."name") || ', ' || quote(old."extra_perks") || ')'); END;
CREATE TRIGGER "undo_characters_insert" AFTER INSERT ON "characters" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "characters" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_characters_update" AFTER UPDATE ON "characters" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "characters" SET ' || '"id" = ' || quote(old."id") || ', ' || '"party_id" = ' || quote(old."party_id") || ', ' || '"player" = ' || quote(old."player") || ', ' || '"class" = ' || quote(old."class") || ', ' || '"name" = ' || quote(old."name") || ', ' || '"level" = ' || quote(old."level") || ', ' || '"xp" = ' || quote(old."xp") || ', ' || '"gold" = ' || quote(old."gold") || ', ' || '"checkmarks" = ' || quote(old."checkmarks") || ', ' || '"extra_perks" = ' || quote(old."extra_perks") || ', ' || '"quest" = ' || quote(old."quest") || ', ' || '"quest_offer" = ' || quote(old."quest_offer") || ', ' || '"quest_fulfilled" = ' || quote(old."quest_fulfilled") || ', ' || '"retired" = ' || quote(old."retired") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_characters_delete" AFTER DELETE ON "characters" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "characters" (rowid, "id", "party_id", "player", "class", "name", "level", "xp", "gold", "checkmarks", "extra_perks", "quest", "quest_offer", "quest_fulfilled", "retired") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."party_id") || ', ' || quote(old."player") || ', ' || quote(old."class") || ', ' || quote(old."name") || ', ' || quote(old."level") || ', ' || quote(old."xp") || ', ' || quote(old."gold") || ', ' || quote(old."checkmarks") || ', ' || quote(old."extra_perks") || ', ' || quote(old."quest") || ', ' || quote(old."quest_offer") || ', ' || quote(old."quest_fulfilled") || ', ' || quote(old."retired") || ')'); END;
CREATE TRIGGER "undo_character_items_insert" AFTER INSERT ON "character_items" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "character_items" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_character_items_update" AFTER UPDATE ON "character_items" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "character_items" SET ' || '"character_id" = ' || quote(old."character_id") || ', ' || '"item" = ' || quote(old."item") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_character_items_delete" AFTER DELETE ON "character_items" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "character_items" (rowid, "character_id", "item") VALUES (' || old.rowid || ', ' || quote(old."character_id") || ', ' || quote(old."item") || ')'); END;
CREATE TRIGGER "undo_character_perks_insert" AFTER INSERT ON "character_perks" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "character_perks" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_character_perks_update" AFTER UPDATE ON "character_perks" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "character_perks" SET ' || '"character_id" = ' || quote(old."character_id") || ', ' || '"perk" = ' || quote(old."perk") || ', ' || '"times" = ' || quote(old."times") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_character_perks_delete" AFTER DELETE ON "character_perks" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "character_perks" (rowid, "character_id", "perk", "times") VALUES (' || old.rowid || ', ' || quote(old."character_id") || ', ' || quote(old."perk") || ', ' || quote(old."times") || ')'); END;
CREATE TRIGGER "undo_character_cards_insert" AFTER INSERT ON "character_cards" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "character_cards" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_character_cards_update" AFTER UPDATE ON "character_cards" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "character_cards" SET ' || '"character_id" = ' || quote(old."character_id") || ', ' || '"card" = ' || quote(old."card") || ', ' || '"at_level" = ' || quote(old."at_level") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_character_cards_delete" AFTER DELETE ON "character_cards" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "character_cards" (rowid, "character_id", "card", "at_level") VALUES (' || old.rowid || ', ' || quote(old."character_id") || ', ' || quote(old."card") || ', ' || quote(old."at_level") || ')'); END;
CREATE TRIGGER "undo_enhancements_insert" AFTER INSERT ON "enhancements" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "enhancements" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_enhancements_update" AFTER UPDATE ON "enhancements" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "enhancements" SET ' || '"id" = ' || quote(old."id") || ', ' || '"class" = ' || quote(old."class") || ', ' || '"card" = ' || quote(old."card") || ', ' || '"action" = ' || quote(old."action") || ', ' || '"sticker" = ' || quote(old."sticker") || ', ' || '"cost" = ' || quote(old."cost") || ', ' || '"character_id" = ' || quote(old."character_id") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_enhancements_delete" AFTER DELETE ON "enhancements" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "enhancements" (rowid, "id", "class", "card", "action", "sticker", "cost", "character_id") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."class") || ', ' || quote(old."card") || ', ' || quote(old."action") || ', ' || quote(old."sticker") || ', ' || quote(old."cost") || ', ' || quote(old."character_id") || ')'); END;
CREATE TRIGGER "undo_milestones_insert" AFTER INSERT ON "milestones" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "milestones" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_milestones_update" AFTER UPDATE ON "milestones" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "milestones" SET ' || '"key" = ' || quote(old."key") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_milestones_delete" AFTER DELETE ON "milestones" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "milestones" (rowid, "key") VALUES (' || old.rowid || ', ' || quote(old."key") || ')'); END;
CREATE TRIGGER "undo_solo_results_insert" AFTER INSERT ON "solo_results" BEGIN INSERT INTO undo_log(sql) VALUES ('DELETE FROM "solo_results" WHERE rowid = ' || new.rowid); END;
CREATE TRIGGER "undo_solo_results_update" AFTER UPDATE ON "solo_results" BEGIN INSERT INTO undo_log(sql) VALUES ('UPDATE "solo_results" SET ' || '"id" = ' || quote(old."id") || ', ' || '"character_id" = ' || quote(old."character_id") || ', ' || '"class" = ' || quote(old."class") || ', ' || '"won" = ' || quote(old."won") || ', ' || '"level" = ' || quote(old."level") || ', ' || '"item" = ' || quote(old."item") || ' WHERE rowid = ' || old.rowid); END;
CREATE TRIGGER "undo_solo_results_delete" AFTER DELETE ON "solo_results" BEGIN INSERT INTO undo_log(sql) VALUES ('INSERT INTO "solo_results" (rowid, "id", "character_id", "class", "won", "level", "item") VALUES (' || old.rowid || ', ' || quote(old."id") || ', ' || quote(old."character_id") || ', ' || quote(old."class") || ', ' || quote(old."won") || ', ' || quote(old."level") || ', ' || quote(old."item") || ')'); END;
COMMIT;
