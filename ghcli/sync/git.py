"""The git program, run through subprocess (no git library: git's own transport,
authentication and configuration come with it)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from ghcli.errors import GhcliError

GIT_TIMEOUT_S = 120


class SyncError(GhcliError):
    """A sync step that cannot be done (git missing, the remote unreachable, ...)."""


class GitMissing(SyncError):
    """The git program is not installed."""


def run(clone: Path, *args: str, check: bool = True, identity: tuple[str, str] | None = None,
        timeout: float = GIT_TIMEOUT_S) -> subprocess.CompletedProcess:
    """``git -C clone ARGS``: output captured; a failure is a SyncError with git's last line."""
    config = ["-c", "commit.gpgsign=false", "-c", "core.autocrlf=false", "-c", "core.quotepath=false"]
    if identity is not None:
        config += ["-c", f"user.name={identity[0]}", "-c", f"user.email={identity[1]}"]
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", LC_ALL="C", GIT_MERGE_AUTOEDIT="no")
    try:
        r = subprocess.run(["git", *config, "-C", str(clone), *args], capture_output=True, text=True,
                           env=env, timeout=timeout, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise GitMissing("ghcli sync needs the git program, and git is not installed (or not on PATH)") from None
    except subprocess.TimeoutExpired:
        raise SyncError(f"git {args[0]} took longer than {timeout:.0f} s: is the remote reachable?") from None
    if check and r.returncode != 0:
        raise SyncError(f"git {args[0]} failed: {last_line(r)}")
    return r


def last_line(r: subprocess.CompletedProcess) -> str:
    lines = [ln.strip() for ln in (r.stderr or r.stdout or "").splitlines() if ln.strip()]
    return lines[-1][:300] if lines else f"exit {r.returncode}"


def ok(clone: Path, *args: str) -> bool:
    return run(clone, *args, check=False).returncode == 0


def out(clone: Path, *args: str) -> str:
    return run(clone, *args).stdout.strip()
