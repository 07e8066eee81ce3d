"""Value classes at the cost of one compiled function each (issue 24: start-up).

``@record`` is ``@dataclass`` for the value classes a command imports on its way to an answer:
the same fields (annotations, defaults, ``field(default_factory=..., compare=..., repr=...,
init=..., kw_only=...)``, ``ClassVar``), the same ``__init__`` (positional and keyword,
defaults, factories, ``__post_init__``), ``__repr__``, ``__eq__``, ``__hash__``,
``__match_args__`` and frozen-ness (``dataclasses.FrozenInstanceError``); and the
``dataclasses`` API works on them (``fields``, ``asdict``, ``replace``, ``is_dataclass``).

What differs is the making. ``@dataclass`` compiles each generated method from its own source
text (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, and a frozen class's
``__setattr__`` and ``__delattr__``: up to six ``exec`` calls, 0.4-1.2 ms a class at import
time), and reads every annotation through ``dataclasses``' field machinery. ``@record`` reads
the class once and compiles the methods an answer runs often, ``__init__``, ``__eq__`` and
``__hash__``, from the text dataclasses generates for them (so they run as fast, ``__init__`` a
little faster): ghcli's own records find that text compiled ahead in ``ghcli/_records_code.py``
(``tools/gen_tables.py`` writes it, ``--check`` keeps it current: its bytecode is cached like any
module's, where an ``exec`` compiles anew in every process, some 0.3 ms a class), any other
record compiles it in one ``exec``; ``__repr__`` and the frozen ``__setattr__`` and
``__delattr__`` are closures over the field names. It leaves ``__dataclass_fields__`` and
``__dataclass_params__`` to be made by ``dataclasses`` itself on first use (from the class's
namespace as written: nothing an answer reads needs them, and ``tests/test_records.py`` checks
that both readings agree).

A record may inherit from dataclasses (or records): their fields come first, as dataclasses
orders them. Not supported (a ``TypeError`` says so): ``order``, ``slots``, ``unsafe_hash``,
``InitVar`` and ``KW_ONLY`` annotations: keep ``@dataclass`` for those.

``ghcli.rules`` and every other layer may import this module (standard library only, no I/O).
"""

from __future__ import annotations

import abc
import dataclasses
import sys
import types
import typing
from _thread import get_ident
from typing import TYPE_CHECKING, Any, Callable, TypeVar, overload

if TYPE_CHECKING:  # (typing has it from Python 3.11; the project runs on 3.10 too, and mypy checks as 3.10)
    from typing_extensions import dataclass_transform
elif sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # pragma: no cover - Python 3.10: only a mark for type checkers
    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator

__all__ = ["record", "Spec", "specs"]

_T = TypeVar("_T")
_MISSING: Any = dataclasses.MISSING
_Field = dataclasses.Field


class _Factory:
    """The ``__init__`` default that says "call the field's default factory" (shown as dataclasses shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()

#: Every ``__make`` text compiled in this process, each with the first class it was made for
#: (``tools/gen_tables.py`` reads it to write ``ghcli/_records_code.py``).
SEEN: dict[str, str] = {}
_AHEAD: dict[str, Any] | None = None  # ghcli/_records_code.py's functions by their text, once loaded


def _ahead(text: str) -> Any:
    """The ``__make`` function compiled ahead for ``text`` (None: none is; an ``exec`` makes it)."""
    global _AHEAD
    if _AHEAD is None:
        try:
            from ghcli._records_code import MADE
        except ImportError:  # pragma: no cover - a copy of this module without its companion
            MADE = {}
        _AHEAD = MADE
    return _AHEAD.get(text)


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, frozen: bool = False, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T] | None = None, /, *, frozen: bool = False,
           eq: bool = True) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``@record``, ``@record(frozen=True)``, ``@record(eq=False)``: as ``@dataclass`` with the same
    arguments (see the module's docstring)."""

    def wrap(c: type[_T]) -> type[_T]:
        return _make(c, frozen, eq)

    return wrap if cls is None else wrap(cls)


class Spec:
    """One field as ``@record`` read it (``dataclasses.Field``'s attributes of the same names;
    a plain class: a NamedTuple would cost this module an ``exec`` of its own)."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "kw_only")
    ATTRIBUTES = __slots__

    def __init__(self, name: str, type: Any, default: Any, default_factory: Any, init: bool, repr: bool,
                 hash: bool | None, compare: bool, kw_only: bool):
        self.name, self.type, self.default, self.default_factory = name, type, default, default_factory
        self.init, self.repr, self.hash, self.compare, self.kw_only = init, repr, hash, compare, kw_only


def specs(cls: type) -> tuple[Spec, ...]:
    """The fields of a record, in order, as its methods were made from them."""
    found: tuple[Spec, ...] = cls.__dict__["__record_fields__"]
    return found


def _make(cls: type[_T], frozen: bool, eq: bool) -> type[_T]:
    own = cls.__dict__
    fields, written = _read(cls, frozen)
    names = tuple(f.name for f in fields)
    compared = [f.name for f in fields if f.compare] if eq and "__eq__" not in own else None
    class_hash = own.get("__hash__", _MISSING)
    own_hash = not (class_hash is _MISSING or (class_hash is None and "__eq__" in own))  # (as dataclasses)
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)] if (
        eq and frozen and not own_hash) else None
    methods = _compiled(cls, fields, frozen, "__init__" not in own, compared, hashed)
    methods["__repr__"] = _repr(tuple(f.name for f in fields if f.repr))
    if eq and not frozen and not own_hash:
        methods["__hash__"] = None  # (as dataclasses: equal by value and mutable, so not hashable)
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        methods["__setattr__"], methods["__delattr__"] = _frozen(cls, frozenset(names))
    for name, fn in methods.items():
        if name in own and name != "__hash__":
            continue  # the class's own (as dataclasses keeps it)
        if fn is not None:
            fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, name, fn)
    if "__match_args__" not in own:
        setattr(cls, "__match_args__", tuple(f.name for f in fields if f.init and not f.kw_only))
    setattr(cls, "__record_fields__", fields)
    for name in ("__dataclass_fields__", "__dataclass_params__"):
        setattr(cls, name, _Metadata(cls, name, written, frozen, eq))
    if not own.get("__doc__"):  # as dataclasses: the class and its signature
        import inspect  # (loaded already: typer and dataclasses import it)

        try:
            cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):  # pragma: no cover - as dataclasses
            cls.__doc__ = cls.__name__
    abc.update_abstractmethods(cls)
    return cls


def _named(annotation: Any, namespace: dict[str, Any]) -> Any:
    """What a field's annotation names, as dataclasses reads it for ``ClassVar``, ``InitVar`` and
    ``KW_ONLY``: a string's name before any ``[``, looked up in the class's module (``ClassVar[int]``,
    ``typing.ClassVar[int]`` under ``from __future__ import annotations``); an object's origin."""
    if not isinstance(annotation, str):
        return dataclasses.InitVar if isinstance(annotation, dataclasses.InitVar) else getattr(
            annotation, "__origin__", annotation)
    head = annotation.split("[", 1)[0].strip()
    if "." not in head:
        return namespace.get(head)
    module, _, name = head.rpartition(".")
    return getattr(namespace.get(module.strip()), name.strip(), None)


def _inherited(cls: type, frozen: bool) -> dict[str, Spec]:
    """The fields of the dataclasses (and records) among the bases, in dataclasses' order; as
    dataclasses, refuses a frozen class on a mutable base and the reverse."""
    found: dict[str, Spec] = {}
    bases = [b for b in cls.__mro__[-1:0:-1] if hasattr(b, "__dataclass_fields__")]
    for base in bases:
        module = sys.modules.get(base.__module__)
        for f in getattr(base, "__dataclass_fields__").values():
            if _named(f.type, module.__dict__ if module else {}) is dataclasses.InitVar:
                raise TypeError(f"{cls.__name__}: an InitVar of a base is not supported by @record (@dataclass)")
        for f in dataclasses.fields(base):
            found[f.name] = Spec(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare,
                                 f.kw_only is True)
    if bases:
        frozen_base = any(getattr(b, "__dataclass_params__").frozen for b in bases)
        if frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if frozen and not frozen_base:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    return found


def _read(cls: type, frozen: bool) -> tuple[tuple[Spec, ...], dict[str, Any]]:
    """The class's fields (its dataclass bases' first), and its annotated names' values as written
    (what dataclasses reads); a ``field(...)`` class attribute is replaced by its default or
    removed, as dataclasses does."""
    own = cls.__dict__
    annotations: dict[str, Any] = own.get("__annotations__", {})
    module = sys.modules.get(cls.__module__)
    namespace = module.__dict__ if module else {}
    for name, value in own.items():
        if isinstance(value, _Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    fields = _inherited(cls, frozen) if len(cls.__mro__) > 2 else {}
    written = {}
    for name, annotation in annotations.items():
        named = _named(annotation, namespace)
        if named is dataclasses.InitVar or named is dataclasses.KW_ONLY:
            raise TypeError(f"{cls.__name__}.{name}: InitVar and KW_ONLY are not supported by @record (@dataclass)")
        value = getattr(cls, name, _MISSING)
        written[name] = value
        classvar = named is typing.ClassVar
        if isinstance(value, _Field):
            f = value
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
            if classvar and f.default_factory is not _MISSING:
                raise TypeError(f"field {name} cannot have a default factory")
            spec = Spec(name, annotation, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare,
                        f.kw_only is True)
        else:
            spec = Spec(name, annotation, value, _MISSING, True, True, None, True, False)
        if classvar:
            fields.pop(name, None)
            continue
        if spec.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not allowed: "
                             "use default_factory")
        fields[name] = spec
    return tuple(fields.values()), written


def _compiled(cls: type, fields: tuple[Spec, ...], frozen: bool, init: bool, compared: list[str] | None,
              hashed: list[str] | None) -> dict[str, Any]:
    """The methods compiled in one ``exec`` (the text dataclasses generates for each): ``__init__(self,
    a, b=<default>, *, c=<factory>)`` setting every field (when ``init``), ``__eq__`` on the
    ``compared`` fields' tuple, ``__hash__`` of the ``hashed`` fields' tuple (None: neither)."""
    env: dict[str, Any] = {"__setattr": object.__setattr__, "__FACTORY": _FACTORY}
    lines: list[str] = []
    made: list[str] = []
    if init:
        lines += _init_text(cls, fields, frozen, env)
        made.append("__init__")
    if compared is not None:
        mine, theirs = (f"({''.join(f'{who}.{name},' for name in compared)})" for who in ("self", "other"))
        lines += [" def __eq__(self, other):", "  if other.__class__ is self.__class__:",
                  f"   return {mine} == {theirs}", "  return NotImplemented"]
        made.append("__eq__")
    if hashed is not None:
        lines += [" def __hash__(self):", f"  return hash(({''.join(f'self.{name},' for name in hashed)}))"]
        made.append("__hash__")
    if not made:
        return {}
    text = f"def __make({', '.join(env)}):\n" + "\n".join(lines) + f"\n return ({', '.join(made)},)\n"
    module = sys.modules.get(cls.__module__)
    scope: dict[str, Any] = module.__dict__ if module else {}  # its globals: the class's module, as dataclasses
    SEEN.setdefault(text, f"{cls.__module__}.{cls.__qualname__}")
    ahead = _ahead(text)
    if ahead is not None:
        make = types.FunctionType(ahead.__code__, scope, "__make")
    else:
        made_here: dict[str, Any] = {}
        exec(text, scope, made_here)
        make = made_here["__make"]
    methods = dict(zip(made, make(*env.values())))
    if init:
        methods["__init__"].__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return methods


def _init_text(cls: type, fields: tuple[Spec, ...], frozen: bool, env: dict[str, Any]) -> list[str]:
    """``__init__``'s lines (its defaults and factories named in ``env``)."""
    me = "__dataclass_self__" if "self" in (f.name for f in fields) else "self"
    params: list[str] = []
    kw_params: list[str] = []
    body: list[str] = []
    for f in fields:
        name = f.name
        default = ""
        if f.default_factory is not _MISSING:
            env[f"__factory_{name}"] = f.default_factory
            value = f"__factory_{name}() if {name} is __FACTORY else {name}" if f.init else f"__factory_{name}()"
            default = "=__FACTORY"
        elif f.default is not _MISSING:
            env[f"__default_{name}"] = f.default
            value = name if f.init else ""  # (not set: the class attribute is the default, as dataclasses)
            default = f"=__default_{name}"
        else:
            value = name if f.init else ""
        if f.init and f.kw_only:
            kw_params.append(f"{name}{default}")
        elif f.init:
            if not default and params and "=" in params[-1]:
                raise TypeError(f"non-default argument {name!r} follows default argument")
            params.append(f"{name}{default}")
        if value:
            body.append(f"__setattr({me}, {name!r}, {value})" if frozen else f"{me}.{name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append(f"{me}.__post_init__()")
    signature = ", ".join([me, *params, *(["*", *kw_params] if kw_params else [])])
    return [f" def __init__({signature}):", *(f"  {line}" for line in body or ["pass"])]


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    running: set[tuple[int, int]] = set()  # (as dataclasses: a value inside itself is shown as ...)

    def __repr__(self: Any) -> str:
        key = (id(self), get_ident())
        if key in running:
            return "..."
        running.add(key)
        try:
            inner = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({inner})"

    return __repr__


def _frozen(cls: type[Any], names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    error = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise error(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


class _Metadata:
    """A record's ``__dataclass_fields__`` (or ``__dataclass_params__``) until first read: then
    ``dataclasses`` makes both from the class's namespace as written (a twin class it processes
    with no methods), and they replace these on the class."""

    def __init__(self, cls: type, name: str, written: dict[str, Any], frozen: bool, eq: bool):
        self.cls, self.name, self.written, self.frozen, self.eq = cls, name, written, frozen, eq

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        cls = self.cls
        if isinstance(cls.__dict__.get(self.name), _Metadata):
            bases = tuple(b for b in cls.__bases__ if hasattr(b, "__dataclass_fields__"))
            twin = type(cls)(cls.__name__, bases, {
                **self.written, "__module__": cls.__module__, "__qualname__": cls.__qualname__,
                "__doc__": cls.__doc__, "__annotations__": dict(cls.__dict__.get("__annotations__", {}))})
            # (frozen only on frozen dataclass bases, which dataclasses asks of it: that makes methods)
            dataclasses.dataclass(twin, init=False, repr=False, eq=False, frozen=self.frozen and bool(bases))
            params = getattr(twin, "__dataclass_params__")
            params.init, params.repr, params.eq, params.frozen = True, True, self.eq, self.frozen
            type.__setattr__(cls, "__dataclass_fields__", getattr(twin, "__dataclass_fields__"))
            type.__setattr__(cls, "__dataclass_params__", params)
        return cls.__dict__[self.name]
