"""Values typed on the command line: signed numbers (+N|-N), NAME=VALUE pairs, values cut for a message,
and errors from the layers below worded with the option that gave the value (:func:`worded`).

Typer and the standard library only at import time.
"""

from __future__ import annotations

import contextlib
from typing import Optional

from ghcli.cli.shown import shown

# For commands taking "+N|-N": let click pass "-2" through as an argument.
SIGNED_CONTEXT = {"ignore_unknown_options": True}


def split_values(values: Optional[list[str]]) -> list[str]:
    """The values of a repeatable option that also takes comma-separated lists (``--cards a,b --cards c``)."""
    out: list[str] = []
    for v in values or []:
        out.extend(p.strip() for p in v.split(",") if p.strip())
    return out


@contextlib.contextmanager
def worded(options: dict[str, str]):
    """Word the CLI's options in errors from the layers below, which name parameters, not flags.

    A ``BadInput`` whose ``field`` is in ``options`` ({parameter: "--flag"})
    is re-raised with the flag after it: "the card level must be from 1 to 9,
    not 10 (--level)".
    """
    from ghcli.errors import BadInput

    try:
        yield
    except BadInput as e:
        fields = e.field if isinstance(e.field, tuple) else (e.field,) if e.field else ()
        flags = [options[f] for f in fields if f in options]
        if not flags:
            raise
        raise BadInput(f"{e} ({', '.join(flags)})") from None


def signed(text: str, what: str = "number") -> int:
    """'+3', '-2' or '4' as an int; anything else is bad input."""
    from ghcli.errors import BadInput

    t = str(text).strip()
    body = t[1:] if t[:1] in "+-" else t
    if not (body.isascii() and body.isdigit()):
        raise BadInput(f"{what} must be a whole number like +1 or -2, not {shown(cut_text(text))!r}")
    if len(body.lstrip("0")) > 30:  # beyond any amount (and Python reads no number of more than 4,300 digits)
        raise BadInput(f"{what}: {cut_text(t)} is too large (at most {MAX_CHANGE:,})")
    return int(t)


# No amount a command takes comes near this (ghcli.campaign.amounts.MAX_CHANGE).
MAX_CHANGE = 1_000_000


def cut_text(text: str, limit: int = 40) -> str:
    """A value typed, for a message: at most ``limit`` characters (``…`` where cut)."""
    from ghcli.cli.shown import cut

    return cut(str(text), limit)


def pairs(values: Optional[list[str]], option: str, *, numbers: bool = True) -> list[tuple[str, object]]:
    """Parse repeatable NAME=VALUE options; VALUE is an int (possibly signed) when numbers."""
    from ghcli.errors import BadInput

    out = []
    for raw in values or []:
        name, sep, value = raw.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadInput(f"{option} {raw!r}: expected NAME=VALUE")
        if numbers:
            v = value.strip()
            digits = v[1:] if v[:1] in "+-" else v
            if not (digits.isascii() and digits.isdigit()):
                raise BadInput(f"{option} {cut_text(raw)!r}: {cut_text(value.strip())!r} is not a whole number")
            if len(digits.lstrip("0")) > 30:  # the commands bound amounts; this keeps the message short
                raise BadInput(f"{option} {name.strip()}: {cut_text(v)} is too large (at most {MAX_CHANGE:,})")
            out.append((name.strip(), int(value.strip())))
        else:
            out.append((name.strip(), value.strip()))
    return out


def as_dict(items: list[tuple[str, object]], option: str) -> dict:
    from ghcli.errors import BadInput

    seen: dict[str, object] = {}
    for name, value in items:
        if name.lower() in (k.lower() for k in seen):
            raise BadInput(f"{option} names {name} twice")
        seen[name] = value
    return seen
