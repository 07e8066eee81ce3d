"""Shared fixtures: every test gets its own database path and app folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """Point $GHCLI_DB and the app folder at a temporary directory."""
    monkeypatch.setenv("GHCLI_DB", str(tmp_path / "campaign.db"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(tmp_path)  # a file a test writes by a relative name lands here, never in the project
    yield
    from ghcli import editions

    editions.reset()  # a campaign opened in-process made its edition the active one: no test inherits it


@pytest.fixture
def db_file(tmp_path):
    return tmp_path / "campaign.db"


@pytest.fixture
def cli():
    """Run ghcli in-process: cli("status", "--json") -> click Result."""
    from typer.testing import CliRunner

    from ghcli.cli import app

    runner = CliRunner()

    def run(*args, input=None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return run
