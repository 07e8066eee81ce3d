"""Named errors shared by every layer (standard library only, no I/O).

The rules and campaign layers raise these; only ``ghcli.cli`` turns them into
a one-line message and an exit code.
"""

from __future__ import annotations

import difflib
from typing import Iterable


class GhcliError(Exception):
    """Base of every error the CLI reports as one line."""

    exit_code = 1


class BadInput(GhcliError, ValueError):
    """The request itself is malformed: a bad board, an unknown name, a bad flag value (exit 2).

    ``field`` names the parameter at fault (or a tuple of them), so that the
    CLI can word its own option for it; the rules never name CLI flags.
    """

    exit_code = 2

    def __init__(self, *args: object, field: str | tuple[str, ...] | None = None):
        super().__init__(*args)
        self.field = field


class NotFound(BadInput, LookupError):
    """An unknown class, item, character, achievement, scenario ... (exit 2).

    The message names what was asked for and suggests the closest known name.
    """

    def __init__(self, kind: str, name: object, known: Iterable[str] = (), *, field: str | None = None):
        self.kind, self.name = kind, name
        close = difflib.get_close_matches(str(name).lower(), [k.lower() for k in known], n=1, cutoff=0.5)
        lookup = {k.lower(): k for k in known}
        hint = f"; did you mean {lookup[close[0]]!r}?" if close else ""
        super().__init__(f"unknown {kind} {str(name)!r}{hint}", field=field)


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` naming the known word closest to ``word``, or "" when none is near."""
    known = list(known)
    lookup = {k.lower(): k for k in known}
    close = difflib.get_close_matches(str(word).lower(), list(lookup), n=1, cutoff=0.6)
    return f"; did you mean {lookup[close[0]]!r}?" if close else ""


class Refused(GhcliError):
    """The rules refuse the action (exit 1): too little gold, a second city event, ..."""

    exit_code = 1
