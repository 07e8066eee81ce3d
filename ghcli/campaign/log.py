"""The command log: every campaign-changing command as data that can be replayed.

A campaign's ``history`` table is its command log. Each entry records

- ``op``: the registered command (``buy``, ``character new``, ...) and ``args``,
  its arguments as canonical JSON (keyword names of the campaign function,
  catalog names resolved to keys where the command says so),
- ``draws``: the outcome of every random draw the command made (a deck's new
  order, the quests offered, a random design), in order,
- ``uid`` (a random 128-bit id), ``clock`` (a hybrid logical clock,
  ``MMMMMMMMMMMMM-CCCC``: milliseconds and a counter), ``at``, ``player``
  (``$GHCLI_PLAYER``, else git's ``user.name``, else the login name) and
  ``version`` (of ghcli),
- ``status`` (``ok``, ``rejected``, ``undone``) and ``reason``.

A campaign function becomes a logged command with one decorator::

    @command("buy", keys={"item_name": item_key})
    def buy(store, name, item_name): ...

Called from the CLI, the decorator opens the command's transaction (an inner
``with store.change(...)`` joins it), records the arguments and draws, and
writes the entry. :func:`apply_entry` replays an entry: every field is
validated as user input (types from the function's annotations, sizes,
bounds), the recorded draws are fed back to the command (a draw that no
longer fits, such as a card no longer in the deck, is a refusal), and a
refusal marks the entry rejected with the rule's reason, changing nothing.
Replaying a campaign's log from ``init`` rebuilds its database exactly.

A command returns its result as :class:`Done` (the summary and the values):
the caller gets the values, and the summary goes into the entry
(``store.last_entry``). A command called by another one is part of it: its
values come back, and the outer command's result describes the entry.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import os
import re
import time
import types
import typing
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from ghcli.campaign.db import Done
from ghcli.errors import GhcliError, Refused

FORMAT = 1
MAX_ENTRY_BYTES = 64 * 1024
MAX_TEXT = 500
MAX_ITEMS = 200
MAX_DRAWS = 1000
MAX_INT = 2**63 - 1
MAX_CLOCK_MS = 10**13 - 1
UID_RE = re.compile(r"^[0-9a-f]{32}$")
CLOCK_RE = re.compile(r"^\d{13}-\d{4}$")
AT_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\+00:00|Z)$")
VERSION_RE = re.compile(r"^[0-9A-Za-z.+\-]{1,40}$")
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
ENTRY_KEYS = {"format", "uid", "clock", "at", "player", "version", "command", "args", "draws"}


class BadEntry(GhcliError):
    """A log entry that cannot be replayed as it stands (malformed, hostile or unknown)."""


class DrawMismatch(Refused):
    """A recorded random draw that does not fit the campaign any more."""


@dataclass(frozen=True)
class Command:
    """A registered campaign-changing command."""

    name: str
    fn: Callable
    keys: dict = field(default_factory=dict)

    @functools.cached_property
    def params(self) -> dict[str, inspect.Parameter]:
        ps = list(inspect.signature(self.fn).parameters.values())[1:]  # after store
        return {p.name: p for p in ps}

    @functools.cached_property
    def hints(self) -> dict[str, Any]:
        return typing.get_type_hints(self.fn)


REGISTRY: dict[str, Command] = {}


def command(name: str, *, keys: dict[str, Callable] | None = None):
    """Register a campaign function ``fn(store, ...)`` as the logged command ``name``.

    ``keys`` maps an argument to ``resolve(store, value) -> value``, run before
    the command is recorded (a catalog name to its key).
    """
    def deco(fn: Callable) -> Callable:
        cmd = Command(name, fn, dict(keys or {}))
        REGISTRY[name] = cmd

        @functools.wraps(fn)
        def wrapper(store, *args, **kwargs):
            if getattr(store, "_cmd", None) is not None:  # called by another command: part of it
                return _values(fn(store, *args, **kwargs))
            bound = inspect.signature(fn).bind(store, *args, **kwargs)
            bound.apply_defaults()
            values = dict(bound.arguments)
            values.pop(next(iter(inspect.signature(fn).parameters)))
            for arg, resolve in cmd.keys.items():
                if values.get(arg) is not None:
                    values[arg] = resolve(store, values[arg])
            return run(store, cmd, values, None)

        wrapper.__ghcli_command__ = name
        return wrapper

    return deco


def registered(name: str) -> Command:
    if name not in REGISTRY:
        load_commands()
    try:
        return REGISTRY[name]
    except KeyError:
        raise BadEntry(f"unknown command {name[:60]!r}") from None


COMMAND_MODULES = ("core", "characters", "town", "road", "events", "results", "retirement", "enhancing",
                   "dungeon_results", "solo", "exchange.paper")


def load_commands() -> None:
    """Import every campaign module that registers commands."""
    import importlib

    for mod in COMMAND_MODULES:
        importlib.import_module(f"ghcli.campaign.{mod}")


# -- running a command -------------------------------------------------------


@dataclass
class Context:
    """The running command: what to record, where its draws come from."""

    op: str
    args: str
    random: "RecordingRandom"
    meta: dict | None = None  # the entry being replayed (uid, clock, at, player, version)


def _values(out):
    return out.values if isinstance(out, Done) else out


def run(store, cmd: Command, values: dict, entry: "Entry | None"):
    """Run a command in one transaction and log it (``entry``: the one replayed)."""
    args = canonical(encode_args(cmd, values))
    rnd = RecordingRandom(store, entry.draws if entry is not None else None)
    meta = entry.meta() if entry is not None else None
    store._cmd = Context(cmd.name, args, rnd, meta)

    def body(db):
        out = cmd.fn(store, **values)
        rnd.finish()
        return out

    try:
        return store.apply(cmd.name, body)
    finally:
        store._cmd = None


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# -- arguments as JSON, checked by the function's annotations ----------------


def encode_args(cmd: Command, values: dict) -> dict:
    return {k: _encode(v) for k, v in values.items()}


def _encode(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _encode(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return {str(k): _encode(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    return v


def decode_args(cmd: Command, args: Any) -> dict:
    """The entry's arguments as the function's keyword arguments, checked like typed input."""
    if not isinstance(args, dict):
        raise BadEntry("the arguments are not an object")
    unknown = sorted(set(args) - set(cmd.params))
    if unknown:
        raise BadEntry(f"{cmd.name} takes no argument {unknown[0][:40]!r}")
    out = {}
    for name, p in cmd.params.items():
        if name not in args:
            if p.default is inspect.Parameter.empty:
                raise BadEntry(f"{cmd.name} needs the argument {name!r}")
            continue
        out[name] = _decode(args[name], cmd.hints.get(name, Any), name)
    return out


def _decode(v: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        raise BadEntry(f"argument {where}: no type to check it by")
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if v is None and type(None) in options:
            return None
        errors = []
        for opt in options:
            if opt is type(None):
                continue
            try:
                return _decode(v, opt, where)
            except BadEntry as e:
                errors.append(str(e))
        raise BadEntry(errors[0] if errors else f"argument {where}: bad value")
    if hint is type(None):
        if v is not None:
            raise BadEntry(f"argument {where}: must be empty")
        return None
    if hint is bool:
        if not isinstance(v, bool):
            raise BadEntry(f"argument {where}: must be true or false")
        return v
    if hint is int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise BadEntry(f"argument {where}: must be a whole number")
        if not -MAX_INT - 1 <= v <= MAX_INT:
            raise BadEntry(f"argument {where}: the number is too large")
        return v
    if hint is str:
        if not isinstance(v, str):
            raise BadEntry(f"argument {where}: must be text")
        if len(v) > MAX_TEXT or CONTROL_RE.search(v):
            raise BadEntry(f"argument {where}: text too long or with control characters")
        return v
    if origin in (list, tuple):
        if not isinstance(v, list) or len(v) > MAX_ITEMS:
            raise BadEntry(f"argument {where}: must be a list of at most {MAX_ITEMS}")
        inner = typing.get_args(hint)
        if origin is list:
            return [_decode(x, inner[0] if inner else Any, where) for x in v]
        if len(inner) == 2 and inner[1] is Ellipsis:
            return tuple(_decode(x, inner[0], where) for x in v)
        if len(v) != len(inner):
            raise BadEntry(f"argument {where}: must have {len(inner)} parts")
        return tuple(_decode(x, h, where) for x, h in zip(v, inner))
    if origin is dict:
        if not isinstance(v, dict) or len(v) > MAX_ITEMS:
            raise BadEntry(f"argument {where}: must be an object of at most {MAX_ITEMS} keys")
        kh, vh = typing.get_args(hint)
        return {_decode(k, kh, where): _decode(x, vh, where) for k, x in v.items()}
    if dataclasses.is_dataclass(hint):
        if not isinstance(v, dict):
            raise BadEntry(f"argument {where}: must be an object")
        hints = typing.get_type_hints(hint)
        fields = {f.name for f in dataclasses.fields(hint)}
        extra = sorted(set(v) - fields)
        if extra:
            raise BadEntry(f"argument {where}: unknown field {extra[0][:40]!r}")
        return hint(**{k: _decode(x, hints[k], f"{where}.{k}") for k, x in v.items()})
    raise BadEntry(f"argument {where}: cannot be checked")


# -- random draws -------------------------------------------------------------


class RecordingRandom:
    """The command's random stream: records every outcome, or feeds recorded ones back.

    Live, it draws from ``state.base_rng(store)`` and records the result. On
    replay it hands back the recorded outcome after checking that it fits
    (a permutation of the same cards, a member of the population, ...).
    """

    def __init__(self, store, recorded: list | None):
        self._store = store
        self._feed = list(recorded) if recorded is not None else None
        self._pos = 0
        self.draws: list = []

    def _base(self):
        from ghcli.campaign.state import base_rng

        return base_rng(self._store)

    def _next(self, kind: str):
        if self._pos >= len(self._feed):
            raise DrawMismatch(f"the command now draws more than the {len(self._feed)} draws recorded")
        k, value = self._feed[self._pos]
        self._pos += 1
        if k != kind:
            raise DrawMismatch(f"recorded draw {self._pos} was a {k}, the command now makes a {kind}")
        return value

    def shuffle(self, x: list) -> None:
        if self._feed is None:
            self._base().shuffle(x)
            self.draws.append(["shuffle", list(x)])
            return
        order = self._next("shuffle")
        if not isinstance(order, list) or Counter(map(_hashable, order)) != Counter(map(_hashable, x)):
            raise DrawMismatch("a recorded shuffle no longer holds the same cards")
        x[:] = order
        self.draws.append(["shuffle", list(x)])

    def sample(self, population, k: int) -> list:
        pop = list(population)
        if self._feed is None:
            out = self._base().sample(pop, k)
        else:
            out = self._next("sample")
            left = Counter(map(_hashable, pop))
            if not isinstance(out, list) or len(out) != k:
                raise DrawMismatch(f"a recorded draw of {k} does not hold {k}")
            for v in out:
                if left[_hashable(v)] < 1:
                    raise DrawMismatch(f"the recorded draw {v} is no longer there to draw")
                left[_hashable(v)] -= 1
        self.draws.append(["sample", list(out)])
        return list(out)

    def choice(self, seq):
        pop = list(seq)
        if self._feed is None:
            out = self._base().choice(pop)
        else:
            out = self._next("choice")
            if _hashable(out) not in set(map(_hashable, pop)):
                raise DrawMismatch(f"the recorded draw {out} is no longer there to draw")
        self.draws.append(["choice", out])
        return out

    def finish(self) -> None:
        if self._feed is not None and self._pos != len(self._feed):
            raise DrawMismatch(f"the command now makes {self._pos} of the {len(self._feed)} draws recorded")


def _hashable(v: Any) -> Any:
    return canonical(v) if isinstance(v, (list, dict)) else (type(v).__name__, v)


def check_draws(draws: Any) -> list:
    if not isinstance(draws, list) or len(draws) > MAX_DRAWS:
        raise BadEntry(f"the draws are not a list of at most {MAX_DRAWS}")
    for d in draws:
        if not (isinstance(d, list) and len(d) == 2 and d[0] in ("shuffle", "sample", "choice")):
            raise BadEntry("a draw is not [shuffle|sample|choice, outcome]")
        values = d[1] if isinstance(d[1], list) else [d[1]]
        if d[0] != "choice" and not isinstance(d[1], list):
            raise BadEntry("a shuffle or sample outcome is not a list")
        if len(values) > MAX_DRAWS or not all(_plain(v) for v in values):
            raise BadEntry("a draw's outcome is not plain numbers or short text")
    return draws


def _plain(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return -MAX_INT - 1 <= v <= MAX_INT
    return isinstance(v, str) and len(v) <= 100 and not CONTROL_RE.search(v)


# -- clock, player -------------------------------------------------------------


def next_clock(last: str | None, now_ms: int | None = None) -> str:
    """The hybrid logical clock after ``last``: wall milliseconds, or last + 1 in the counter."""
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    ms, count = (int(last[:13]), int(last[14:])) if last and CLOCK_RE.match(last) else (0, 0)
    if now_ms > ms:
        return f"{now_ms:013d}-0000"
    if count >= 9999:
        if ms + 1 > MAX_CLOCK_MS:
            raise Refused("the command log's clock has run out (an entry is dated in the far future)")
        return f"{ms + 1:013d}-0000"
    return f"{ms:013d}-{count + 1:04d}"


def player() -> str:
    """Who runs ghcli: $GHCLI_PLAYER, else git's user.name, else the login name."""
    name = os.environ.get("GHCLI_PLAYER", "").strip()
    if not name:
        import subprocess

        try:
            r = subprocess.run(["git", "config", "user.name"], capture_output=True, text=True, timeout=5)
            name = r.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            name = ""
    if not name:
        import getpass

        try:
            name = getpass.getuser()
        except Exception:  # no login name (a container without passwd entry)
            name = "unknown"
    return CONTROL_RE.sub(" ", name)[:100]


def new_uid() -> str:
    return uuid.uuid4().hex


# -- entries ---------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One log entry as data (from the database or from a file)."""

    uid: str
    clock: str
    at: str
    player: str
    version: str
    command: str
    args: Any
    draws: list
    invalid: str | None = None  # why the entry cannot be replayed at all

    def meta(self) -> dict:
        return {"uid": self.uid, "clock": self.clock, "at": self.at, "player": self.player,
                "version": self.version}

    def document(self) -> dict:
        """The entry as it is written to the log file."""
        return {"format": FORMAT, "uid": self.uid, "clock": self.clock, "at": self.at, "player": self.player,
                "version": self.version, "command": self.command, "args": self.args, "draws": self.draws}

    def key(self, campaign_uid: str | None) -> tuple:
        return order_key(self.uid, self.clock, self.command, campaign_uid)

    def describe(self) -> str:
        args = self.args if isinstance(self.args, dict) else {}
        if args and self.command not in REGISTRY:
            load_commands()  # the same words on every machine, whatever it imported so far
        order = list(REGISTRY[self.command].params) if self.command in REGISTRY else []
        ordered = [args[k] for k in order if k in args] + [v for k, v in args.items() if k not in order]
        words = " ".join(_word(v) for v in ordered if v not in (None, False, {}, []))
        return f"{self.command} {words}".strip()[:200]


def _word(v: Any) -> str:
    if isinstance(v, str):
        return repr(v) if " " in v else v
    if v is True:
        return "yes"
    return canonical(v)


def order_key(uid: str, clock: str, command: str, campaign_uid: str | None) -> tuple:
    """The total order of a campaign's log: the creating entry first, then (clock, uid)."""
    first = 0 if uid == campaign_uid and command == "init" else 1
    return (first, clock or "", uid)


def parse_entry(text: bytes | str, uid: str) -> Entry:
    """An entry from its file, every field checked; a bad one comes back with ``invalid`` set."""
    try:
        if len(text) > MAX_ENTRY_BYTES:
            raise BadEntry(f"the entry is larger than {MAX_ENTRY_BYTES // 1024} KiB")
        doc = json.loads(text)
        return _check_document(doc, uid)
    except (BadEntry, ValueError, RecursionError, TypeError) as e:
        reason = str(e) if isinstance(e, BadEntry) else "the entry is not valid JSON"
        clock = ""
        command = "?"
        if isinstance(locals().get("doc"), dict):
            doc = locals()["doc"]
            if isinstance(doc.get("clock"), str) and CLOCK_RE.match(doc["clock"]):
                clock = doc["clock"]
            if isinstance(doc.get("command"), str):
                command = CONTROL_RE.sub(" ", doc["command"])[:60]
        return Entry(uid, clock, "", "", "", command, None, [], invalid=reason)


def _check_document(doc: Any, uid: str) -> Entry:
    if not isinstance(doc, dict):
        raise BadEntry("the entry is not a JSON object")
    extra = sorted(set(doc) - ENTRY_KEYS)
    if extra:
        raise BadEntry(f"unknown field {extra[0][:40]!r}")
    if doc.get("format") != FORMAT:
        raise BadEntry(f"log format {str(doc.get('format'))[:20]} is not {FORMAT} (a newer ghcli?)")
    if doc.get("uid") != uid or not UID_RE.match(uid):
        raise BadEntry("the entry's id does not match its file name")
    checks = (("clock", CLOCK_RE), ("at", AT_RE), ("version", VERSION_RE))
    for key, pattern in checks:
        if not isinstance(doc.get(key), str) or not pattern.match(doc[key]):
            raise BadEntry(f"bad {key}")
    name = doc.get("player")
    if not isinstance(name, str) or len(name) > 100 or CONTROL_RE.search(name):
        raise BadEntry("bad player name")
    if not isinstance(doc.get("command"), str):
        raise BadEntry("bad command")
    cmd = registered(doc["command"])
    decode_args(cmd, doc.get("args"))
    return Entry(uid, doc["clock"], doc["at"], name, doc["version"], doc["command"], doc["args"],
                 check_draws(doc.get("draws", [])))


def entry_from_row(row: dict) -> Entry:
    args = json.loads(row["args"]) if row.get("args") else None
    draws = json.loads(row["draws"]) if row.get("draws") else []
    invalid = row["reason"] if row.get("status") == "rejected" and args is None else None
    return Entry(row["uid"], row["clock"] or "", row["at"], row.get("player") or "", row.get("version") or "",
                 row.get("op") or row["command"], args, draws, invalid=invalid)


# -- replay ----------------------------------------------------------------------


def apply_entry(store, entry: Entry) -> str | None:
    """Replay one entry; returns the reason when it is rejected (and recorded as such)."""
    reason = entry.invalid
    if reason is None:
        try:
            cmd = registered(entry.command)
            values = decode_args(cmd, entry.args)
            check_draws(entry.draws)
            run(store, cmd, values, entry)
            return None
        except BadEntry as e:
            reason = str(e)
        except GhcliError as e:
            reason = str(e) + _before(store, entry)
        except Exception as e:  # a hostile entry must not stop the others: it is rejected
            reason = f"cannot be applied ({type(e).__name__}: {str(e)[:200]})"
    store.record_rejected(entry, reason)
    return reason


def _before(store, entry: Entry) -> str:
    """For a refusal on replay: the last command of the same kind that stands before it
    (the purchase that took the last copy), as the merged log has it on every machine."""
    row = store.one("SELECT summary, player FROM history WHERE status = 'ok' AND op = ? ORDER BY id DESC LIMIT 1",
                    [entry.command])
    if row is None or entry.command in ("undo", "init"):
        return ""
    return f" (the last {entry.command} before it: {row['summary']}, by {row['player']})"


def entries(store) -> list[Entry]:
    """The campaign's log as it stands, in order (rejected and undone entries included)."""
    cols = "id, at, command, summary, uid, clock, player, version, op, args, draws, status, reason"
    return [entry_from_row(r) for r in store.rows(f"SELECT {cols} FROM history ORDER BY id")]


def campaign_uid(store) -> str | None:
    """The id of the entry that created the campaign (the campaign's identity)."""
    return store.value("SELECT uid FROM history WHERE op = 'init' ORDER BY id LIMIT 1")


def not_replayable(store) -> list[dict]:
    """Entries made before the command log (no arguments recorded): a log with these cannot be shared."""
    return store.rows("SELECT id, command, summary FROM history WHERE op IS NULL AND status = 'ok' ORDER BY id")


def rebuild(path, log: list[Entry]):
    """A new database at ``path`` built by replaying ``log`` (init first, then in the order given).

    Returns the open Store and the rejected entries with their reasons.
    """
    from ghcli.campaign.db import Store

    if not log or log[0].command != "init" or log[0].invalid:
        raise BadEntry("the log does not start with the entry that creates the campaign")
    store = Store.create(path)
    rejected = []
    try:
        with store.batch():
            for e in log:
                reason = apply_entry(store, e)
                if reason is not None:
                    rejected.append((e, reason))
            if store.value("SELECT count(*) FROM campaign") == 0:
                raise BadEntry(f"the campaign's first entry is rejected: {rejected[0][1]}")
    except BaseException:
        store.close()
        raise
    return store, rejected
