"""One write path in the campaign layer (issue 16): SQL through the sqlite_utils Database
that ``store.change()`` yields (``db.execute``, or ``store.db.execute`` in a helper called
inside the change). No campaign module but ``campaign/db.py`` reaches for the raw
connection (``store.conn``), and none writes through sqlite-utils table methods
(``db["table"].insert(...)``), which introspect the schema on every call.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
    return sorted(p for p in CAMPAIGN.rglob("*.py") if p.name != "db.py" or p.parent != CAMPAIGN)


def test_the_campaign_package_is_found():
    names = {str(p.relative_to(CAMPAIGN)) for p in campaign_modules()}
    assert {"town.py", "effects.py", "arkham.py", "exchange/native.py", "exchange/ghs.py"} <= names
    assert "db.py" not in names


@pytest.mark.parametrize("path", campaign_modules(), ids=lambda p: str(p.relative_to(CAMPAIGN)))
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
