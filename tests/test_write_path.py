"""One write path in the campaign layer (issue 16): SQL through the sqlite_utils Database
that ``store.change()`` yields (``db.execute``, or ``store.db.execute`` in a helper called
inside the change). No campaign module (nor ``ghcli/sync/``) reaches for the raw connection
(``store.conn``), and none writes through sqlite-utils table methods (``db["table"].insert(...)``),
which introspect the schema on every call (the reason is measured in docs/campaign.md, "How a
change is written"). A change returns its result (``Done``)
rather than setting ``store.summary``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import walked

CAMPAIGN = Path(__file__).resolve().parent.parent / "ghcli" / "campaign"
TABLE_WRITES = {"insert", "insert_all", "upsert", "upsert_all", "update", "delete", "delete_where", "add_column",
                "create", "drop", "transform"}


def offences(source: str) -> list[str]:
    """Each raw-connection use or table-method write in ``source``, as 'line N: what'."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr == "conn" and isinstance(node.value, ast.Name) and node.value.id == "store":
            out.append(f"line {node.lineno}: store.conn")
        if node.attr in TABLE_WRITES and isinstance(node.value, ast.Subscript) and _is_db(node.value.value):
            out.append(f"line {node.lineno}: table method .{node.attr}()")
    return out


def _is_db(node: ast.expr) -> bool:
    """``db`` or ``store.db``: the sqlite_utils Database (``db["t"]`` is then a table)."""
    return (isinstance(node, ast.Name) and node.id == "db") or (isinstance(node, ast.Attribute) and node.attr == "db")


def campaign_modules() -> list[Path]:
    """Every module of ghcli/campaign/ but db.py, the Arkham game's (arkham/), and the layers above it that
    open a Store (sync/). (ghcli/journal/ is the write path itself: it owns the connection.)"""
    sync, arkham = CAMPAIGN.parent / "sync", CAMPAIGN.parent / "arkham"
    return sorted(p for p in [*CAMPAIGN.rglob("*.py"), *arkham.rglob("*.py"), *sync.rglob("*.py")]
                  if p != CAMPAIGN / "db.py")


def test_the_campaign_package_is_found():
    names = {str(p.relative_to(CAMPAIGN.parent)) for p in campaign_modules()}
    assert {"campaign/town.py", "campaign/effects.py", "arkham/campaign.py", "campaign/exchange/native.py",
            "campaign/exchange/ghs.py", "campaign/kind.py", "sync/engine.py"} <= names


@pytest.mark.parametrize("path", campaign_modules(), ids=lambda p: str(p.relative_to(CAMPAIGN.parent)))
def test_no_campaign_module_writes_around_the_store(path: Path):
    assert offences(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("source, expected", [
    ('store.conn.execute("UPDATE characters SET gold = 0")', ["line 1: store.conn"]),
    ("c = store.conn\nc.execute('DELETE FROM supply')", ["line 1: store.conn"]),
    ('store.conn.executemany("INSERT INTO supply VALUES (?, ?)", rows)', ["line 1: store.conn"]),
    ('db["characters"].insert({"name": "Ann"})', ["line 1: table method .insert()"]),
    ('store.db["supply"].update(3, {"copies": 1})', ["line 1: table method .update()"]),
    ('db.execute("UPDATE characters SET gold = 0")', []),
    ('decks[deck].insert(0, card)', []),
    ('store.db.execute("UPDATE characters SET gold = 0")', []),
    ('store.rows("SELECT * FROM characters")', []),
])
def test_the_check_sees_each_way_around(source: str, expected: list[str]):
    assert offences(source) == expected


# -- a change returns its result (no store.summary side channel) ---------------------------


def test_no_campaign_module_sets_a_summary_aside():
    """The summary travels in the result (``Done``), never as an attribute set on the store."""
    found = []
    for path in sorted(CAMPAIGN.rglob("*.py")):
        for node in walked(path):
            if (isinstance(node, ast.Attribute) and node.attr == "summary" and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name) and node.value.id in ("store", "self")):
                found.append(f"{path.relative_to(CAMPAIGN)}:{node.lineno}")
    assert found == []


@pytest.fixture
def store(tmp_path):
    from ghcli.campaign import init
    from ghcli.campaign.kind import Store

    init.init(tmp_path / "c.db", seed=1)
    s = Store.open(tmp_path / "c.db")
    yield s
    s.close()


def _last(store) -> tuple[str, str]:
    row = store.one("SELECT command, summary FROM journal ORDER BY seq DESC LIMIT 1")
    return row["command"], row["summary"]


def _entry(name, fn):
    """A command not registered anywhere, run as an entry (as the decorator runs a registered one)."""
    from ghcli.journal.commands import Command

    return Command(name, fn)


def test_apply_records_the_summary_of_the_result_and_returns_its_values(store):
    from ghcli.journal.store import Done
    from ghcli.journal import run

    def command(ctx):
        def give(db):
            db.execute("UPDATE campaign SET donations = donations + 30 WHERE id = 1")
            after = ctx.value("SELECT donations FROM campaign")
            return Done(f"donations now {after}", {"donations": after})

        return ctx.apply("donations by hand", give, "donations")

    assert run.typed(store, _entry("donations by hand", command), {}) == {"donations": 30}
    assert _last(store) == ("donations by hand", "donations now 30")
    assert store.last_entry["summary"] == "donations now 30"


def test_apply_keeps_the_given_summary_for_a_plain_result(store):
    from ghcli.journal import run

    def command(ctx):
        def give(db):
            db.execute("UPDATE campaign SET donations = 10 WHERE id = 1")
            return 10

        return ctx.apply("donations by hand", give, "ten gold donated")

    assert run.typed(store, _entry("donations by hand", command), {}) == 10
    assert _last(store) == ("donations by hand", "ten gold donated")


def test_a_refused_apply_changes_nothing(store):
    from ghcli.errors import Refused
    from ghcli.journal import run

    entries = store.value("SELECT count(*) FROM journal")

    def command(ctx):
        ctx.db.execute("UPDATE campaign SET donations = 10 WHERE id = 1")
        raise Refused("no")

    with pytest.raises(Refused):
        run.typed(store, _entry("donations by hand", command), {})
    assert store.value("SELECT donations FROM campaign") == 0
    assert store.value("SELECT count(*) FROM journal") == entries
    assert store.value("SELECT count(*) FROM changes WHERE seq > 1") == 0


def test_a_change_outside_an_entry_is_refused(store):
    """Every change of a campaign file is an entry: the Store itself has no way to write around the journal."""
    with pytest.raises(RuntimeError, match="outside an entry"):
        with store.change("by hand"):
            pass


def test_a_logged_command_records_the_summary_it_returns(store):
    from ghcli.campaign import characters

    out = characters.new(store, "Ann", "brute", quest=512)
    assert out["name"] == "Ann"
    assert _last(store) == ("character new", "new Brute Ann (level 1)")
    out = characters.adjust(store, "Ann", gold=5)
    assert out["gold"] == 35  # 15 x (level + 1) to start
    assert _last(store) == ("character adjust", "Ann: gold +5 (30 -> 35)")
