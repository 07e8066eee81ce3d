"""Issue 14, names and arguments: UTF-8, Unicode case folding, length, control characters, empty values."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from helpers import run_ok, snapshot

from ghcli.campaign import names


@pytest.mark.parametrize("a, b", [
    ("Zoë", "ZOË"),            # case beyond ASCII
    ("Zoë", "Zoe\u0308"),      # NFC: e + combining diaeresis
    ("Straße", "STRASSE"),     # full case folding
    ("Ｈｉｌｄａ", "hilda"),   # NFKC: full-width letters
    (" Ann ", "ann"),
])
def test_key_folds_case_and_normalisation(a, b):
    assert names.key(a) == names.key(b)


def test_key_keeps_different_names_apart():
    assert names.key("Zoë") != names.key("Zoe")


@pytest.mark.parametrize("raw, message", [
    ("", "must not be empty"),
    ("   ", "must not be empty"),
    ("a\nb", "control character (U+000A)"),
    ("a\tb", "control character (U+0009)"),
    ("a\u202eb", "control character (U+202E)"),  # right-to-left override
    ("x" * (names.MAX_NAME + 1), f"{names.MAX_NAME + 1} characters long; at most {names.MAX_NAME}"),
    ("\udcff\udcfe", "'\\xff\\xfe' is not valid UTF-8 text"),  # how Python hands over argv bytes that are not UTF-8
])
def test_clean_refuses(raw, message):
    from ghcli.errors import BadInput

    with pytest.raises(BadInput) as e:
        names.clean(raw, "character name")
    assert message in str(e.value)


def test_clean_normalises_and_keeps_joiners():
    assert names.clean("  Zoe\u0308 ") == "Zoë"
    assert names.clean("x" * names.MAX_NAME) == "x" * names.MAX_NAME
    assert names.clean("👩\u200d🔬") == "👩\u200d🔬"


def test_unicode_names_are_one_character(cli, db_file):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Zoë", "--class", "brute", "--player", "Åsa")
    assert "Zoë: level 1 Brute" in run_ok(cli, "character", "show", "ZOË").stdout
    before = snapshot(db_file)
    r = cli("character", "new", "ZOE\u0308", "--class", "tinkerer")
    assert r.exit_code == 1 and "a character named 'Zoë' already exists" in r.stderr
    assert snapshot(db_file) == before
    run_ok(cli, "character", "new", "Bo", "--class", "tinkerer", "--player", "ÅSA")
    status = json.loads(run_ok(cli, "status", "--json").stdout)
    players = {c["name"]: c["player"] for c in status["characters"]}
    assert players == {"Zoë": "Åsa", "Bo": "ÅSA"}
    run_ok(cli, "party", "new", "Ölfreunde")
    r = cli("party", "new", "ÖLFREUNDE")
    assert r.exit_code == 1 and "already exists" in r.stderr


@pytest.mark.parametrize("args, message", [
    (("character", "new", "a\nb", "--class", "brute"), "holds a control character (U+000A)"),
    (("character", "new", "y" * 41, "--class", "brute"), "41 characters long; at most 40"),
    (("character", "new", "Ann", "--class", "brute", "--player", ""), "player name (--player) must not be empty"),
    (("character", "new", "Ann", "--class", "brute", "--player", "P\x07"), "control character (U+0007)"),
    (("party", "new", "p\rq"), "control character (U+000D)"),
    (("--db", "", "status"), "--db is empty"),
])
def test_bad_names_and_empty_values_are_refused(cli, db_file, args, message):
    run_ok(cli, "init")
    before = snapshot(db_file)
    r = cli(*args)
    assert r.exit_code == 2 and message in r.stderr and "Traceback" not in r.output, r.output
    assert len(r.stderr.strip().splitlines()) == 1
    assert snapshot(db_file) == before


@pytest.mark.parametrize("args", [
    [b"character", b"new", b"\xff\xfe", b"--class", b"brute"],
    [b"character", b"show", b"\xff\xfe"],
    [b"character", b"adjust", b"\xff", b"--gold", b"+1"],
    [b"buy", b"\xff", b"1"],
])
def test_names_that_are_not_utf8(cli, db_file, args):
    """Bytes that are not UTF-8 on the command line: a one-line error, exit 2, the database as it was."""
    run_ok(cli, "init")
    before = snapshot(db_file)
    r = subprocess.run([sys.executable.encode(), b"-m", b"ghcli", *args], capture_output=True,
                       env=dict(os.environ, GHCLI_DB=str(db_file)), timeout=120)
    assert r.returncode == 2, r.stderr
    assert b"Traceback" not in r.stderr + r.stdout and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert snapshot(db_file) == before


@pytest.mark.parametrize("args, message", [
    (("arkham", "investigator", "add", "Roland\nBanks", "--health", "9", "--sanity", "5"), "control character"),
    (("arkham", "investigator", "join", "Roland Banks", "--player", "", "--health", "9", "--sanity", "5"),
     "player name (--player) must not be empty"),
])
def test_arkham_names_are_checked_too(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "arkham.db"))
    run_ok(cli, "arkham", "init")
    r = cli(*args)
    assert r.exit_code == 2 and message in r.stderr, r.stderr


def test_fuzzed_names_are_cleaned_or_refused():
    """Any text: clean() returns a name within the limits, or refuses it as bad input."""
    import unicodedata

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from ghcli.errors import BadInput

    @settings(max_examples=400, deadline=None)
    @given(st.text(max_size=60))
    def check(text):
        try:
            name = names.clean(text)
        except BadInput as e:
            assert "\n" not in str(e)
            return
        assert name == name.strip() and 0 < len(name) <= names.MAX_NAME
        assert unicodedata.is_normalized("NFC", name)
        assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") for ch in name)
        assert names.key(name) == names.key(names.key(name)) == names.key(name.upper().lower())

    check()


def test_arkham_names_fold_case_beyond_ascii(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "arkham.db"))
    run_ok(cli, "arkham", "init")
    run_ok(cli, "arkham", "investigator", "add", "Zoë Samaras", "--health", "9", "--sanity", "6")
    r = cli("arkham", "investigator", "add", "ZOË SAMARAS", "--health", "9", "--sanity", "6")
    assert r.exit_code == 1 and "already in this campaign's pool" in r.stderr
    assert "Zoë Samaras" in run_ok(cli, "arkham", "investigator", "show", "zoë samaras").stdout
