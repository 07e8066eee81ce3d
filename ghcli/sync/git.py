"""The git program, run through subprocess (no git library: git's own transport,
authentication and configuration come with it).

Everything that reaches git is checked here (docs/sync.md, docs/shell.md on hostile files):

- a remote is a path or a URL, never an option: :func:`check_remote` refuses one
  that starts with ``-``, holds control characters or names a remote helper
  (``ext::``, ``fd::``, ...), and every call passes ``--`` before it;
- git runs with hooks off, the ``ext`` and ``fd`` transports off, no prompt on
  the terminal, C locale (so that its messages can be read), a time limit;
- a failure becomes one true sentence (:func:`failure`): the remote is wrong
  (not a repository), there is no access to it, it cannot be reached, git
  does not know who you are; each names the fix.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from ghcli.errors import BadInput, GhcliError

GIT_TIMEOUT_S = 120
MAX_REMOTE = 1000
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
# URL schemes git speaks that ghcli lets through; anything else of the form X:: or X:// is refused.
SCHEMES = ("ssh", "git", "http", "https", "file", "git+ssh", "ssh+git")
SCHEME_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
HELPER_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)::")
SCP_RE = re.compile(r"^(?:[^@/:\s]+@)?[^/:\s]+:(?!//)")  # user@host:path (git's scp-like syntax)

HARDENING = (
    "-c", "core.hooksPath=/dev/null",      # no hook of anyone's runs inside ghcli's clone
    "-c", "protocol.ext.allow=never",      # the transports that run commands
    "-c", "protocol.fd.allow=never",
    "-c", "commit.gpgsign=false",
    "-c", "core.quotepath=false",
    "-c", "gc.auto=0",                     # no background gc while a sync holds the clone
    "-c", "maintenance.auto=false",        # nor the `git maintenance run --auto` each fetch starts
    "-c", "fetch.fsckObjects=false",
)


class SyncError(GhcliError):
    """A sync step that cannot be done (git missing, the remote unreachable, ...)."""


class GitMissing(SyncError):
    """The git program is not installed."""


class WrongRemote(SyncError):
    """The remote is not a git repository (a wrong path or URL)."""


class NoAccess(SyncError):
    """The remote refuses this machine (SSH key, credentials, permissions)."""


class Unreachable(SyncError):
    """The remote's host cannot be reached (network, name, port, time-out)."""


class NoIdentity(SyncError):
    """git does not know who the player is (no user.name / user.email)."""


def check_remote(remote: str, *, base: Path | None = None) -> str:
    """The remote as ghcli stores it: a URL, or a path made absolute; refused when it could be an option.

    ``base`` is the folder a relative path is taken from (the current one by default).
    """
    text = (remote or "").strip()
    if not text:
        raise BadInput("give the git remote: a URL or a path to a (bare) repository")
    if text.startswith("-"):
        raise BadInput(f"the remote {shown(text)!r} starts with '-': a remote is a path or a URL, never an "
                       "option (write ./NAME for a folder named so)")
    if CONTROL_RE.search(text) or len(text) > MAX_REMOTE:
        raise BadInput(f"the remote has control characters or is longer than {MAX_REMOTE} characters")
    helper = HELPER_RE.match(text)
    if helper:
        raise BadInput(f"the remote {shown(text)!r} names git's remote helper {helper.group(1)!r}: ghcli syncs "
                       "with a path or a URL (ssh://, https://, git://, file://, or host:path)")
    scheme = SCHEME_RE.match(text)
    if scheme:
        if scheme.group(1).lower() not in SCHEMES:
            raise BadInput(f"the remote's scheme {scheme.group(1)!r} is not one ghcli syncs with "
                           f"({', '.join(s + '://' for s in SCHEMES)}, a path, or host:path)")
        rest = text[scheme.end():]
        if rest.startswith("-") or "/-" in rest.split("/", 1)[0]:
            raise BadInput(f"the remote's host in {shown(text)!r} starts with '-': refused")
        return text
    if SCP_RE.match(text) and not Path(text).exists():
        if text.split("@")[-1].startswith("-"):
            raise BadInput(f"the remote's host in {shown(text)!r} starts with '-': refused")
        return text
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = (base or Path.cwd()) / path
    return str(Path(os.path.normpath(path)))


def shown(text: str, limit: int = 120) -> str:
    """Text from git or a remote as it may be printed: control characters escaped, cut to ``limit``."""
    out = CONTROL_RE.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    out = out.replace("\x1b", "\\x1b")
    return out if len(out) <= limit else out[:limit - 3] + "..."


def env() -> dict:
    e = dict(os.environ, GIT_TERMINAL_PROMPT="0", LC_ALL="C", LANGUAGE="C", GIT_ASKPASS="/bin/false")
    e.setdefault("GIT_SSH_COMMAND", "ssh -o BatchMode=yes -o ConnectTimeout=20")
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE",
                "GIT_CEILING_DIRECTORIES", "GIT_ALTERNATE_OBJECT_DIRECTORIES"):
        e.pop(var, None)
    return e


def run(repo: Path, *args: str, input: bytes | None = None, check: bool = True, extra_env: dict | None = None,
        timeout: float = GIT_TIMEOUT_S, remote: str | None = None) -> subprocess.CompletedProcess:
    """``git --git-dir=repo ARGS`` (bytes in and out). A failure is a :class:`SyncError` (see :func:`failure`)."""
    e = env()
    if extra_env:
        e.update(extra_env)
    cmd = ["git", *HARDENING, f"--git-dir={repo}", *args]
    try:
        r = subprocess.run(cmd, capture_output=True, env=e, timeout=timeout,
                           input=input, stdin=None if input is not None else subprocess.DEVNULL)
    except FileNotFoundError:
        raise GitMissing("ghcli sync needs the git program, and git is not installed (or not on PATH)") from None
    except subprocess.TimeoutExpired:
        where = remote or "the remote"
        raise Unreachable(f"{shown(where)} did not answer within {timeout:.0f} s (git {args[0]}): check the "
                          "network or the remote's address, or sync later") from None
    if check and r.returncode != 0:
        raise failure(r, args[0], remote)
    return r


def text(r: subprocess.CompletedProcess) -> str:
    return r.stdout.decode("utf-8", "replace").strip()


def last_line(r: subprocess.CompletedProcess) -> str:
    err = r.stderr.decode("utf-8", "replace") if isinstance(r.stderr, bytes) else (r.stderr or "")
    lines = [ln.strip() for ln in err.splitlines() if ln.strip() and not ln.startswith("hint:")]
    return shown(lines[-1], 300) if lines else f"exit {r.returncode}"


_WRONG = ("does not appear to be a git repository", "not a git repository", "repository not found",
          "no such repository", "does not exist", "not found", "404")
_ACCESS = ("permission denied", "403", "401", "authentication failed", "could not read username",
           "could not read password", "terminal prompts disabled", "access denied", "host key verification failed")
_UNREACHABLE = ("could not resolve host", "could not resolve hostname", "connection refused", "connection timed out",
                "timed out", "failed to connect", "network is unreachable", "no route to host",
                "connection reset", "name or service not known", "temporary failure in name resolution",
                "couldn't connect to server", "connection closed by remote host", "operation timed out")
_IDENTITY = ("please tell me who you are", "empty ident name", "unable to auto-detect email",
             "no email was given", "no name was given")


def _reason(stderr: str) -> str:
    """The line of git's message that says what happened (the ``fatal:`` one, or ssh's)."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    for ln in lines:
        low = ln.lower()
        if any(k in low for k in _UNREACHABLE + _ACCESS[:3] + ("does not appear", "not found", "repository")):
            ln = re.sub(r"^(fatal|error|remote|ssh):\s*", "", ln, flags=re.I)
            return shown(ln, 160)
    return shown(re.sub(r"^(fatal|error):\s*", "", lines[-1]), 160) if lines else ""


def failure(r: subprocess.CompletedProcess, step: str, remote: str | None) -> SyncError:
    """git's failure as one sentence that says what is wrong and what to do."""
    err = r.stderr.decode("utf-8", "replace") if isinstance(r.stderr, bytes) else (r.stderr or "")
    low = err.lower()
    where = shown(remote) if remote else "the remote"
    why = _reason(err)
    if any(k in low for k in _IDENTITY):
        return NoIdentity("git does not know who you are: set your name and e-mail with "
                          "`git config --global user.name \"Your Name\"` and "
                          "`git config --global user.email you@example.org` (or GHCLI_PLAYER for the name)")
    if "transport" in low and "not allowed" in low:
        return WrongRemote(f"{where} uses a git transport that ghcli does not allow ({why}): give a path or "
                           "an ssh://, https:// or git:// URL")
    if any(k in low for k in _UNREACHABLE):
        return Unreachable(f"{where} cannot be reached ({why}): check the network and the remote's address, "
                           "or sync later; nothing was changed")
    # ssh says "Permission denied" for a key it refuses; a local path that git may not read says it too.
    if any(k in low for k in _ACCESS) and "does not appear to be a git repository" not in low:
        return NoAccess(f"no access to {where} ({why}): check that your SSH key or credentials may use it "
                        "(try `git ls-remote` on it); nothing was changed")
    if any(k in low for k in _WRONG):
        return WrongRemote(f"{where} is not a git repository ({why}): check the remote's path or URL "
                           "(`ghcli sync status` shows it; `git init --bare PATH` makes an empty one)")
    return SyncError(f"git {step} failed: {last_line(r)}")
