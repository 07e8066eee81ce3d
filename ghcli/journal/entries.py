"""Entries as documents: canonical JSON bytes, named by their sha256.

An entry is ``{"format": 2, "command": NAME, "args": {...}, "draws": [...],
"at": ISO time, "version": ghcli version, "nonce": 16 hex, "effect": 16 hex}``
written canonically (keys sorted, no spaces, UTF-8). Its id is the sha256 of
those bytes (hex, shown as the first 10): an edited entry is another entry.
The author is not part of the content (the local player, or the git author of
the commit that brought it). ``at`` is shown, never used to order.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import field
from typing import Any

from ghcli.errors import GhcliError
from ghcli.records import record

FORMAT = 2
KEYS = ("args", "at", "command", "draws", "effect", "format", "nonce", "version")
MAX_ENTRY_BYTES = 64 * 1024
MAX_SNAPSHOT_BYTES = 8 * 1024 * 1024  # an import or snapshot entry carries the campaign's tables
SNAPSHOT_COMMANDS = ("import", "snapshot")


class _Pattern:
    """A regular expression compiled on first use (start-up: a command that reads no entry, such as
    ``status``, compiles none); then its ``match``, ``search``, ``fullmatch`` and ``sub`` are the
    compiled pattern's own."""

    def __init__(self, pattern: str):
        self.pattern = pattern

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self.pattern)
        self.match, self.search, self.fullmatch, self.sub = (compiled.match, compiled.search, compiled.fullmatch,
                                                             compiled.sub)
        return getattr(compiled, name)


ID_RE = _Pattern(r"^[0-9a-f]{64}$")
HEX16_RE = _Pattern(r"^[0-9a-f]{16}$")
AT_RE = _Pattern(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\+00:00|Z)$")
VERSION_RE = _Pattern(r"^[0-9A-Za-z.+\-]{1,40}$")
COMMAND_RE = _Pattern(r"^[a-z][a-z0-9 \-]{0,59}$")
CONTROL_RE = _Pattern(r"[\x00-\x1f\x7f-\x9f]")
SHOWN = 10  # an id is shown as its first 10 hex digits


class BadEntry(GhcliError):
    """An entry that cannot be applied as it stands. ``newer``: it looks like the work of a newer
    ghcli (a higher format, an unknown command or argument), so it is held, not judged."""

    def __init__(self, message: str, *, newer: bool = False):
        super().__init__(message)
        self.newer = newer


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
# json.dumps with these options makes a JSONEncoder, and its encode() a C encoder, on every call: the C
# encoder made once (the same one encode() makes; None without the _json accelerator)
_MARKERS: dict = {}
_C_ENCODE = json.encoder.c_make_encoder and json.encoder.c_make_encoder(
    _MARKERS, _ENCODER.default, json.encoder.encode_basestring, None, ":", ",", True, False, False)


def canonical(value: Any) -> str:
    """The canonical JSON text of a value (keys sorted, no spaces, UTF-8 characters as they are)."""
    if _C_ENCODE is None or isinstance(value, str):
        return _ENCODER.encode(value)
    try:
        return "".join(_C_ENCODE(value, 0))
    except BaseException:
        _MARKERS.clear()  # (what a failed encoding left of its circular-reference check)
        raise


_string = json.encoder.encode_basestring  # a JSON string as canonical() writes it (ensure_ascii off)


def compose(args_text: str, at: str, command: str, draws_text: str, effect: str, nonce: str, version: str) -> str:
    """The canonical document from its parts, ``args_text`` and ``draws_text`` already canonical: the same
    text as ``canonical(document)`` (keys in sorted order), without encoding the arguments twice."""
    return (f'{{"args":{args_text},"at":{_string(at)},"command":{_string(command)},"draws":{draws_text},'
            f'"effect":{_string(effect)},"format":{FORMAT},"nonce":{_string(nonce)},"version":{_string(version)}}}')


def digest(data: bytes) -> str:
    import hashlib  # (here: a command that writes no entry, such as status, does not load it)

    return hashlib.sha256(data).hexdigest()


def new_nonce() -> str:
    return os.urandom(8).hex()


def short(entry_id: str | None) -> str:
    return (entry_id or "")[:SHOWN]


@record(frozen=True)
class Entry:
    """One entry's content (what its id is the hash of)."""

    command: str
    args: dict
    draws: list
    at: str
    version: str
    nonce: str
    effect: str
    _text: list = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def of(cls, command: str, args: dict, draws: list, at: str, version: str, nonce: str, effect: str,
           text: str) -> "Entry":
        """An entry with its canonical text known (as the constructor and ``_text.append``, in one step)."""
        entry = object.__new__(cls)
        entry.__dict__.update(command=command, args=args, draws=draws, at=at, version=version, nonce=nonce,
                              effect=effect, _text=[text])
        return entry

    def document(self) -> dict:
        return {"format": FORMAT, "command": self.command, "args": self.args, "draws": self.draws, "at": self.at,
                "version": self.version, "nonce": self.nonce, "effect": self.effect}

    @property
    def text(self) -> str:
        """The canonical document as text (its UTF-8 bytes are what the id hashes)."""
        if not self._text:
            self._text.append(canonical(self.document()))
        return self._text[0]

    @property
    def id(self) -> str:
        return digest(self.text.encode("utf-8"))


def parse(data: bytes | str, registry, *, canonical_check: bool = True) -> tuple[Entry, Any, dict]:
    """A document checked field by field: (the entry, its registered command, the decoded arguments).

    Raises :class:`BadEntry` (``newer`` when a newer ghcli may have written it). ``canonical_check``
    False: the caller compares the document it re-makes with this one, byte for byte (which checks more)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadEntry("the entry is not UTF-8 text") from None
    else:
        text = data
    if text.isascii():
        size = len(text)
    else:
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:  # a lone surrogate
            raise BadEntry("the entry is not UTF-8 text") from None
    if size > MAX_SNAPSHOT_BYTES:
        raise BadEntry(f"the entry is larger than {MAX_SNAPSHOT_BYTES // (1024 * 1024)} MiB")
    try:
        doc = _decode(text)
    except (ValueError, RecursionError):
        raise BadEntry("the entry is not JSON") from None
    if not isinstance(doc, dict):
        raise BadEntry("the entry is not a JSON object")
    fmt = doc.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise BadEntry("the entry has no format number")
    if fmt > FORMAT:
        raise BadEntry(f"entry format {fmt} is newer than this ghcli's ({FORMAT})", newer=True)
    if fmt != FORMAT:
        raise BadEntry(f"entry format {fmt} is not one ghcli applies ({FORMAT})")
    if len(doc) != len(KEYS) or not KEYSET.issuperset(doc):
        extra = sorted(set(doc) - KEYSET)
        if extra:
            raise BadEntry(f"the entry has a field this ghcli does not know ({_safe(extra[0])!r})", newer=True)
        missing = [k for k in KEYS if k not in doc]
        raise BadEntry(f"the entry lacks its {missing[0]!r}")
    command = doc["command"]
    if not isinstance(command, str) or not COMMAND_RE.match(command):
        raise BadEntry("the entry's command is not a command name")
    if command not in SNAPSHOT_COMMANDS and size > MAX_ENTRY_BYTES:
        raise BadEntry(f"the entry is larger than {MAX_ENTRY_BYTES // 1024} KiB")
    for key, pattern in (("at", AT_RE), ("version", VERSION_RE), ("nonce", HEX16_RE), ("effect", HEX16_RE)):
        if not isinstance(doc[key], str) or not pattern.match(doc[key]):
            raise BadEntry(f"the entry's {key} is not well-formed")
    cmd = registry.get(command)
    values = cmd.decode(doc["args"])
    draws = check_draws(doc["draws"])
    if canonical_check and canonical(doc) != text:
        raise BadEntry("the entry is not written in canonical form (an edited file?)")
    return Entry.of(command, doc["args"], draws, doc["at"], doc["version"], doc["nonce"], doc["effect"], text), \
        cmd, values


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number an entry holds")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)  # made once: NaN and infinities refused
_SCAN = _DECODER.scan_once


def _decode(text: str) -> Any:
    """``_DECODER.decode(text)``: a document that is one object and nothing else read in one step."""
    if text[:1] == "{":
        try:
            doc, end = _SCAN(text, 0)
        except (StopIteration, ValueError, RecursionError):
            pass
        else:
            if end == len(text):
                return doc
    return _DECODER.decode(text)  # whitespace around it, or an error: the decoder's own answer
KEYSET = frozenset(KEYS)


def _safe(text: str) -> str:
    return CONTROL_RE.sub("?", str(text))[:40]


def loose_fields(data: bytes | str) -> dict:
    """What can be shown of a document that does not parse (for a held entry's history row)."""
    try:
        doc = json.loads(data if isinstance(data, str) else data.decode("utf-8", "replace"),
                         parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(doc, dict):
        return {}
    out = {}
    command = doc.get("command")
    if isinstance(command, str):
        out["command"] = _safe(command)[:60] or "?"
    for key, pattern in (("at", AT_RE), ("version", VERSION_RE)):
        if isinstance(doc.get(key), str) and pattern.match(doc[key]):
            out[key] = doc[key]
    return out


def args_and_draws(text: str | None) -> tuple[str | None, str | None]:
    """The ``args`` and ``draws`` columns of a history row, read from its document (None when it does not parse)."""
    try:
        doc = json.loads(text, parse_constant=_no_constant) if text else None
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(doc, dict):
        return None, None
    try:
        args = canonical(doc["args"]) if isinstance(doc.get("args"), dict) else None
        draws = canonical(doc["draws"]) if isinstance(doc.get("draws"), list) else None
    except (ValueError, TypeError):
        return None, None
    return args, draws


# -- random draws ---------------------------------------------------------------

MAX_DRAWS = 1000
DRAW_KINDS = ("shuffle", "sample", "choice", "saw")
MAX_INT = 2**63 - 1


def check_draws(draws: Any) -> list:
    if not isinstance(draws, list) or len(draws) > MAX_DRAWS:
        raise BadEntry(f"the draws are not a list of at most {MAX_DRAWS}")
    for d in draws:
        if not (isinstance(d, list) and len(d) == 2 and d[0] in DRAW_KINDS):
            raise BadEntry("a draw is not [shuffle|sample|choice|saw, outcome]")
        values = d[1] if isinstance(d[1], list) else [d[1]]
        if d[0] in ("shuffle", "sample") and not isinstance(d[1], list):
            raise BadEntry("a shuffle or sample outcome is not a list")
        if len(values) > MAX_DRAWS or not all(_plain(v) for v in values):
            raise BadEntry("a draw's outcome is not plain numbers or short text")
    return draws


def _plain(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return -MAX_INT - 1 <= v <= MAX_INT
    return v is None or (isinstance(v, str) and len(v) <= 100 and not CONTROL_RE.search(v))
