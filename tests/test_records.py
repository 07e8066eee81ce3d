"""``@record`` (ghcli/records.py) is ``@dataclass`` at a fraction of the import cost (issue 24).

Each class below is written once and made twice, by ``@dataclass`` and by ``@record`` with the
same arguments, and the two are compared on everything a caller can see: the signature, the
class's attributes and docstring, ``__match_args__``, instances' ``repr``, equality, hashing,
frozen-ness, and the ``dataclasses`` API (``fields``, ``asdict``, ``replace``,
``is_dataclass``, the parameters). Then every record in ghcli is checked: the fields its methods
were made from are the fields ``dataclasses`` reads from the same class.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
import types
from pathlib import Path

import pytest

from ghcli.records import Spec, record, specs

PACKAGE = Path(__file__).resolve().parent.parent / "ghcli"
NOTHING = object()

# (decorator arguments, the class's body, the arguments of the instances compared)
CASES = {
    "frozen": ("frozen=True", '''
    """A frozen value with defaults."""
    a: int
    b: str
    c: float = 1.5
    d: tuple[int, ...] = ()
    e: Optional[int] = None
''', [(1, "x"), (1, "x", 2.5, (1, 2), 3)]),
    "plain": ("", '''
    """A mutable one: not hashable."""
    a: int = 0
    b: list[int] = field(default_factory=list)
''', [(), (1, [2])]),
    "identity": ("eq=False", '''
    """Compared by identity (and hashed by it)."""
    name: str
    keys: dict = field(default_factory=dict)
    n: int = 3
''', [("x",), ("x", {"a": 1}, 4)]),
    "fields": ("frozen=True", '''
    """field() options: repr, compare, hash, init, kw_only, a ClassVar, a default through field()."""
    a: int
    b: list = field(default_factory=list, compare=False, repr=False)
    c: int = field(default=7, hash=False)
    d: str = field(default="d", init=False)
    e: list = field(default_factory=lambda: [1], init=False)
    f: int = field(default=0, kw_only=True)
    g: ClassVar[int] = 5
    h: typing.ClassVar[str] = "h"
''', [(1,), (1, [9], 8)]),
    "own methods": ("frozen=True", '''
    """Its own __hash__, __repr__ and __post_init__ are kept (the post-init sees every field)."""
    a: str
    b: int = 0

    def __hash__(self):
        return hash(self.a)

    def __repr__(self):
        return f"<{self.a}>"

    def __post_init__(self):
        if self.b < 0:
            raise ValueError("b")
''', [("x",), ("x", 2)]),
    "own eq": ("", '''
    """Its own __eq__ (so no __hash__: Python's None is replaced, as dataclasses does, only if frozen)."""
    a: int = 1

    def __eq__(self, other):
        return isinstance(other, type(self)) and abs(self.a - other.a) < 2
''', [(), (5,)]),
    "own eq frozen": ("frozen=True", '''
    """Its own __eq__, frozen: the generated __hash__ is added."""
    a: int = 1

    def __eq__(self, other):
        return isinstance(other, type(self)) and self.a == other.a
''', [(), (5,)]),
    "one field": ("frozen=True", '''
    """One field: its tuple, not its value, is hashed and compared."""
    x: float
''', [(1.0,), (float("nan"),)]),
    "no fields": ("frozen=True", '''
    """No fields at all."""
''', [()]),
    "on a frozen dataclass": ("frozen=True", '''(FrozenBase):
    """Its base's fields first (the base's default overridden in place), then its own."""
    b: int = 5
    c: str = "c"
''', [(1,), (1, 2, "d")]),
    "on a dataclass": ("", '''(Base):
    """A mutable one on a mutable base."""
    d: list = field(default_factory=list)
''', [(), (1, [2], [3])]),
    "undocumented": ("", '''
    a: int
    b: dict = field(default_factory=dict)
''', [(1,)]),
}


def _both(name: str, arguments: str, body: str, tmp_name: str) -> tuple[type, type]:
    """The class made by @dataclass and by @record, each in a module of its own (as a class
    is read in its module: ``ClassVar`` and ``field`` looked up there)."""
    made = []
    for decorator in ("dataclass", "record"):
        module = types.ModuleType(f"{tmp_name}_{decorator}")
        sys.modules[module.__name__] = module
        source = (f"from __future__ import annotations\nimport typing\nfrom typing import ClassVar, Optional\n"
                  f"from dataclasses import InitVar, dataclass, field\nfrom ghcli.records import record\n\n"
                  "@dataclass(frozen=True)\nclass FrozenBase:\n    a: int\n    b: int = 0\n\n"
                  "@dataclass\nclass Base:\n    a: int = 0\n    b: list = field(default_factory=list)\n\n"
                  f"@{decorator}({arguments})\nclass Value{'' if body.startswith('(') else ':'}{body}")
        exec(compile(source, module.__name__, "exec"), module.__dict__)
        made.append(module.__dict__["Value"])
    return made[0], made[1]


def _params(cls: type) -> dict:
    p = cls.__dataclass_params__
    return {k: getattr(p, k) for k in ("init", "repr", "eq", "order", "unsafe_hash", "frozen")}


def _field_view(f: dataclasses.Field) -> tuple:
    factory = f.default_factory
    return (f.name, f.type, f.default, factory if factory is dataclasses.MISSING else factory(), f.init, f.repr,
            f.hash, f.compare, f.kw_only)


def _outcome(fn):
    try:
        return ("value", fn())
    except Exception as e:  # noqa: BLE001 - the comparison is of what each raises
        return ("raises", type(e), str(e))


@pytest.mark.parametrize("case", list(CASES))
def test_a_record_is_its_dataclass(case, request):
    arguments, body, instances = CASES[case]
    dc, rc = _both(case, arguments, body, f"records_{request.node.name.replace('[', '_').strip(']').replace(' ', '_')}")
    assert str(inspect.signature(rc)) == str(inspect.signature(dc))
    assert rc.__doc__ == dc.__doc__ and rc.__match_args__ == dc.__match_args__
    assert (rc.__hash__ is None) == (dc.__hash__ is None)
    assert (rc.__hash__ is object.__hash__) == (dc.__hash__ is object.__hash__)
    for name in rc.__annotations__:  # the class attributes dataclasses leaves (defaults; none for factories)
        assert getattr(rc, name, NOTHING) == getattr(dc, name, NOTHING), name
    for args in instances:
        d, r = dc(*args), rc(*args)
        assert repr(r) == repr(d) and vars(r) == vars(d)
        # equal to a twin, and hashed like the dataclass (by value, by identity, or not at all)
        d2, r2 = dc(*args), rc(*args)
        assert (r == r2) == (d == d2) and (r != r2) == (d != d2) and (r == r) == (d == d)
        assert (r == object()) is False and r != args
        got, want = _outcome(lambda: hash(r) == hash(r2)), _outcome(lambda: hash(d) == hash(d2))
        assert got == want
        if dc.__hash__ not in (None, object.__hash__) and rc.__hash__ is not object.__hash__:
            assert _outcome(lambda: hash(r)) == _outcome(lambda: hash(d))
        for name in ("a", "zz"):
            def assign(v, n=name):
                setattr(v, n, 1)
                return getattr(v, n)

            def delete(v, n=name):
                delattr(v, n)
                return vars(v)

            assert _outcome(lambda: assign(rc(*args))) == _outcome(lambda: assign(dc(*args)))
            assert _outcome(lambda: delete(rc(*args))) == _outcome(lambda: delete(dc(*args)))
        # the dataclasses API
        assert dataclasses.is_dataclass(r) and dataclasses.is_dataclass(rc)
        assert [_field_view(f) for f in dataclasses.fields(r)] == [_field_view(f) for f in dataclasses.fields(d)]
        assert _outcome(lambda: dataclasses.asdict(r)) == _outcome(lambda: dataclasses.asdict(d))
        assert _outcome(lambda: vars(dataclasses.replace(r))) == _outcome(lambda: vars(dataclasses.replace(d)))
    assert _params(rc) == _params(dc)
    # the wrong calls fail alike
    for args, kwargs in [((), {}), ((1, 2, 3, 4, 5, 6, 7), {}), ((), {"nope": 1})]:
        got, want = _outcome(lambda: rc(*args, **kwargs)), _outcome(lambda: dc(*args, **kwargs))
        assert got[0] == want[0] and (got[0] == "value" or got[1] is want[1])


def test_frozen_assignment_is_the_dataclass_error():
    @record(frozen=True)
    class Point:
        """A point."""

        q: int
        r: int = 0

    p = Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'q'"):
        p.q = 2
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'r'"):
        del p.r
    assert (p.q, p.r) == (1, 0) and Point(q=1, r=0) == p and hash(p) == hash(Point(1, 0))
    assert Point(1, 2) != p and {p: 1}[Point(1)] == 1


def test_what_record_refuses_it_names():
    def make(body: str, arguments: str = "") -> None:
        _both("bad", arguments, body, "records_refused")

    for body, error in [
        ('\n    a: int = 0\n    b: int\n', "non-default argument 'b' follows default argument"),
        ('\n    a: list = []\n', "mutable default"),
        ('\n    a = field(default=1)\n', "'a' is a field but has no type annotation"),
    ]:
        with pytest.raises((TypeError, ValueError), match=error):
            make(body)
    with pytest.raises(TypeError, match="InitVar"):
        make('\n    a: InitVar[int]\n')
    with pytest.raises(TypeError):
        record(order=True)  # type: ignore[call-overload]

    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen one"):
        make('(Base):\n    """x"""\n', "frozen=True")
    with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass from a frozen one"):
        make('(FrozenBase):\n    """x"""\n')


def _record_modules() -> list[str]:
    """The ghcli modules that decorate a class with ``@record`` (tools/gen_tables.py's, which compiles
    their methods ahead)."""
    sys.path.insert(0, str(PACKAGE.parent / "tools"))
    try:
        from gen_tables import record_modules
    finally:
        sys.path.remove(str(PACKAGE.parent / "tools"))
    return record_modules()


def test_every_record_in_ghcli_has_the_fields_dataclasses_reads():
    # The methods were made from @record's own reading of the class; dataclasses reads it again
    # (on first use of its API): the two readings agree for every record ghcli defines.
    classes = [v for m in _record_modules() for v in vars(importlib.import_module(m)).values()
               if isinstance(v, type) and "__record_fields__" in v.__dict__ and v.__module__ == m]
    assert len(classes) >= 20
    for cls in classes:
        ours = [tuple(getattr(s, a) for a in Spec.ATTRIBUTES) for s in specs(cls)]
        assert ours == [tuple(getattr(f, a) for a in Spec.ATTRIBUTES) for f in dataclasses.fields(cls)], cls


def test_ghcli_s_records_are_made_from_methods_compiled_ahead():
    # ghcli/_records_code.py (tools/gen_tables.py; test_generated_tables.py keeps it current) holds every
    # method text ghcli's records write: none is compiled at start-up
    from ghcli import records

    for name in _record_modules():
        importlib.import_module(name)
    # (but one made inside a function: ghcli.cli.lazy's PlainParam takes its first fields from typer's class)
    ours = {text: first for text, first in records.SEEN.items()
            if first.startswith("ghcli.") and "<locals>" not in first}
    assert len(ours) >= 20
    assert [first for text, first in ours.items() if records._ahead(text) is None] == []
    # a record of a class ghcli does not have (this test's) is compiled here, and is no less a record
    @record(frozen=True)
    class Odd:
        a: int
        b: str = "x"

    assert records._ahead(next(t for t, f in records.SEEN.items() if f.endswith(".Odd"))) is None
    assert Odd(1) == Odd(1, "x") and hash(Odd(1)) == hash(Odd(1, "x")) and Odd(1) != Odd(2)
