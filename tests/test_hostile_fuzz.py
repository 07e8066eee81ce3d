"""ghcli's own fuzzer (issue 29), a few hundred cases: mutated ghcli exports (both format versions) and
GHS files through ``import`` and then the commands on what came in, fuzzed argument vectors over every
command, and a few hostile remotes synced. No traceback, no hang, no raw escape printed, no file touched
outside the case's folder, a refused import leaves its target as it was, an imported campaign exports
and imports again, a sync changes no accepted entry (``tests/hostile_fuzz.py`` says what each case holds).

The full run (2,000 + 2,000 + 2,000 + 200 sync cases) is ``python benchmarks/fuzz_hostile.py``; below it,
each finding of the fuzzer that was fixed, as a test of its own.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import sqlite3

import pytest

import hostile_fuzz as hf

pytestmark = pytest.mark.slow


def test_fuzzer_finds_nothing(tmp_path):
    kinds = {"native": 70, "ghs": 12, "argv": 200, "sync": 3 if shutil.which("git") else 0}
    findings, stats = hf.run(kinds, seed=29, base=tmp_path / "fuzz")
    assert not findings, "\n".join(f.line() for f in findings[:12])
    # the cases reach past the import: files of both versions and GHS files come in, others are refused,
    # and the commands after them run
    for kind in ("native", "ghs"):
        assert stats[kind].imported > 0 and stats[kind].refused > 0, (kind, stats[kind])
    counts = stats["native"].counts
    assert counts.get("imported: version 1", 0) > 0 and counts.get("imported: version 2", 0) > 0, counts
    assert stats["argv"].commands >= 190 and set(stats["argv"].exits) >= {0, 1, 2}, stats["argv"]
    if kinds["sync"]:
        assert stats["sync"].cases == kinds["sync"] and stats["sync"].commands >= 6 * kinds["sync"], stats["sync"]


# -- the harness finds what it looks for (or the test above would pass vacuously) ------------


def test_the_guard_sees_a_write_outside(tmp_path):
    case = tmp_path / "case"
    case.mkdir()
    with hf.guarded(case) as guard:
        (case / "inside.txt").write_text("ok")
        (tmp_path / "outside.txt").write_text("no")
        hf.os.replace(tmp_path / "outside.txt", tmp_path / "moved.txt")
    seen = " ".join(guard["outside"])
    assert "open" in seen and "moved.txt" in seen and "inside.txt" not in seen, guard["outside"]


def test_the_runner_reports_tracebacks_escapes_and_hangs(monkeypatch):
    import typer

    findings: list[hf.Finding] = []
    app = typer.Typer()

    @app.command()
    def go(what: str) -> None:
        if what == "raise":
            raise KeyError("boom")
        if what == "escape":
            typer.echo("\x1b[2J")
        if what == "hang":
            import time

            time.sleep(5)

    run = hf.Runner(findings, hf.Stats())
    run.app = app
    monkeypatch.setattr(hf, "TIMEOUT_S", 0.2)
    for what in ("raise", "escape", "hang", "fine"):
        run(what, [what])
    assert [f.kind for f in findings] == ["traceback", "raw escape", "hang"], [f.line() for f in findings]


def test_blind_mutations_reach_every_shape():
    rng = random.Random(1)
    seeds = hf.ghs_seeds()
    made = [hf.mutate(rng.choice(seeds).data, rng) for _ in range(300)]
    text = " ".join(what for _, what in made)
    for word in ("truncated", "removed", "doubled", "<4,301 digits>", "\\x1b", "nan"):
        assert word in text, word
    assert any(b"9" * 4301 in data for data, _ in made)


def test_a_document_mutation_changes_one_field_and_stays_canonical():
    doc = {"args": {"name": "Ann", "gold": 5}, "at": "2026-12-01T22:00:00+00:00", "command": "character adjust",
           "draws": [], "effect": "0" * 16, "format": 2, "nonce": "1" * 16, "version": "0.1.0"}
    text = hf.canonical(doc)
    rng = random.Random(3)
    changed = set()
    for _ in range(200):
        new, what = hf.mutate_document(text, rng)
        try:
            parsed = json.loads(new)
        except ValueError:
            continue
        if not isinstance(parsed, dict):
            continue
        diff = {k for k in doc.keys() | parsed.keys() if doc.get(k) != parsed.get(k)}
        assert len(diff) <= 1, (what, diff)
        changed |= diff
    assert changed >= {"at", "version", "nonce", "command", "format", "args"}, changed
    same_but_time = hf.canonical({**doc, "at": "9999-12-31T23:59:59+00:00"})
    assert same_but_time == text.replace("2026-12-01T22:00:00", "9999-12-31T23:59:59")


def test_the_version_1_form_of_a_campaign_imports(cli, tmp_path):
    db = tmp_path / "a.db"
    for args in hf.SMALL_CAMPAIGN:
        cli("--db", db, *args)
    doc = json.loads(cli("--db", db, "export").stdout)
    (tmp_path / "v1.json").write_text(json.dumps(hf.v1_form(doc)))
    r = cli("--db", tmp_path / "b.db", "import", tmp_path / "v1.json", "--json")
    assert r.exit_code == 0, r.output
    history = json.loads(cli("--db", tmp_path / "b.db", "history", "--json").stdout)
    assert [h["seq"] for h in history] == [len(doc["journal"]["entries"]) + 1] + [
        e["seq"] for e in reversed(doc["journal"]["entries"])]  # the import, then the journal kept as history
    mine, theirs = (json.loads(cli("--db", d, "character", "list", "--json").stdout) for d in (db, tmp_path / "b.db"))
    assert mine == theirs


def test_the_command_tree_is_whole():
    words = {" ".join(w) for w, _ in hf.command_tree()}
    for cmd in ("init", "status", "import", "export", "backup", "character new", "rules focus", "arkham init",
                "sync init", "rules board convert", "scenario finish"):
        assert cmd in words, cmd
    assert len(words) > 60


# -- what the fuzzer found, each fixed ---------------------------------------------------------


V1 = json.loads(hf.V1_EXPORT.read_text())


def _v1_with(table: str, column: str, value, row: int = 0) -> dict:
    doc = copy.deepcopy(V1)
    t = doc["tables"][table]
    t["rows"][row][1 + t["columns"].index(column)] = value
    return doc


def _import(cli, tmp_path, doc, name: str = "f"):
    src = tmp_path / f"{name}.json"
    src.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    target = tmp_path / f"{name}.db"
    return cli("--db", target, "import", src), target


def _refused(r, target, words: str) -> None:
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], r.stderr
    assert not target.exists() and not list(target.parent.glob(f".{target.name}*")), "a refused import leaves nothing"


def _small_export(cli, tmp_path) -> dict:
    db = tmp_path / "src.db"
    cli("--db", db, "init")
    cli("--db", db, "character", "new", "Ann", "--class", "brute")
    cli("--db", db, "character", "adjust", "Ann", "--gold", "+3")
    return json.loads(cli("--db", db, "export").stdout)


@pytest.mark.parametrize("kind", [{"ghcli": 1}, ["ghcli"], 7])
def test_a_kind_that_is_not_a_name_is_refused(cli, tmp_path, kind):
    """It raised TypeError (unhashable) in check_document."""
    doc = _small_export(cli, tmp_path)
    doc["kind"] = kind
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, "is not a campaign kind ghcli keeps")


def test_a_ghs_edition_that_is_an_object_is_refused(cli, tmp_path):
    """It raised TypeError (unhashable) in ghs.edition_in_words."""
    game = json.loads(hf.GHS_FIXTURES[0].read_text(encoding="utf-8"))
    game["party"]["edition"] = {"edition": game["party"]["edition"]}
    r, target = _import(cli, tmp_path, game)
    _refused(r, target, "a campaign of GHS edition \"{'edition': 'gh'}\" is not a campaign ghcli keeps")


def test_history_args_that_are_not_json_stay_history(cli, tmp_path):
    """An older file's history row whose arguments are no JSON (once a JSONDecodeError in ``history``)
    comes in as history without arguments; every command after it is clean."""
    doc = copy.deepcopy(V1)
    t = doc["tables"]["history"]
    t["rows"][-1][1 + t["columns"].index("args")] = "\x1b]0;pwned\x07"
    r, target = _import(cli, tmp_path, doc)
    assert r.exit_code == 0, r.output
    rows = json.loads(cli("--db", target, "history", "--json").stdout)
    old = next(h for h in rows if h["seq"] == t["rows"][-1][1])
    assert old["command"] == "donate" and old["args"] == {}
    text = cli("--db", target, "history").stdout
    assert "\x1b" not in text and "\x07" not in text and "donate" in text
    assert cli("--db", target, "status").exit_code == 0


@pytest.mark.parametrize("table, column, value, words", [
    ("parties", "scenario", 5000, "tables.parties.rows[0].scenario: 5000 is not a scenario of Gloomhaven"),
    ("character_items", "item", 999, "tables.character_items.rows[0].item: 999 is not an item of Gloomhaven"),
    ("unlocked_classes", "class", "y" * 60, "tables.unlocked_classes.rows[0].class: 'yyyy"),
    ("characters", "class", "demolitionist", "'demolitionist' is not a class of Gloomhaven"),
    ("characters", "quest", 999, "tables.characters.rows[0].quest: 999 is not a personal quest of Gloomhaven"),
    ("characters", "quest_offer", "{not json", "quest_offer: '{not json' is not a list of personal quests"),
    ("event_decks", "card", 99, "tables.event_decks.rows[0].card: 99 is not a city event card of Gloomhaven"),
    ("supply", "item", 500, "tables.supply.rows[0].item: 500 is not an item of Gloomhaven"),
    ("party_achievements", "key", "the-merchant-flees", "is not a party achievement of Gloomhaven"),
])
def test_a_reference_the_game_lacks_is_refused(cli, tmp_path, table, column, value, words):
    """An older file naming a scenario, item, class, quest or event card ghcli has not: refused on import
    (once imported, then a KeyError traceback in ``status``, ``character show`` or ``export --format ghs``)."""
    if table == "parties":
        doc = _v1_with("parties", "location", "road")
        t = doc["tables"]["parties"]
        t["rows"][0][1 + t["columns"].index("scenario")] = value
    else:
        doc = _v1_with(table, column, value)
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, words)


def test_a_perk_beyond_the_class_is_refused(cli, tmp_path):
    doc = copy.deepcopy(V1)
    doc["tables"]["character_perks"]["rows"].append([1, 1, 12, 1])  # the Brute has 11 perks
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, "tables.character_perks.rows[0].perk: 12 is not a perk of the brute (1-11)")


def test_an_edition_ghcli_lacks_is_refused(cli, tmp_path):
    db = tmp_path / "src.db"
    cli("--db", db, "init")
    doc = hf.v1_form(json.loads(cli("--db", db, "export").stdout))
    t = doc["tables"]["campaign"]
    t["rows"][0][1 + t["columns"].index("edition")] = "fh"
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, "tables.campaign.rows[0].edition: 'fh' is not an edition ghcli keeps (gh, jotl)")


def test_a_jotl_campaign_exports_and_imports_again_after_a_change(cli, tmp_path):
    """A Jaws of the Lion campaign from GHS, one change, exported: its import replayed the change in
    Gloomhaven's facts ("unknown class 'demolitionist'") until the loaded campaign's edition was made active."""
    game = hf.HERE / "ghs_jotl" / "sleeping-lions" / "ghs-game.json"
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert cli("--db", a, "import", game).exit_code == 0
    name = json.loads(cli("--db", a, "character", "list", "--json").stdout)[0]["name"]
    assert cli("--db", a, "character", "adjust", name, "--gold", "+1").exit_code == 0
    assert cli("--db", a, "export", "-o", tmp_path / "a.json").exit_code == 0
    r = cli("--db", b, "import", tmp_path / "a.json")
    assert r.exit_code == 0, r.output
    assert json.loads(cli("--db", b, "status", "--json").stdout)["edition"]["key"] == "jotl"
    views = [json.loads(cli("--db", d, "character", "list", "--json").stdout) for d in (a, b)]
    assert views[0] == views[1]


def test_a_rowid_that_is_text_is_refused(cli, tmp_path):
    """A version-2 file whose table row has text for its rowid (once a TypeError comparing the tables)."""
    doc = _small_export(cli, tmp_path)
    doc["tables"]["supply"]["rows"][3][0] = "\x07\x07\x07"
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, "not the campaign's tables")


def test_entries_out_of_order_are_refused(cli, tmp_path):
    """An entry whose number puts it after the ones that follow it in the file was taken, and the
    campaign's own export (in number order) then did not import."""
    doc = _small_export(cli, tmp_path)
    doc["journal"]["entries"][0]["seq"] = 1000000
    r, target = _import(cli, tmp_path, doc)
    _refused(r, target, "journal.entries[1].seq: #2 is not after the entry before it (#1000000)")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_remote_replaced_by_a_history_that_starts_with_no_entry_is_refused(tmp_path):
    """Someone replaced the group's remote with a history whose first line is no entry: ``sync`` raised
    (ledger.Garbage); now it is another campaign's remote, refused, and nothing accepted changes."""
    findings: list[hf.Finding] = []
    run = hf.Runner(findings, hf.Stats())
    world = hf.SyncWorld(tmp_path / "cases", tmp_path / "template", run)
    with world.case():
        remote, bob = world.remote, world.db["bob"]
        tree = hf._git(remote, "rev-parse", "main^{tree}")
        sha = hf._git(remote, "commit-tree", tree, input=b"ghcli: 1 entry by eve\n\n{not json\n")
        hf._git(remote, "update-ref", "refs/heads/main", sha)
        before = hf._journal(bob)
        r = run("replaced", ["--db", str(bob), "sync"])
        assert r.exit_code == 1 and "now holds another campaign (none): sync refused" in r.stderr, r.output
        assert hf._journal(bob) == before and not findings, [f.line() for f in findings]
        conn = sqlite3.connect(bob)
        assert conn.execute("SELECT count(*) FROM journal WHERE state = 'accepted'").fetchone()[0] == len(before)
        conn.close()
