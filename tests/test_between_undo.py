"""Every between-sessions command is one history entry that `undo` reverts exactly."""

from __future__ import annotations

from helpers import Campaign, state_dump

STEPS = [
    ("travel", "1"),
    ("event", "draw", "road"),
    ("event", "resolve", "road", "--option", "A", "--gold-each", "-2", "--reputation", "+1", "--return"),
    ("scenario", "finish", "1", "--won", "--xp", "Ann=40", "--coins", "Ann=12", "--checkmarks", "Bob=2",
     "--item", "Bob=Iron Helmet"),
    ("character", "adjust", "Bob", "--checkmarks", "+1"),
    ("return",),
    ("event", "draw", "city"),
    ("event", "resolve", "city", "--option", "B", "--prosperity", "+4", "--add-event", "city:31", "--remove"),
    ("buy", "Ann", "1"),
    ("sell", "Bob", "7"),
    ("donate", "Bob"),
    ("level-up", "Ann", "--card", "14", "--perk", "2"),
    ("perk", "Bob", "1"),
    ("campaign", "achievement", "add", "the-power-of-enhancement"),
    ("enhance", "apply", "Ann", "--card", "Trample", "--action", "bottom", "--ability", "move", "--yes"),
    ("character", "quest", "Bob", "--fulfilled"),
    ("retire", "Bob"),
]


def test_each_step_undoes_exactly(cli, db_file):
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "8")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice", "--quest", "512")
    c.ok("character", "new", "Bob", "--class", "tinkerer", "--player", "bob", "--quest", "515")
    for step in STEPS:
        before = state_dump(db_file)
        count = c.v("SELECT count(*) FROM journal")
        c.ok(*step)
        after = state_dump(db_file)
        assert after != before and c.v("SELECT count(*) FROM journal") == count + 1, step
        c.ok("undo")  # an entry of its own: the campaign's tables exactly as before
        assert state_dump(db_file) == before, step
        assert c.v("SELECT count(*) FROM journal") == count + 2, step
        c.ok(*step)  # seeded: the same draws and shuffles again (the undone entry no longer counts)
        assert timeless(state_dump(db_file)) == timeless(after), step


def timeless(dump: list[str]) -> list[str]:
    """The dump without timestamps (new for each run)."""
    import re

    return [re.sub(r"'\d{4}-\d\d-\d\dT[^']*'", "'T'", line) for line in dump]
