"""Help text a player reads, set on each command when its module is loaded (``lazy.module_group``).

- Whole one-line summaries: click cuts them to the terminal's width with
  "..."; an explicit ``short_help`` is never cut, and the formatter wraps it.
- No type placeholders: typer shows ``NAME <str>``, ``{NAME}`` and
  ``--limit <int>``; ghcli shows ``NAME``, ``[NAME]`` when optional and
  ``--limit N``.
- One Example section per command: its line in ``ghcli/cli/examples.py``, and the
  docstring's own ``Example: ...`` paragraph moved into it (never two sections).

Each change is to the built click objects only, and guarded: on a typer
shaped differently its own help text stays.
"""

from __future__ import annotations

import importlib
from typing import Callable

from typer.core import TyperGroup


def _short_help(text: str, limit: int) -> str:
    """click's one-line help of a command (from typer's vendored click, or click)."""
    base = next(c for c in TyperGroup.__mro__ if c.__name__ == "Command")
    utils = importlib.import_module(base.__module__.rsplit(".", 1)[0] + ".utils")
    return utils.make_default_short_help(text, limit)


def tidy(cmd, path: str, examples: dict[str, str] | None = None) -> None:
    """Tidy the help of ``cmd`` (``ghcli PATH``) and its subcommands (see the module docstring)."""
    if examples is None:
        from ghcli.cli.examples import EXAMPLES as examples
    if not cmd.short_help and cmd.help:
        cmd.short_help = _short_help(cmd.help, 10_000)
    if not cmd.epilog:
        cmd.help, own = _own_examples(cmd.help)
        listed = [examples[path]] if path in examples and not any(
            o.split("   ")[0].strip() == examples[path] for o in own) else []  # the docstring's, with its note
        shown = list(dict.fromkeys(listed + own))
        if shown:
            cmd.epilog = "\b\n" + ("Example:" if len(shown) == 1 else "Examples:") + "".join(
                f"\n  {line}" for line in shown)
    for param in cmd.params:
        try:
            _tidy_param(param)
        except Exception:  # typer shaped differently: its own help text stays
            pass
    for name, sub in getattr(cmd, "commands", {}).items():
        tidy(sub, f"{path} {name}", examples)


def _own_examples(text: str | None) -> tuple[str | None, list[str]]:
    """A docstring's own ``Example: ...`` paragraphs, taken out of it (they join the one Example section)."""
    if not text or "Example: " not in text:
        return text, []
    keep, own = [], []
    for para in text.split("\n\n"):
        if para.strip().startswith("Example: "):
            own.append(" ".join(line.strip() for line in para.strip()[len("Example: "):].splitlines()))
        else:
            keep.append(para)
    return "\n\n".join(keep).rstrip() or None, own


def _tidy_param(param) -> None:
    if param.param_type_name == "argument":
        param.display_type_rich = _no_type
        param._usage_display_name = _usage_name(param)
        param._rich_display_name = lambda: param.metavar or (param.name or "").upper()
    elif param.param_type_name == "option" and not getattr(param, "is_flag", True) and param.metavar is None:
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        long = max(param.opts, key=len).lstrip("-").upper()
        param.metavar = "N" if annotation in (int, float) else long


def _no_type(ctx=None) -> None:
    return None


def _usage_name(param) -> Callable[[], str]:
    """An argument in the usage line: NAME, [NAME] when optional, NAME... when repeated."""
    def name() -> str:
        text = param.metavar or (param.name or "").upper()
        if param.nargs != 1 and not text.endswith("..."):
            text += "..."
        return text if param.required or text.startswith("[") else f"[{text}]"
    return name
