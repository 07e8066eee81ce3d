"""Start-up speed: commands are loaded when used, and plain options skip pydantic.

Two measures keep ``ghcli --help`` near the cost of ``import typer`` and one
command near twice it (docs/shell.md: Start-up speed; ``benchmarks/startup_bench.py``):

1. **Lazy commands** (click's documented lazy group, pip's command table).
   The root group (:class:`LazyGroup`) holds no commands at start.
   ``ghcli --help`` lists them from the table ``ghcli.cli.COMMANDS`` (name,
   module, one-line summary); running a command imports only its module and
   builds its click command from the module's ``app``. A test keeps the
   table true (``tests/test_campaign_startup.py``).
2. **Plain coercion.** typer 0.2x coerces every option value through a
   pydantic TypeAdapter, importing pydantic (~70 ms) even for ``--db PATH``.
   For plain ``str``, ``bool``, ``int``/``float`` without bounds, paths and
   lists of those, :func:`install_fast_coercion` does the same conversion
   directly; anything else (choices, bounds, parsers, files, dates) still
   goes through typer's own code. It replaces typer internals
   (``typer.core.build_runtime_param``, ``typer._coercion.RuntimeParam``), so
   it is installed only on the typer versions it is tested with
   (:data:`TESTED_TYPER`) and only when those internals look as expected;
   anywhere else typer's own path runs (slower, never broken). The root
   group installs it when it parses a command line (not for the root's own
   ``--help``).

Typer and the standard library only, like every module of ``ghcli.cli``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import PurePath
from typing import Any, Callable, get_args, get_origin

import typer

from ghcli.cli.failures import ErrorHandlingGroup
from ghcli.records import record

# typer minor versions whose internals install_fast_coercion was tested against (pyproject.toml requires them).
TESTED_TYPER = ("0.29",)


def commands() -> dict[str, tuple[str, str]]:
    """The root's command table: {name: (module, one-line summary)}."""
    from ghcli.cli import COMMANDS

    return {name: (module, summary) for name, module, summary in COMMANDS}


def module_name(module: str) -> str:
    """The import name of a command table's module: ``core`` is ``ghcli.cli.core``; a full name
    (``ghcli.arkham.cli``, the Arkham noun, which lives in its own package) is itself."""
    return module if "." in module else f"ghcli.cli.{module}"


def _name(info: Any) -> str | None:
    """The command name of a registered command or sub-app (typer's own rule for a function's name)."""
    if hasattr(info, "typer_instance"):
        return info.name or getattr(info.typer_instance.info, "name", None) or None
    if info.name:
        return info.name
    callback = getattr(info, "callback", None)
    return typer.main.get_command_name(callback.__name__) if callback is not None else None


def only(app: Any, wanted: str) -> Any:
    """A copy of the typer app ``app`` holding only the command or sub-app named ``wanted`` (the
    nameless parts it joins are searched too), or ``app`` itself when it holds no such one:
    running one command builds one click command, not the whole noun's (start-up speed)."""
    import copy

    def pick(a: Any) -> Any:
        out = copy.copy(a)
        out.registered_commands = [c for c in a.registered_commands if _name(c) == wanted]
        groups = []
        for g in a.registered_groups:
            name = _name(g)
            if name is None:
                part = pick(g.typer_instance)
                if part.registered_commands or part.registered_groups:
                    groups.append(copy.copy(g))
                    groups[-1].typer_instance = part
            elif name == wanted:
                groups.append(g)
        out.registered_groups = groups
        return out

    try:
        picked = pick(app)
    except Exception:  # typer shaped differently: build everything
        return app
    return picked if picked.registered_commands or picked.registered_groups else app


def module_group(module: str, wanted: str | None = None):
    """The click group of everything ``<module>.app`` holds (``module_name``) (a nameless app's commands,
    or a named app as its one command), built with the root's settings; with ``wanted``, of a
    nameless app only that command, of a named one only that subcommand."""
    from ghcli.cli import app

    holder = typer.Typer()
    for attr in ("rich_markup_mode", "pretty_exceptions_short", "suggest_commands"):
        if hasattr(app, attr):
            setattr(holder, attr, getattr(app, attr))
    noun = importlib.import_module(module_name(module))
    # a noun whose parts are built on demand (ghcli/cli/rules: app_for) builds only the part with `wanted`
    target = noun.app_for(wanted) if wanted and hasattr(noun, "app_for") else noun.app
    holder.add_typer(only(target, wanted) if wanted else target)
    group = typer.main.get_group(holder)
    from ghcli.cli import helptext

    for name, cmd in group.commands.items():
        helptext.tidy(cmd, name)
    return group


def load(name: str, sub: str | None = None):
    """The click command ``name`` of the root, importing only its module; None for an unknown name.
    ``sub``: the subcommand about to run (of a noun like ``rules``): only it is built."""
    entry = commands().get(name)
    if not entry:
        return None
    noun = importlib.import_module(module_name(entry[0]))
    # (a noun that builds its parts on demand, with app_for, names itself: its app is not built for that)
    import_name = noun.NAME if hasattr(noun, "app_for") else noun.app.info.name
    wanted = (sub if import_name == name else name) if sub or import_name != name else None
    return module_group(entry[0], wanted).commands.get(name)


def _next_word(args: list[str], name: str) -> str | None:
    """The subcommand after the command ``name`` on the command line (None: none, or help asked)."""
    if name not in args:
        return None
    rest = args[args.index(name) + 1:]
    if not rest or rest[0].startswith("-"):
        return None
    return rest[0]


def db_first(args: list[str]) -> list[str]:
    """``ghcli status --db PATH`` read as ``ghcli --db PATH status``: --db is the root's option,
    and no subcommand has one of its own (arguments after ``--`` are left alone)."""
    out = list(args)
    start = next((i for i, a in enumerate(out) if not a.startswith("-")), len(out))
    if start and out[start - 1] == "--db":  # the value of a --db already before the command
        start = next((i for i, a in enumerate(out) if i > start and not a.startswith("-")), len(out))
    for i in range(start, len(out)):
        arg = out[i]
        if arg == "--":
            break
        if arg == "--db":
            if i + 1 == len(out):
                raise _UsageError("--db needs a PATH (ghcli --db PATH COMMAND ...)")
            return [arg, out[i + 1], *out[:i], *out[i + 2:]]
        if arg.startswith("--db="):
            return [arg, *out[:i], *out[i + 1:]]
    return out


_UsageError = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class LazyGroup(ErrorHandlingGroup):
    """The root group: commands come from the table and are built on first use."""

    def list_commands(self, ctx) -> list[str]:
        names = list(commands())
        return names + [n for n in self.commands if n not in names]

    def get_command(self, ctx, cmd_name: str):
        cmd = self.commands.get(cmd_name)
        if cmd is None:
            import os

            from ghcli.cli.failures import ARGS_KEY

            args = ctx.meta.get(ARGS_KEY) if ctx is not None else None
            if args is None or os.environ.get("_GHCLI_COMPLETE") or "--help" in args or "-h" in args:
                cmd = load(cmd_name)  # everything: help and completion list the subcommands
                if cmd is not None:
                    self.commands[cmd_name] = cmd
            else:  # one command line: build only what runs (kept apart: another line may want another)
                key = (cmd_name, _next_word(args, cmd_name))
                built = self.__dict__.setdefault("_ghcli_built", {})
                if key not in built:
                    built[key] = load(*key)
                cmd = built[key]
        return cmd

    def parse_args(self, ctx, args):
        if args and args[0] not in ("--help", "-h"):  # the root's own help needs no coercion at all
            install_fast_coercion()
            from ghcli.cli.complete import option_value_given

            args = db_first(option_value_given(args))
            from ghcli.cli.failures import ARGS_KEY

            ctx.meta[ARGS_KEY] = list(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except _UsageError as e:
            if args and "Did you mean" not in e.message:
                import difflib

                matches = difflib.get_close_matches(args[0], self.list_commands(ctx))
                if matches:
                    e.message = e.message.rstrip(".") + ". Did you mean " + ", ".join(map(repr, matches)) + "?"
            raise

    def format_commands(self, ctx, formatter) -> None:
        table = commands()
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.commands.get(name)
            if cmd is None:
                if name in table:
                    rows.append((name, table[name][1]))  # not loaded: its summary from the table
            elif not cmd.hidden:
                rows.append((name, cmd))
        if not rows:
            return
        with formatter.section("Commands"):  # whole summaries, wrapped (never cut with "...")
            formatter.write_dl([(name, cmd if isinstance(cmd, str) else cmd.get_short_help_str(10_000))
                                for name, cmd in rows])


# -- plain coercion without pydantic ----------------------------------------


def _to_str(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode(sys.getfilesystemencoding() or "utf-8", "replace")
    return str(value)


_TRUE = {"1", "on", "t", "true", "y", "yes"}
_FALSE = {"", "0", "off", "f", "false", "n", "no"}


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = _to_str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(value)


def _plain_converter(annotation: Any, info: Any) -> Callable[[Any], Any] | None:
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None:
        return None
    if annotation is str:
        return _to_str
    if annotation is bool:
        return _to_bool
    if annotation in (int, float):
        unbounded = getattr(info, "min", None) is None and getattr(info, "max", None) is None
        if unbounded and not getattr(info, "clamp", False):
            return lambda v: v if type(v) is annotation else annotation(_to_str(v).strip())
        return None
    return None


def typer_is_tested(version: str | None = None) -> bool:
    """Whether this typer (or ``version``) is one :func:`install_fast_coercion` was tested with."""
    version = typer.__version__ if version is None else version
    return ".".join(version.split(".")[:2]) in TESTED_TYPER


def _internals_match(runtime_param: Any) -> bool:
    """typer's RuntimeParam still looks as PlainParam expects: a dataclass with these fields and hook."""
    import dataclasses

    if not dataclasses.is_dataclass(runtime_param) or not hasattr(runtime_param, "_coerce_value"):
        return False
    return {"parameter_info", "annotation"} <= {f.name for f in dataclasses.fields(runtime_param)}


def install_fast_coercion() -> bool:
    """Coerce plain option values without pydantic (see the module docstring). True when installed.

    Does nothing (typer's own coercion runs) on a typer outside :data:`TESTED_TYPER`
    or whose internals are not the ones this replaces.
    """
    if not typer_is_tested():
        return False
    try:
        import typer.core as tcore
        from typer._coercion import RuntimeParam
        from typer._param_types import coerce_cli_path
    except ImportError:
        return False
    original = getattr(tcore, "build_runtime_param", None)
    if original is None or getattr(original, "ghcli_fast", False) or not _internals_match(RuntimeParam):
        return False

    @record(frozen=True)
    class PlainParam(RuntimeParam):
        """A plain option's value converted without pydantic (a docstring spares inspect.signature)."""

        convert: Any = None
        many: bool = False
        path_type: Any = None

        def _one(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.path_type is not None:
                if isinstance(value, (str, bytes)) and isinstance(self.path_type, type) \
                        and issubclass(self.path_type, PurePath):
                    value = self.path_type(_to_str(value))
                return coerce_cli_path(value, self.parameter_info, path_type=self.path_type, param=param, ctx=ctx)
            try:
                return self.convert(value)
            except (TypeError, ValueError):
                label = getattr(self.annotation, "__name__", "value")
                if self.many:
                    label = getattr(get_args(self.annotation)[0], "__name__", "value")
                raise typer.BadParameter(f"{value!r} is not a valid {label}.", ctx=ctx, param=param) from None

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.many:
                if not isinstance(value, (list, tuple)):
                    value = [value]
                return [self._one(v, param, ctx) for v in value]
            return self._one(value, param, ctx)

    def plain(descriptor: Any):
        annotation, info = descriptor.annotation, descriptor.parameter_info
        if getattr(descriptor, "file_annotation", None) is not None:
            return None
        many = get_origin(annotation) is list
        leaf = get_args(annotation)[0] if many else annotation
        if many and get_args(annotation) == ():
            return None
        if isinstance(leaf, type) and issubclass(leaf, PurePath) and getattr(info, "parser", None) is None:
            path_type = getattr(info, "path_type", None) or leaf
            return PlainParam(parameter_info=info, annotation=annotation, many=many, path_type=path_type)
        convert = _plain_converter(leaf, info)
        if convert is None:
            return None
        return PlainParam(parameter_info=info, annotation=annotation, convert=convert, many=many)

    def build_runtime_param(descriptor: Any):
        try:
            fast = plain(descriptor)
        except Exception:  # an unexpected typer internals change: use typer's own way
            fast = None
        return fast if fast is not None else original(descriptor)

    build_runtime_param.ghcli_fast = True  # type: ignore[attr-defined]
    tcore.build_runtime_param = build_runtime_param
    return True


