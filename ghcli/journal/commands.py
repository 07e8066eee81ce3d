"""Registered commands: a campaign function becomes a journal command with one decorator.

::

    @GHCLI.commands.command("buy", keys={"item_name": item_key})
    def buy(store, name: str, item_name: str) -> Done: ...

Called with a Store (from the CLI, a test, a script), the decorator resolves
the ``keys`` (a catalog name to its key), records the arguments and runs the
command as a new entry (``ghcli.journal.run``); the function gets a
:class:`ghcli.journal.context.Context` as its first argument. Called with a
Context (by another command), it is part of that entry. Every parameter is
annotated: an entry's arguments (typed here, replayed, received) are checked
by those types as user input.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
import typing
from collections import Counter
from dataclasses import field
from typing import TYPE_CHECKING, Any, Callable

from ghcli.errors import Refused
from ghcli.journal.entries import CONTROL_RE, BadEntry, canonical
from ghcli.records import record

if TYPE_CHECKING:  # (a command that draws nothing, such as status, does not load random)
    import random

MAX_TEXT = 500
MAX_ITEMS = 200
MAX_INT = 2**63 - 1


class DrawMismatch(Refused):
    """A recorded random draw (or an outcome seen) that does not fit the campaign any more."""


@record(eq=False)
class Command:
    """A registered command of one kind."""

    name: str
    fn: Callable
    keys: dict = field(default_factory=dict)
    registry: Any = None
    creates: bool = False   # the entry that creates a campaign (never undone)

    @functools.cached_property
    def signature(self) -> inspect.Signature:
        return inspect.signature(self.fn)

    @functools.cached_property
    def params(self) -> dict[str, inspect.Parameter]:
        ps = list(self.signature.parameters.values())[1:]  # after store
        return {p.name: p for p in ps}

    @functools.cached_property
    def param_names(self) -> frozenset[str]:
        return frozenset(self.params)

    @functools.cached_property
    def hints(self) -> dict[str, Any]:
        return typing.get_type_hints(self.fn)

    @functools.cached_property
    def decoders(self) -> dict[str, Callable]:
        return {name: decoder(self.hints.get(name, Any)) for name in self.params}

    def encode(self, values: dict) -> dict:
        return {k: _encode(v) for k, v in values.items()}

    def decode(self, args: Any) -> dict:
        """The entry's arguments as the function's keyword arguments, checked like typed input."""
        if not isinstance(args, dict):
            raise BadEntry("the arguments are not an object")
        if not self.param_names.issuperset(args):
            unknown = sorted(set(args) - self.param_names)
            raise BadEntry(f"{self.name} takes no argument {unknown[0][:40]!r} (a newer ghcli?)", newer=True)
        out = {}
        decoders = self.decoders
        for name, p in self.params.items():
            if name not in args:
                if p.default is inspect.Parameter.empty:
                    raise BadEntry(f"{self.name} needs the argument {name!r}")
                continue  # written by a ghcli that did not have this argument yet: its default
            out[name] = decoders[name](args[name], name)
        return out

    def describe(self, args: Any) -> str:
        """The entry in words from its arguments alone ("buy Ann 1"), for history rows of entries not applied here."""
        args = args if isinstance(args, dict) else {}
        order = list(self.params)
        ordered = [args[k] for k in order if k in args] + [v for k, v in args.items() if k not in order]
        words = " ".join(_word(v) for v in ordered if v not in (None, False, {}, []) and not _bulky(v))
        return CONTROL_RE.sub(" ", f"{self.name} {words}".strip())[:200]


def _bulky(v: Any) -> bool:
    return isinstance(v, dict) and len(canonical(v)) > 200


def _word(v: Any) -> str:
    if isinstance(v, str):
        return repr(v) if " " in v else v
    if v is True:
        return "yes"
    return canonical(v)


class Registry:
    """The commands of one campaign kind, by name."""

    def __init__(self, kind):
        self.kind = kind
        self.commands: dict[str, Command] = {}
        self._journal_commands = False

    def _with_journal_commands(self) -> None:
        if not self._journal_commands:
            self._journal_commands = True
            install_journal_commands(self)

    @property
    def undo(self):
        """The ``undo`` command's function (every kind has it)."""
        self._with_journal_commands()
        return self.__dict__["undo"]

    @property
    def redo(self):
        self._with_journal_commands()
        return self.__dict__["redo"]

    def command(self, name: str, *, keys: dict[str, Callable] | None = None, creates: bool = False):
        """Register ``fn(store, ...)`` as the command ``name`` (see the module's docstring)."""
        def deco(fn: Callable) -> Callable:
            cmd = Command(name, fn, dict(keys or {}), self, creates)
            self.commands[name] = cmd

            @functools.wraps(fn)
            def wrapper(store, *args, **kwargs):
                from ghcli.journal.context import Context

                if isinstance(store, Context):  # called by another command: part of its entry
                    return _values(fn(store, *args, **kwargs))
                bound = cmd.signature.bind(store, *args, **kwargs)
                bound.apply_defaults()
                values = dict(bound.arguments)
                values.pop(next(iter(cmd.signature.parameters)))
                for arg, resolve in cmd.keys.items():
                    if values.get(arg) is not None:
                        values[arg] = resolve(store, values[arg])
                from ghcli.journal import run

                return run.typed(store, cmd, values)

            wrapper.__ghcli_command__ = name
            wrapper.command = cmd
            return wrapper

        return deco

    def get(self, name: str) -> Command:
        if name not in self.commands:
            self._with_journal_commands()
            self.kind.load_commands()
        try:
            return self.commands[name]
        except KeyError:
            raise BadEntry(f"unknown command {CONTROL_RE.sub('?', name)[:60]!r} (a newer ghcli?)", newer=True) from None

    def __contains__(self, name: str) -> bool:
        return name in self.commands

    def names(self) -> list[str]:
        self._with_journal_commands()
        self.kind.load_commands()
        return sorted(self.commands)


def _values(out):
    from ghcli.journal.store import values_of

    return values_of(out)


def install_journal_commands(registry: Registry) -> None:
    """The commands every kind has: undo, redo (``run``), import and snapshot (``snapshot``)."""
    from ghcli.journal import run, snapshot

    run.register(registry)
    snapshot.register(registry)


# -- arguments as JSON, checked by the function's annotations ----------------


def _encode(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _encode(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return {str(k): _encode(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    return v


def _decode(v: Any, hint: Any, where: str) -> Any:
    return decoder(hint)(v, where)


def _int(v: Any, where: str) -> int:
    if type(v) is not int:
        raise BadEntry(f"argument {where}: must be a whole number")
    if not -MAX_INT - 1 <= v <= MAX_INT:
        raise BadEntry(f"argument {where}: the number is too large")
    return v


def _str(v: Any, where: str) -> str:
    if type(v) is not str:
        raise BadEntry(f"argument {where}: must be text")
    if len(v) > MAX_TEXT or CONTROL_RE.search(v):
        raise BadEntry(f"argument {where}: text too long or with control characters")
    return v


def _bool(v: Any, where: str) -> bool:
    if type(v) is not bool:
        raise BadEntry(f"argument {where}: must be true or false")
    return v


@functools.lru_cache(maxsize=None)
def decoder(hint: Any) -> Callable[[Any, str], Any]:
    """The checker of a value against a type (made once per type): ``fn(value, where) -> value``."""
    if hint is int:
        return _int
    if hint is str:
        return _str
    if hint is bool:
        return _bool
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        options = [o for o in typing.get_args(hint) if o is not type(None)]
        optional = type(None) in typing.get_args(hint)
        inner = [decoder(o) for o in options]
        if len(inner) == 1:
            only = inner[0]

            def one_option(v: Any, where: str) -> Any:
                return None if v is None and optional else only(v, where)

            return one_option
    return functools.partial(_decode_slow, hint=hint)


def _decode_slow(v: Any, where: str, *, hint: Any) -> Any:
    custom = getattr(hint, "__ghcli_decode__", None)
    if custom is not None:
        return custom(v, where)
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
            raise BadEntry(f"argument {where}: unknown field {extra[0][:40]!r}", newer=True)
        return hint(**{k: _decode(x, hints[k], f"{where}.{k}") for k, x in v.items()})
    raise BadEntry(f"argument {where}: cannot be checked")


# -- random draws -------------------------------------------------------------


class RecordingRandom:
    """An entry's random stream: records every outcome, or feeds recorded ones back.

    Live, it draws from ``base()`` (a ``random.Random``, made on first use) and
    records the result. On replay it hands back the recorded outcome after
    checking that it fits (a permutation of the same cards, a member of the
    population, ...). ``saw`` records an outcome the player saw that came from
    the campaign's state (the event card on top of the deck): on replay it must
    be the same.
    """

    def __init__(self, recorded: list | None, base: Callable[[], random.Random]):
        self._feed = list(recorded) if recorded is not None else None
        self._pos = 0
        self._base_factory = base
        self._base: random.Random | None = None
        self.draws: list = []

    @property
    def replaying(self) -> bool:
        return self._feed is not None

    def base(self) -> random.Random:
        if self._base is None:
            self._base = self._base_factory()
        return self._base

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
            self.base().shuffle(x)
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
            out = self.base().sample(pop, k)
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
            out = self.base().choice(pop)
        else:
            out = self._next("choice")
            if _hashable(out) not in set(map(_hashable, pop)):
                raise DrawMismatch(f"the recorded draw {out} is no longer there to draw")
        self.draws.append(["choice", out])
        return out

    def saw(self, what: str, value):
        """Record an outcome that came from the state (``what``: in words, for the refusal on replay)."""
        if self._feed is not None:
            recorded = self._next("saw")
            if _hashable(recorded) != _hashable(value):
                raise DrawMismatch(f"the {what} is now {value}, not the {recorded} this entry recorded")
        self.draws.append(["saw", value])
        return value

    def finish(self) -> None:
        if self._feed is not None and self._pos != len(self._feed):
            raise DrawMismatch(f"the command now makes {self._pos} of the {len(self._feed)} draws recorded")


def _hashable(v: Any) -> Any:
    return canonical(v) if isinstance(v, (list, dict)) else (type(v).__name__, v)
