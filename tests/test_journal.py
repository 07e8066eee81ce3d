"""The journal's machinery (issue 30, and issue 29's "no stored code"): entries named by their content,
row changes kept as data, reverts that check every row, undo and redo as entries, a sync's operations
(take back, apply received, re-execute, hold, queue), snapshots, and files whose schema lies."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from helpers import run_ok, snapshot, state_dump

from ghcli.campaign import characters, history as campaign_history, init, parties, status, town
from ghcli.campaign.kind import Store
from ghcli.errors import Refused
from ghcli.journal import history, rebase, replay, run
from ghcli.journal import snapshot as snap
from ghcli.journal.entries import canonical


@pytest.fixture
def camp(db_file, monkeypatch):
    monkeypatch.setenv("GHCLI_PLAYER", "Ann")
    init.init(db_file, seed=5)
    store = Store.open(db_file)
    characters.new(store, "Ann", "brute", quest=512)
    characters.new(store, "Bob", "tinkerer", quest=514)
    yield store
    store.close()


def _docs(store, states=("accepted", "local")):
    return history.documents(store, states)


# -- entries are named by their content -----------------------------------------------


def test_an_entry_is_its_canonical_document_and_its_id_the_hash(camp):
    town.buy(camp, "Ann", "1")
    row = camp.one("SELECT id, document FROM journal ORDER BY seq DESC LIMIT 1")
    assert row["id"] == hashlib.sha256(row["document"].encode("utf-8")).hexdigest()
    doc = json.loads(row["document"])
    assert canonical(doc) == row["document"]  # sorted keys, no spaces
    assert doc["command"] == "buy" and doc["args"] == {"name": "Ann", "item_name": "1"} and doc["format"] == 2
    assert len(doc["nonce"]) == 16 and len(doc["effect"]) == 16


def test_two_identical_commands_are_two_entries(camp):
    characters.adjust(camp, "Ann", gold=1)
    characters.adjust(camp, "Ann", gold=1)
    a, b = camp.rows("SELECT id, args FROM journal ORDER BY seq DESC LIMIT 2")
    assert a["args"] == b["args"] and a["id"] != b["id"]


def test_row_changes_are_data_never_sql(camp):
    town.buy(camp, "Ann", "1")
    seq = camp.value("SELECT max(seq) FROM journal")
    rows = camp.rows("SELECT tbl, op, row, old, new FROM changes WHERE seq = ? ORDER BY n", [seq])
    assert {(r["tbl"], r["op"]) for r in rows} == {("characters", "u"), ("supply", "u"), ("character_items", "i")}
    for r in rows:
        for value in (r["old"], r["new"]):
            assert value is None or isinstance(json.loads(value), list)
    text = "\n".join(str(v) for r in camp.tuples("SELECT * FROM changes") for v in r).upper()
    assert not any(word in text for word in ("UPDATE ", "INSERT ", "DELETE ", "SELECT "))
    assert camp.value("SELECT count(*) FROM sqlite_master WHERE name IN ('undo_log', 'history')") == 0


# -- undo and redo are entries -------------------------------------------------------------


def test_undo_names_the_later_entry_that_stands_in_the_way(camp, db_file, monkeypatch):
    characters.adjust(camp, "Ann", gold=5)          # #4 (Ann)
    monkeypatch.setenv("GHCLI_PLAYER", "Bob")
    characters.adjust(camp, "Ann", gold=3)          # #5 (Bob)
    before = snapshot(db_file)
    with pytest.raises(Refused, match=r"cannot undo #4 character adjust by Ann: #5 character adjust by Bob "
                                      r"changed Ann's gold after it: undo that first"):
        campaign_history.undo(camp, "4")
    assert snapshot(db_file) == before
    # Bob's own undo takes his entry (his last), then Ann's goes
    assert campaign_history.undo(camp)["seq"] == 5
    monkeypatch.setenv("GHCLI_PLAYER", "Ann")
    assert campaign_history.undo(camp)["seq"] == 4
    assert camp.value("SELECT gold FROM characters WHERE name = 'Ann'") == 30


def test_undo_is_your_own_by_default_another_players_only_when_named(camp, monkeypatch):
    characters.adjust(camp, "Ann", gold=5)          # #4 by Ann
    monkeypatch.setenv("GHCLI_PLAYER", "Bob")
    characters.adjust(camp, "Bob", xp=2)            # #5 by Bob
    monkeypatch.setenv("GHCLI_PLAYER", "Ann")
    assert campaign_history.undo(camp)["seq"] == 4              # Ann's last, not Bob's newer entry
    assert camp.value("SELECT xp FROM characters WHERE name = 'Bob'") == 2
    monkeypatch.setenv("GHCLI_PLAYER", "Cid")
    with pytest.raises(Refused, match=r"nothing of yours \(Cid\) to undo; the last change in effect is "
                                      r"#5 character adjust by Bob: `ghcli undo 5` undoes it"):
        campaign_history.undo(camp)
    undone = campaign_history.undo(camp, "5")
    assert undone["player"] == "Bob" and camp.last_entry["summary"].startswith(
        f"undid character adjust {undone['id'][:10]} by Bob")
    assert camp.last_entry["player"] == "Cid"


def test_undo_redo_chains(camp, db_file):
    base = state_dump(db_file)
    characters.adjust(camp, "Ann", gold=5)
    after = state_dump(db_file)
    campaign_history.undo(camp)                                  # #5 undoes #4
    assert state_dump(db_file) == base
    assert campaign_history.redo(camp)["seq"] == 4               # #6 reverts #5: #4 in effect again
    assert state_dump(db_file) == after
    campaign_history.undo(camp)                                  # #7 undoes #4 again
    assert state_dump(db_file) == base
    rows = {r["seq"]: r for r in history.rows(camp)}
    assert rows[4]["undone_by"] == 7 and rows[5]["undone_by"] == 6 and rows[6]["in_effect"]
    campaign_history.undo(camp, "7")                             # undoing an undo by name is a redo
    assert state_dump(db_file) == after and history.by_seq(camp, 4)["in_effect"]
    campaign_history.undo(camp, "6")                             # undoing the redo: #5 is in effect again, #4 undone
    assert state_dump(db_file) == base
    rows = {r["seq"]: r for r in history.rows(camp)}
    assert rows[5]["in_effect"] and rows[4]["undone_by"] == 5 and rows[6]["undone_by"] == 9


def test_the_entry_that_made_the_campaign_is_never_undone(camp):
    with pytest.raises(Refused, match="#1 init by Ann created the campaign: it is never undone"):
        campaign_history.undo(camp, "1")
    with pytest.raises(Refused, match="not an undo"):
        campaign_history.redo(camp, "2")


def test_undo_to_is_one_undo_entry_per_change_in_one_transaction(camp, db_file):
    state = state_dump(db_file)
    for delta in (1, 2, 3):
        parties.change_reputation(camp, delta)
    plan = campaign_history.undo_to(camp, "3")
    assert [p["seq"] for p in plan] == [6, 5, 4]
    assert state_dump(db_file) == state
    assert [r["command"] for r in history.rows(camp, 3)] == ["undo", "undo", "undo"]


def test_a_change_outside_the_log_is_never_recorded_nor_reverted_blindly(camp, db_file):
    """A row changed outside any entry (by hand, by another program) is found when an undo would clobber it."""
    characters.adjust(camp, "Ann", gold=5)
    con = sqlite3.connect(db_file)
    con.execute("UPDATE characters SET gold = 99 WHERE name = 'Ann'")
    con.commit()
    con.close()
    assert camp.value("SELECT count(*) FROM changes WHERE seq > 4") == 0
    with pytest.raises(Refused, match="a later change changed Ann's gold"):
        campaign_history.undo(camp)


# -- a sync's operations -------------------------------------------------------------------


def _join(store, path):
    other = Store.create(path)
    for d in _docs(store):
        assert rebase.apply_received(other, d["document"], d["player"]).status == "ok"
    return other


def test_received_entries_rebuild_the_same_state_and_keep_their_author(camp, db_file, tmp_path):
    town.buy(camp, "Ann", "1")
    other = _join(camp, tmp_path / "b.db")
    assert snap.first_difference(other, snap.tables_of(camp)) is None
    assert [r["player"] for r in history.rows(other)] == [r["player"] for r in history.rows(camp)]
    assert [r["id"] for r in history.rows(other)] == [r["id"] for r in history.rows(camp)]
    again = rebase.apply_received(other, _docs(camp)[-1]["document"], "Mallory")
    assert again.status == "present"
    other.close()


def test_a_received_entry_this_ghcli_cannot_apply_is_held_with_a_message(camp, tmp_path):
    other = _join(camp, tmp_path / "b.db")
    characters.adjust(camp, "Bob", gold=1)           # an entry the other machine has not seen yet
    doc = json.loads(_docs(camp)[-1]["document"])
    newer = canonical({**doc, "format": 3})
    unknown = canonical({**doc, "command": "character teleport"})
    extra_arg = canonical({**doc, "args": {**doc["args"], "hat": "red"}, "version": "9.0.0"})
    wrong_effect = canonical({**doc, "effect": "0" * 16, "nonce": "1" * 16, "version": "0.9.0"})
    edited = _docs(camp)[-1]["document"].replace('"Bob"', '"Eve"')
    outs = {name: rebase.apply_received(other, d, "Zed") for name, d in (
        ("newer", newer), ("unknown", unknown), ("extra", extra_arg), ("effect", wrong_effect), ("edited", edited))}
    assert all(o.status == "held" for o in outs.values())
    assert "entry format 3 is newer than this ghcli's (2)" in outs["newer"].reason
    assert "unknown command 'character teleport' (a newer ghcli?)" in outs["unknown"].reason
    assert "takes no argument 'hat'" in outs["extra"].reason and "made by ghcli 9.0.0; this is ghcli" \
        in outs["extra"].reason
    assert "applies it differently" in outs["effect"].reason and "0.9.0" in outs["effect"].reason
    held = other.rows("SELECT id, state, applied, player FROM journal WHERE state = 'held'")
    assert len(held) == 5 and all(h["applied"] == 0 and h["player"] == "Zed" for h in held)
    assert history.counts(other)["held"] == 5
    assert other.value("SELECT gold FROM characters WHERE name = 'Bob'") == 30  # nothing of them applied
    other.close()


def test_take_back_and_reexecute_on_a_new_base(camp, tmp_path, monkeypatch):
    """The last copy bought on two machines: the one that syncs second re-executes its purchase on top of
    the other's and the rules now refuse it: queued, with the rows it had changed."""
    town.buy(camp, "Ann", "1")                       # one copy of two left
    other = _join(camp, tmp_path / "b.db")
    town.buy(camp, "Bob", "1")                       # here: the last copy
    monkeypatch.setenv("GHCLI_PLAYER", "Cid")
    characters.new(other, "Cid", "spellweaver", quest=521)
    town.buy(other, "Cid", "1")                      # there: the last copy too, pushed first
    mine = _docs(camp)[-1]
    taken = rebase.take_back(camp, mine["id"])
    assert taken.command == "buy" and ("supply", 1) in taken.rows
    for d in _docs(other)[-2:]:
        assert rebase.apply_received(camp, d["document"], d["player"]).status == "ok"
    out = rebase.reexecute(camp, taken)
    assert out.status == "refused" and "no copy of Boots of Striding is left" in out.reason
    assert ("characters", 2) in out.rows
    in_the_way = history.last_changer(camp, out.rows, after=taken.seq - 1)
    assert in_the_way["command"] == "buy" and in_the_way["player"] == "Cid"  # Cid's purchase took the copy
    row = history.by_id(camp, out.id)
    assert row["state"] == "queued" and not row["applied"] and row["summary"] == taken.summary
    assert snap.first_difference(camp, snap.tables_of(other)) is None
    other.close()


def test_reexecute_follows_an_entry_whose_outcome_changed(camp, tmp_path):
    """A local change and its local undo, re-executed on a base where the change comes out otherwise: a new
    document and id; the undo follows it (renames)."""
    other = _join(camp, tmp_path / "b.db")
    parties.change_reputation(camp, 5)                  # +0 -> +5 here
    campaign_history.undo(camp)
    undo_doc, change_doc = _docs(camp)[-1], _docs(camp)[-2]
    took = [rebase.take_back(camp, undo_doc["id"]), rebase.take_back(camp, change_doc["id"])]
    parties.change_reputation(other, -3)                # the group: -3 meanwhile
    rebase.apply_received(camp, _docs(other)[-1]["document"], "Bob")
    renames: dict = {}
    first = rebase.reexecute(camp, took[1], renames=renames)
    assert first.status == "ok" and first.changed and "-3 -> +2" in first.summary
    assert first.before == "Party: reputation +0 -> +5"
    assert renames == {change_doc["id"]: first.id}
    second = rebase.reexecute(camp, took[0], renames=renames)
    assert second.status == "ok" and camp.value("SELECT reputation FROM parties") == -3
    assert history.by_id(camp, first.id)["undone_by"] == second.seq
    other.close()


def test_retry_with_fresh_draws_and_states(camp, tmp_path):
    town.buy(camp, "Ann", "1")
    last = _docs(camp)[-1]
    taken = rebase.take_back(camp, last["id"])
    queued = rebase.queue(camp, taken.document, taken.player, "refused for the test", rows=taken.rows)
    assert history.counts(camp)["queued"] == 1
    out = rebase.retry(camp, queued.id)
    assert out.status == "ok" and history.counts(camp)["queued"] == 0
    camp.set_sync_settings(remote="/group.git")
    characters.adjust(camp, "Ann", gold=1)
    entry = camp.last_entry
    assert entry["state"] == "local" and history.counts(camp)["local"] == 1
    assert [d["id"] for d in history.documents(camp)] == [entry["id"]]
    rebase.mark_accepted(camp, [entry["id"]])
    assert history.counts(camp)["local"] == 0


def test_a_new_machine_joins_from_a_snapshot_with_the_earlier_entries_as_history(camp, tmp_path):
    town.buy(camp, "Ann", "1")
    document = snap.make(camp)
    assert snap.check(camp, document) is None
    rebase.apply_received(camp, document, "Ann")        # here it checks: no row changes
    characters.adjust(camp, "Bob", gold=2)           # after the snapshot
    docs = _docs(camp)
    cut = next(i for i, d in enumerate(docs) if d["command"] == "snapshot")
    joiner = Store.create(tmp_path / "joiner.db")
    rebase.insert_metadata(joiner, [(d["document"], d["player"], None) for d in docs[:cut]])
    for d in docs[cut:]:
        assert rebase.apply_received(joiner, d["document"], d["player"]).status == "ok"
    assert snap.first_difference(joiner, snap.tables_of(camp)) is None
    rows = history.rows(joiner)
    assert [r["applied"] for r in rows] == [True, True] + [False] * cut
    assert [r["id"] for r in rows] == [r["id"] for r in history.rows(camp)]
    # a machine whose state differs is told where
    with camp.batch():
        camp.db.execute("UPDATE characters SET xp = 7 WHERE name = 'Ann'")
    assert snap.check(camp, document) == "characters row 1: xp is 7 here, 0 in the snapshot"
    assert rebase.apply_received(camp, snap.make(joiner), "Bob").status == "held"
    joiner.close()


def test_replay_is_exact_and_keeps_numbers(camp, db_file, tmp_path):
    characters.adjust(camp, "Ann", gold=5)
    campaign_history.undo(camp)
    campaign_history.redo(camp)
    rebuilt = replay.rebuild(tmp_path / "r.db", camp.kind, replay.items(camp), next_seq_=replay.next_seq(camp))
    rebuilt.close()
    from helpers import dump

    assert dump(tmp_path / "r.db") == dump(db_file)


def test_status_counts_come_from_indexes(camp):
    """`status` is flat in the journal's length: its counts are index searches, never a scan."""
    plans = []
    for state in ("local", "queued", "held"):
        plans += [r[3] for r in camp.tuples(f"EXPLAIN QUERY PLAN {history.COUNT_SQL}", [state])]
    plans += [r[3] for r in camp.tuples(f"EXPLAIN QUERY PLAN {history.LAST_SQL}")]
    assert all("SEARCH" in p and "journal_waiting" in p for p in plans[:3]) and "SEARCH" in plans[3], plans
    assert status.status(camp)["journal"] == {"entries": 3, "local": 0, "queued": 0, "held": 0}


# -- a file whose recorded migrations lie -----------------------------------------------


@pytest.mark.parametrize("lie, words", [
    ("DELETE FROM _sqlite_migrations WHERE name = '0004_journal'",
     "table changes exists, table current exists, table journal exists; 0004_journal is not recorded"),
    ("DROP TABLE solo_results", "table solo_results is missing"),
    ("CREATE TABLE stash (x)", "table stash exists"),
    ("CREATE VIEW v AS SELECT 1", "view v is not ghcli's"),
    ("CREATE TRIGGER t AFTER UPDATE ON characters BEGIN DELETE FROM supply; END", "trigger t is not ghcli's"),
    ("CREATE INDEX i ON characters(gold)", "index i is not ghcli's"),
])
def test_a_schema_that_does_not_match_its_migrations_is_refused_on_open(cli, db_file, lie, words):
    run_ok(cli, "init")
    con = sqlite3.connect(db_file)
    con.executescript(lie)
    con.close()
    before = snapshot(db_file)
    r = cli("status")
    assert r.exit_code == 2 and "its schema does not match the migrations it records" in r.stderr, r.stderr
    assert words in r.stderr and r.stderr.count("\n") == 1
    assert snapshot(db_file) == before


def test_a_trigger_rewritten_in_place_is_refused(cli, db_file):
    run_ok(cli, "init")
    con = sqlite3.connect(db_file)
    con.executescript("DROP TRIGGER journal_characters_u; CREATE TRIGGER journal_characters_u AFTER UPDATE ON "
                      "characters BEGIN UPDATE campaign SET name = 'pwned'; END")
    con.close()
    r = cli("character", "new", "Ann", "--class", "brute")
    assert r.exit_code == 2 and "trigger journal_characters_u is not as ghcli makes it" in r.stderr


def test_the_kinds_know_the_digest_of_their_schema():
    """Opening a current file compares its schema's digest with the one the kind knows (no schema built in
    memory for every command); after a new migration, set the digest printed here."""
    from ghcli.arkham.kind import ARKHAM
    from ghcli.campaign.kind import GHCLI
    from ghcli.journal import schema

    for kind in (GHCLI, ARKHAM):
        assert kind.schema_digest == schema.expected_digest(kind), (kind.name, schema.expected_digest(kind))


def test_row_changes_edited_by_hand_are_refused_not_run(cli, db_file):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute")
    con = sqlite3.connect(db_file)
    con.execute("UPDATE changes SET old = 'DROP TABLE characters', new = 'x' WHERE seq = 2")
    con.commit()
    con.close()
    r = cli("undo")
    assert r.exit_code == 1 and "its recorded row changes are damaged" in r.stderr and r.stderr.count("\n") == 1
    assert json.loads(cli("character", "list", "--json").stdout)[0]["name"] == "Ann"


def test_an_older_file_holding_a_blob_is_refused_with_a_sentence(cli, db_file):
    from pathlib import Path

    con = sqlite3.connect(db_file)
    con.executescript((Path(__file__).parent / "journal_fixtures" / "ghcli-0.1-campaign.sql").read_text())
    con.execute("DROP TRIGGER undo_characters_update")  # (the old triggers would log the edit)
    con.execute("UPDATE characters SET gold = x'00ff' WHERE name = 'Ann'")
    con.commit()
    con.close()
    before = snapshot(db_file)
    r = cli("status")
    assert r.exit_code == 2 and "holds a value ghcli never writes (a BLOB or a fraction)" in r.stderr
    assert snapshot(db_file) == before


def test_a_held_entry_applies_once_this_ghcli_can(camp, tmp_path, monkeypatch):
    """An entry held because this ghcli did not know its command applies after the "upgrade"; while it
    still cannot, retrying changes nothing."""
    other = _join(camp, tmp_path / "b.db")
    characters.adjust(camp, "Bob", gold=4)
    doc = _docs(camp)[-1]["document"]
    kind = other.kind
    saved = kind.commands.commands.pop("character adjust")    # an older ghcli: the command is unknown
    monkeypatch.setattr(kind, "command_modules", ())
    held = rebase.apply_received(other, doc, "Ann")
    assert held.status == "held" and "unknown command 'character adjust'" in held.reason
    before = other.tuples("SELECT * FROM journal")
    again = rebase.retry_held(other, held.id)
    assert again.status == "held" and other.tuples("SELECT * FROM journal") == before
    kind.commands.commands["character adjust"] = saved        # upgraded
    out = rebase.retry_held(other, held.id)
    assert out.status == "ok" and out.seq > held.seq and history.counts(other)["held"] == 0
    assert other.value("SELECT gold FROM characters WHERE name = 'Bob'") == 34
    other.close()


def test_metadata_rows_come_in_one_statement_in_order(camp, tmp_path):
    docs = _docs(camp)
    joiner = Store.create(tmp_path / "j.db")
    seqs = rebase.insert_metadata(joiner, [(d["document"], d["player"], None) for d in docs]
                                  + [("not json", "X", None)])
    rows = history.rows(joiner)[::-1]
    assert seqs == [1, 2, 3, 4] and [r["id"] for r in rows[:3]] == [d["id"] for d in docs]
    assert rows[1]["summary"] == "character new Ann brute 1 512" and rows[3]["command"] == "?"
    assert run.next_seq(joiner) == 5 and not any(r["applied"] for r in rows)
    joiner.close()


# -- the triggers: three a table ------------------------------------------------------------


def _bob_renumbered(db_file, seq: int) -> None:
    """As if Bob's entry (``seq``) had also changed his id from 2 to 99 (ghcli's commands never change
    an id; the triggers must still record it so that undo gives the row back whole)."""
    con = sqlite3.connect(db_file)
    con.execute("UPDATE current SET seq = ? WHERE id = 1", [seq])
    con.execute("UPDATE characters SET id = 99 WHERE name = 'Bob'")
    con.execute("UPDATE current SET seq = NULL WHERE id = 1")
    con.commit()
    con.close()


def _characters(db_file) -> list[tuple]:
    return sqlite3.connect(db_file).execute("SELECT id, name FROM characters ORDER BY id").fetchall()


def test_an_update_that_changes_a_rows_id_is_recorded_as_one_update_and_undone_whole(cli, db_file):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute")
    before = state_dump(db_file)
    run_ok(cli, "character", "new", "Bob", "--class", "tinkerer")
    seq = sqlite3.connect(db_file).execute("SELECT max(seq) FROM journal").fetchone()[0]
    _bob_renumbered(db_file, seq)
    op, row, old, new = sqlite3.connect(db_file).execute(
        "SELECT op, row, old, new FROM changes WHERE seq = ? AND tbl = 'characters' ORDER BY n DESC", [seq]).fetchone()
    assert (op, row, json.loads(old)[0], json.loads(new)[0], json.loads(old)[1:] == json.loads(new)[1:]) == (
        "u", 99, 2, 99, True)
    assert _characters(db_file) == [(1, "Ann"), (99, "Bob")]
    run_ok(cli, "undo")
    assert _characters(db_file) == [(1, "Ann")] and state_dump(db_file) == before


def test_a_file_with_four_triggers_a_table_opens_with_three_and_undoes_what_the_fourth_recorded(cli, db_file):
    from ghcli.journal.schema import qi, recorded_tables

    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute")
    run_ok(cli, "character", "new", "Bob", "--class", "tinkerer")
    seq = sqlite3.connect(db_file).execute("SELECT max(seq) FROM journal").fetchone()[0]
    # as ghcli left a file before migration 0008: the update trigger only for an update that kept the
    # rowid, and a fourth that recorded one that changed it as a deletion and an insertion
    con = sqlite3.connect(db_file)
    con.execute("DELETE FROM _sqlite_migrations WHERE name = '0008_journal_triggers'")
    for table in recorded_tables(con):
        cols = [r[1] for r in con.execute(f"PRAGMA table_info({qi(table)})")]
        old = "json_array(" + ", ".join(f"old.{qi(c)}" for c in cols) + ")"
        new = "json_array(" + ", ".join(f"new.{qi(c)}" for c in cols) + ")"

        def record(op, row, before, after, table=table):
            return (f"INSERT INTO changes (seq, tbl, op, row, old, new) SELECT c.seq, '{table}', '{op}', "
                    f"{row}, {before}, {after} FROM current c WHERE c.seq IS NOT NULL;")

        u, r = qi(f"journal_{table}_u"), qi(f"journal_{table}_r")
        con.execute(f"DROP TRIGGER {u}")
        con.execute(f"CREATE TRIGGER {u} AFTER UPDATE ON {qi(table)} WHEN old.rowid = new.rowid BEGIN "
                    + record("u", "new.rowid", old, new) + " END")
        con.execute(f"CREATE TRIGGER {r} AFTER UPDATE ON {qi(table)} WHEN old.rowid != new.rowid BEGIN "
                    + record("d", "old.rowid", old, "NULL") + " " + record("i", "new.rowid", "NULL", new) + " END")
    con.commit()
    con.close()
    _bob_renumbered(db_file, seq)
    ops = sqlite3.connect(db_file).execute(
        "SELECT op, row FROM changes WHERE seq = ? AND tbl = 'characters' ORDER BY n", [seq]).fetchall()
    assert ops[-2:] == [("d", 2), ("i", 99)]
    run_ok(cli, "status")  # opened: migrated
    con = sqlite3.connect(db_file)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    assert {n for n in names if n.startswith("journal_characters")} == {
        "journal_characters_i", "journal_characters_u", "journal_characters_d"}
    assert len(names) == 3 * len(recorded_tables(con))
    assert con.execute("SELECT count(*) FROM _sqlite_migrations WHERE name = '0008_journal_triggers'"
                       ).fetchone() == (1,)
    con.close()
    run_ok(cli, "undo")
    assert _characters(db_file) == [(1, "Ann")]
    run_ok(cli, "redo")
    assert _characters(db_file) == [(1, "Ann"), (99, "Bob")]  # the entry again, as it was recorded


# -- a new file is a copy of the schema the migrations made once ---------------------------------------


def _contents(conn: sqlite3.Connection) -> dict:
    from ghcli.journal.schema import master

    tables = [n for (t, n), _ in master(conn).items() if t == "table"]
    rows = {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY rowid').fetchall() for t in tables}
    rows["_sqlite_migrations"] = [r[:3] for r in rows["_sqlite_migrations"]]  # (id, set, name): not the time
    pragmas = {p: conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("user_version", "application_id", "page_size")}
    return {"master": master(conn), "rows": rows, "pragmas": pragmas}


@pytest.mark.parametrize("set_name", ["ghcli", "arkham"])
def test_a_new_file_holds_what_its_migrations_make_run_one_by_one(tmp_path, set_name):
    from ghcli.journal import kinds, schema
    from ghcli.journal.store import Store as AnyStore, configure

    kind = kinds.load(set_name)
    by_hand = configure(sqlite3.connect(tmp_path / "by-hand.db", isolation_level=None), kind)
    by_hand.execute("PRAGMA journal_mode = WAL")
    schema.run_migrations(by_hand, kind.name, kind.migrations, now="")
    first = AnyStore.create(tmp_path / "first.db", kind, fill=lambda s: s.conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('x', 'y', 'z')"))
    first.close()
    second = AnyStore.create(tmp_path / "second.db", kind)  # after the first's own row: a copy of nothing of it
    try:
        assert _contents(second.conn) == _contents(by_hand)
        assert second.value("PRAGMA journal_mode") == "wal"
        assert [r[0] for r in second.conn.execute("SELECT name FROM _sqlite_migrations")] == kind.migration_names
        scratch = AnyStore.scratch(kind)
        assert _contents(scratch.conn) == _contents(by_hand)
        scratch.close()
    finally:
        second.close()
        by_hand.close()
