"""The warm ``ghcli`` the shell tests type (tests/warm_ghcli.py): a command that ended by ``sys.exit``
with no file open leaves without Python's teardown (the teardown touches every object, each a page
copied from the server: some 20 ms a command); one that still holds a file open ends as Python ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

# A command's process as warm_ghcli's script makes it (its quick exit among the exit handlers, the
# status of sys.exit handed to it), with one more handler registered before it, so run after it: it
# writes a marker, which is there only if the quick exit returned and Python went on ending.
SCRIPT = """
import atexit, sys
sys.path.insert(0, sys.argv[1])
import warm_ghcli
status = []
atexit.register(lambda: open(sys.argv[2] + "/teardown-ran", "w").close())
atexit.register(warm_ghcli._exit_quickly, status)
held = open(sys.argv[2] + "/held.txt", "w") if sys.argv[3] == "hold" else None
try:
    sys.exit(3)
except SystemExit as e:
    status.append(e.code)
    raise
"""


def _ends(tmp_path: Path, hold: bool) -> tuple[int, bool]:
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(HERE), str(tmp_path), "hold" if hold else "-"],
                       capture_output=True, text=True)
    assert not r.stderr, r.stderr
    return r.returncode, (tmp_path / "teardown-ran").exists()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the quick exit reads /proc/self/fd")
def test_a_command_with_no_file_open_leaves_without_the_teardown(tmp_path):
    assert _ends(tmp_path, hold=False) == (3, False)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the quick exit reads /proc/self/fd")
def test_a_command_holding_a_file_open_ends_as_python_ends(tmp_path):
    assert _ends(tmp_path, hold=True) == (3, True)
