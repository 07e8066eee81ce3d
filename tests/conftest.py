"""Shared fixtures: every test gets its own database path and app folder.

What keeps the suite fast (issue 24: the whole suite within 90 s on a 2-core machine):

- **Temporary files in memory.** Where the machine has ``/dev/shm`` (a
  tmpfs), the tests' temporary folders live there: each SQLite commit ends
  with an fsync, 4 ms on this machine's disk and nothing in memory, and the
  suite commits some ten thousand times. ``--basetemp`` (or
  ``PYTEST_DEBUG_TEMPROOT``) given by the user wins.
- **A template campaign per ``init``.** The ``cli`` fixture runs ``ghcli init``
  for real once per set of arguments in a session and copies the file it
  made for every later test that runs the same ``init`` on a fresh path (an
  ``init`` is some 30 SQL scripts and triggers: about 100 ms of CPU). What
  ``ghcli init`` produces is copied, so the template knows nothing of how
  ``init`` builds the file. A real ``init`` runs whenever the copy could
  differ: a target that exists or whose folder is not a directory, a second
  ``init`` with the same arguments in one test (two campaigns must differ), a
  test that has patched anything with ``monkeypatch.setattr``, or an ``init``
  that did not succeed. The player recorded in the first history entry
  (``$GHCLI_PLAYER``, git's ``user.name``) is part of the template's key.
- **One click tree.** The ``cli`` fixture builds ghcli's click command once per
  test process and invokes it again (typer's runner builds it anew for every
  call: 1-7 ms each, thousands of times); its lazy group keeps the commands it
  built.
- **Markers.** ``slow`` (the sync and fuzz modules, the kill -9 and editor
  tests: the default run includes them; ``pytest -m "not slow"`` for a quick
  look), set here by module so the test files stay as they are.
- The run is spread over the machine's cores by pytest-xdist (``-n auto`` in
  pyproject.toml: a worker per core and one more; ``-n 0`` runs in one process), the longest modules first
  (``LONG_FIRST``): the cores share out the short tests at the end.
- **No waiting for nothing.** The editor's pilot tests wait 5 ms idle slices,
  not 20 ms (``helpers.quick_pilot``); the tmux tests poll every 50 ms.

How long the suite takes here, and where the time goes: ``python
benchmarks/suite_bench.py [--subprocesses]`` (wall and CPU against the
target, a calibration loop to compare hosts by, node's and git's runs, the
longest test files).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import weakref
from pathlib import Path

import pytest

# Every MonkeyPatch alive (the fixture's, and those of monkeypatch.context()): an init while one of them
# has patched an attribute runs for real (the patch may be what the test is about).
_PATCHERS: "weakref.WeakSet[pytest.MonkeyPatch]" = weakref.WeakSet()
_setattr = pytest.MonkeyPatch.setattr


def _tracked_setattr(self, *args, **kwargs):
    _PATCHERS.add(self)
    return _setattr(self, *args, **kwargs)


pytest.MonkeyPatch.setattr = _tracked_setattr  # type: ignore[method-assign]


def _patched() -> bool:
    """Whether a test's patch is in force (pytest's own, on its Config at configure time, is not one)."""
    return any(not isinstance(target, pytest.Config)
               for mp in list(_PATCHERS) for target, *_ in getattr(mp, "_setattr", ()))

SLOW_MODULES = {"test_sync.py", "test_board_fuzz.py", "test_board_editor.py", "test_concurrency.py",
                "test_hardening_db.py", "test_los_portal.py"}


def _bytecode_cache() -> None:
    """With PYTHONDONTWRITEBYTECODE set (as on this machine's shells), every process the suite starts
    (each xdist worker, each ``python -m ghcli``) would compile ghcli from source again: some 100 ms a
    process. The tests' processes keep their compiled files in a cache of their own instead, outside the
    checkout (PYTHONPYCACHEPREFIX; the tree stays as clean as the variable asked). A prefix given wins."""
    if not sys.dont_write_bytecode or os.environ.get("PYTHONPYCACHEPREFIX") or sys.pycache_prefix:
        return
    base = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else Path(tempfile.gettempdir())
    cache = base / f"ghcli-tests-pycache-{os.getuid()}"
    try:
        cache.mkdir(mode=0o700, exist_ok=True)
        if cache.is_symlink() or cache.stat().st_uid != os.getuid():
            return
    except OSError:
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(cache)
    sys.dont_write_bytecode, sys.pycache_prefix = False, str(cache)


def _shared_folder(config) -> None:
    """``$GHCLI_TEST_SHARED``: a folder for the whole session, made by the first process (pytest-xdist's
    workers, started after it, inherit the variable) and removed when that process ends; what one
    test computed that another would compute again lives there (tests/ghs_real.py's GHS answers, the
    GHS property test's campaigns)."""
    if os.environ.get("GHCLI_TEST_SHARED") and os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a worker: the session's folder
    made = tempfile.mkdtemp(prefix="ghcli-tests-shared-")
    os.environ["GHCLI_TEST_SHARED"] = made
    config.add_cleanup(lambda: (shutil.rmtree(made, ignore_errors=True), os.environ.pop("GHCLI_TEST_SHARED", None)))


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a slow test (sync through git, fuzzing, the editor, kill -9); "
                                       "the default run includes it")
    _bytecode_cache()
    shm = Path("/dev/shm")
    if not (config.option.basetemp or os.environ.get("PYTEST_DEBUG_TEMPROOT")) and shm.is_dir() \
            and os.access(shm, os.W_OK):
        tempfile.tempdir = str(shm)  # tmp_path and tempfile.mkdtemp in memory: no disk fsync per commit
    _shared_folder(config)


# -- the cyclic garbage collector -----------------------------------------------------------------
# A test process holds a large heap that lives as long as it does (the collected tests, imported modules,
# parsed syntax trees, data caches); each full collection walks all of it (some 0.3 s, dozens of times a
# run: ~10 s of CPU in one process). What is alive after the collection, and then after each module
# (and every FREEZE_EVERY tests), is collected once and frozen (gc.freeze): later collections walk only
# what came since. Garbage is collected before each freeze, so nothing unreachable is kept; frozen
# objects are still freed when nothing refers to them.
FREEZE_EVERY = 100
_since_freeze = 0


def _collect_and_freeze() -> None:
    import gc

    gc.collect()
    gc.freeze()


def pytest_collection_finish(session):
    _collect_and_freeze()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    global _since_freeze
    yield  # the test's fixtures are torn down first
    _since_freeze += 1
    if nextitem is None or nextitem.module is not item.module or _since_freeze >= FREEZE_EVERY:
        _since_freeze = 0
        _collect_and_freeze()


# The modules that take longest (a core's seconds each, on this machine), run first, longest first: the
# cores share out the short tests at the end instead of one core finishing a long module alone (a long
# module met last is the run's tail). Each module stays in one piece, its tests in their order.
LONG_FIRST = ["test_exchange_ghs_property.py", "test_sync.py", "test_first_minutes.py",
              "test_board_editor_table.py", "test_exchange_ghs_real.py", "test_hostile_fuzz.py",
              "test_rules_cases.py", "test_jotl_ghs.py", "test_picture_labels.py", "test_sight_readings.py",
              "test_code_shape.py", "test_campaign_rules.py", "test_los_portal.py", "test_render.py",
              "test_hostile_files.py", "test_exchange_ghs.py", "test_board_editor.py"]


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the machine's cores. Some tests wait with their core idle (GHS's
    loader sleeps 100 ms for its storage, the editor's terminal tests wait for the screen, a sync is
    killed after a delay): the extra worker's tests run meanwhile (on 2 cores: some 3% of the run)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest as collected


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


class _Copied:
    """What a real ``init`` printed (a click Result's fields), for a campaign copied from its template."""

    def __init__(self, real, template: str, target: str):
        self.exit_code, self.exception, self.return_value = real.exit_code, None, real.return_value
        self.stdout = real.stdout.replace(template, target)
        self.stderr = real.stderr.replace(template, target)
        self.output = real.output.replace(template, target)
        self.stdout_bytes = self.stdout.encode()
        self.stderr_bytes = self.stderr.encode()
        self.output_bytes = self.output.encode()

    def __repr__(self) -> str:
        return f"<Result (a copied init) exit {self.exit_code}>"


class InitTemplates:
    """``ghcli init`` once per set of arguments, then copies of the file it made (see the module docstring)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.made: dict = {}

    @staticmethod
    def _split(args: list[str]) -> tuple[str | None, list[str]]:
        """The --db given (before or after the command) and the other arguments."""
        db, rest, i = None, [], 0
        while i < len(args):
            a = args[i]
            if a == "--db" and i + 1 < len(args):
                db, i = args[i + 1], i + 2
                continue
            if a.startswith("--db="):
                db = a[len("--db="):]
            else:
                rest.append(a)
            i += 1
        return db, rest

    @staticmethod
    def _player() -> tuple:
        home = Path(os.environ.get("HOME", "~")).expanduser()
        configs = [home / ".gitconfig", Path(os.environ.get("XDG_CONFIG_HOME", home / ".config")) / "git" / "config"]
        return (os.environ.get("GHCLI_PLAYER"), os.environ.get("GIT_CONFIG_GLOBAL"),
                tuple(p.read_text(errors="replace") for p in configs if p.is_file()))

    def run(self, runner, app, args: list[str], used: set, patched: bool):
        """A copy of the template for this ``init``, or None: run it for real."""
        db, rest = self._split(args)
        if patched or not rest or rest[0] != "init" or any(a in ("-h", "--help") for a in rest):
            return None
        given = db if db is not None else os.environ.get("GHCLI_DB")
        if not given:
            return None
        target = Path(given)
        try:
            if target.exists() or target.is_symlink() or (target.parent.exists() and not target.parent.is_dir()):
                return None
        except OSError:  # a name the system refuses (too long, ...): what ghcli says of it is the test's
            return None
        key = (tuple(rest), self._player())
        if key in used:
            return None
        used.add(key)
        if key not in self.made:
            made = Path(tempfile.mkdtemp(prefix="init-", dir=self.folder)) / "campaign.db"
            real = runner.invoke(app, ["--db", str(made), *rest], catch_exceptions=False)
            clean = real.exit_code == 0 and sorted(p.name for p in made.parent.iterdir()) == ["campaign.db"]
            self.made[key] = (made, real) if clean else None
        if self.made[key] is None:
            return None
        made, real = self.made[key]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(made, target)
        shutil.copymode(made, target)
        return _Copied(real, str(made), str(target))


@pytest.fixture(scope="session")
def _init_templates(tmp_path_factory) -> InitTemplates:
    return InitTemplates(tmp_path_factory.mktemp("init-templates"))


@pytest.fixture
def cli(_init_templates):
    """Run ghcli in-process: cli("status", "--json") -> click Result (an ``init`` may be a template's copy)."""
    from typer.testing import CliRunner

    from ghcli.cli import app

    runner = CliRunner()
    used: set = set()

    def run(*args, input=None):
        args = [str(a) for a in args]
        copied = _init_templates.run(runner, app, args, used, patched=_patched())
        if copied is not None:
            return copied
        from helpers import invoke  # ghcli's click command built once per test process

        return invoke(args, input=input, catch_exceptions=False)

    return run


@pytest.fixture(scope="session")
def warm(tmp_path_factory):
    """A folder holding a warm ``ghcli`` (tests/warm_ghcli.py): for tests that run it as a command many
    times and are not about its start-up. Each call is a process of its own with the caller's environment."""
    from warm_ghcli import warm_ghcli

    with warm_ghcli(dict(os.environ), tmp_path_factory.mktemp("warm")) as folder:
        yield folder
