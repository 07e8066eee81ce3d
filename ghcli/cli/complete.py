"""Shell completion: the scripts (``--show-completion``, ``--install-completion``) and what they complete.

The shell asks ``ghcli`` itself: the script sets ``_GHCLI_COMPLETE`` and
``ghcli`` answers with the commands, options and values that fit (typer's
completion machinery, registered by :func:`serve` only when asked, so a plain
run pays nothing). Command names come from the root's table; the values of
arguments come from the open campaign (``--db`` if given on the line being
completed, else ``$GHCLI_DB``, else the app folder's) through
``ghcli.campaign.choices``: only what the players have unlocked and may
choose now (unlocked classes, the shop's items in stock, the scenarios open
to travel, the deck that may be drawn, the character's own cards and perks
...). With no campaign, what needs one completes to nothing. A completion
never fails loudly: anything unreadable completes to nothing.

bash splits words at ``=`` and ``:``, so its script sends the line as typed
(``GHCLI_COMP_LINE``) and trims what bash holds as words of their own from
the answers (``--xp Hilda=...``); a lone answer ending in ``=`` gets no space
after it, so the number follows.

Typer and the standard library only at import time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer

COMPLETE_VAR = "_GHCLI_COMPLETE"
PROG = "ghcli"
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def serve() -> None:
    """Register the shells' completion classes when a shell is asking (``_GHCLI_COMPLETE`` set)."""
    if os.environ.get(COMPLETE_VAR):
        from typer.completion import completion_init

        line = os.environ.get("GHCLI_COMP_LINE")
        if line is not None:  # bash: the words as typed, not as bash split them at = and :
            import shlex

            try:
                words = shlex.split(line)
            except ValueError:  # an open quote: the word being typed
                words = shlex.split(line + '"') if line.count('"') % 2 else shlex.split(line + "'")
            if not line or line[-1].isspace():
                words.append("")
            os.environ["COMP_WORDS"] = "\n".join(shlex.quote(w) if w else "''" for w in words)
            os.environ["COMP_CWORD"] = str(len(words) - 1)
        completion_init()


def _shell(value: str) -> str:
    shell = value.strip().lower()
    if shell == "auto":
        shell = Path(os.environ.get("SHELL", "")).name
        if shell not in SHELLS:
            raise typer.BadParameter("cannot tell which shell this is: name it "
                                     "(`ghcli --install-completion bash|zsh|fish|powershell`)")
    if shell not in SHELLS:
        raise typer.BadParameter(f"no completion for the shell {value!r}: bash, zsh, fish or powershell")
    return shell


BASH_SCRIPT = r"""_ghcli_completion() {
    local IFS=$'\n'
    local line="${COMP_LINE:0:$COMP_POINT}"
    local cur="${COMP_WORDS[COMP_CWORD]}"
    COMPREPLY=( $( env GHCLI_COMP_LINE="$line" COMP_WORDS="${COMP_WORDS[*]}" \
                   COMP_CWORD=$COMP_CWORD \
                   _GHCLI_COMPLETE=complete_bash $1 ) )
    local word="${line##*[[:space:]]}"
    local keep="${word%"$cur"}"
    if [[ -n "$keep" && "$keep" != "$word" ]]; then
        COMPREPLY=( "${COMPREPLY[@]#"$keep"}" )
    fi
    if [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == *= ]]; then
        compopt -o nospace 2>/dev/null
    fi
    case "$cur" in
        \"*|\'*) ;;
        *) if [[ ${#COMPREPLY[@]} -gt 0 ]]; then COMPREPLY=( $(printf '%q\n' "${COMPREPLY[@]}") ); fi ;;
    esac
    return 0
}

complete -o default -F _ghcli_completion ghcli
"""


def script(shell: str) -> str:
    """The completion script for ``shell`` (bash, zsh, fish, powershell)."""
    from typer.completion import completion_init, get_completion_script

    completion_init()
    shell = _shell(shell)
    if shell == "bash":
        return BASH_SCRIPT
    return get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=shell)


def show(value: str | None) -> None:
    """``ghcli --show-completion SHELL``: print the script (an eager option's callback)."""
    if value is None:
        return
    typer.echo(script(value))
    raise typer.Exit()


def install(value: str | None) -> None:
    """``ghcli --install-completion [SHELL]``: install the script where the shell reads it."""
    if value is None:
        return
    from typer.completion import completion_init
    from typer.completion import install as typer_install

    completion_init()
    shell, path = typer_install(shell=_shell(value), prog_name=PROG, complete_var=COMPLETE_VAR)
    typer.echo(f"{shell} completion installed in {path}; it works in shells started from now on.")
    raise typer.Exit()


def option_value_given(args: list[str]) -> list[str]:
    """``--install-completion`` alone means: the shell of $SHELL (click options need a value)."""
    out = list(args)
    for i, arg in enumerate(out):
        if arg == "--install-completion" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "auto")
            break
    return out


# -- values from the campaign --------------------------------------------------


def _campaign_path(ctx: Any) -> Path:
    root = ctx.find_root() if ctx is not None else None
    given = (root.params or {}).get("db") if root is not None else None
    if given:
        return Path(given)
    if os.environ.get("GHCLI_DB"):
        return Path(os.environ["GHCLI_DB"])
    return Path(typer.get_app_dir("ghcli")) / "campaign.db"


def _open(ctx: Any):
    """The campaign being completed against, read-only; None when there is none."""
    from ghcli.campaign.kind import Store

    path = _campaign_path(ctx)
    if not path.is_file():
        return None
    return Store.open(path)


def _matching(values: list[tuple[str, str]], incomplete: str) -> list[tuple[str, str]]:
    from ghcli.campaign import names

    start = names.key(incomplete) or ""
    return [(v, h) for v, h in values if (names.key(v) or "").startswith(start)]


def _param(ctx: Any, name: str) -> Any:
    """The value given on the line for the parameter ``name`` (the last one of a repeated option)."""
    value = (getattr(ctx, "params", None) or {}).get(name)
    if value is None or value == []:
        value = _from_line(ctx).get(name)  # click leaves the others unset while an option waits for its value
    return value[-1] if isinstance(value, (list, tuple)) and value else value


def _from_line(ctx: Any) -> dict:
    """The parameters of the command being completed, read from the words typed before the cursor."""
    import shlex

    try:
        words = shlex.split(os.environ.get("GHCLI_COMP_LINE") or "")
    except ValueError:
        return {}
    if not words:
        words = [w for w in (os.environ.get("COMP_WORDS") or "").split() if w][:int(os.environ.get("COMP_CWORD")
                                                                                   or 0)]
    depth = len((ctx.command_path or "").split())
    rest = words[depth:]
    if os.environ.get("GHCLI_COMP_LINE", " ")[-1:].isspace() is False and rest:
        rest = rest[:-1]  # the word being completed
    params = list(getattr(ctx.command, "params", []))
    takes_value = {o: p for p in params if p.param_type_name == "option" and not p.is_flag for o in p.opts}
    flags = {o: p for p in params if p.param_type_name == "option" and p.is_flag for o in p.opts}
    arguments = [p for p in params if p.param_type_name == "argument"]
    out: dict = {}
    i = 0
    while i < len(rest):
        w = rest[i]
        if w in takes_value:
            if i + 1 < len(rest):
                out.setdefault(takes_value[w].name, []).append(rest[i + 1])
            i += 2
            continue
        if w in flags:
            out[flags[w].name] = True
        elif "=" in w and w.split("=", 1)[0] in takes_value:
            out.setdefault(takes_value[w.split("=", 1)[0]].name, []).append(w.split("=", 1)[1])
        elif not w.startswith("-") and arguments:
            out[arguments.pop(0).name] = w
        i += 1
    return out


def _from_campaign(fn, *, without=None):
    """A completion callback: ``fn(store, ctx)`` gives the choices (``without(ctx)`` when there is
    no campaign), filtered by what was typed. Never fails loudly."""
    def complete(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        try:
            store = _open(ctx)
            if store is None:
                return _matching(without(ctx), incomplete) if without else []
            try:
                return _matching(fn(store, ctx), incomplete)
            finally:
                store.close()
        except Exception:  # completion never fails loudly
            return []
    complete.__name__ = getattr(fn, "__name__", "complete")
    return complete


def _choices():
    from ghcli.campaign import choices

    return choices


def _static(values: list[tuple[str, str]]):
    def complete(incomplete: str) -> list[tuple[str, str]]:
        try:
            return _matching(values, incomplete)
        except Exception:
            return []
    return complete


characters = _from_campaign(lambda store, ctx: _choices().characters(store))
party_characters = _from_campaign(lambda store, ctx: _choices().characters(store, party_only=True))
classes = _from_campaign(lambda store, ctx: _choices().unlocked_classes(store),
                         without=lambda ctx: _choices().unlocked_classes(None))
class_boxes = _from_campaign(lambda store, ctx: _choices().locked_class_boxes(store))
shop_items = _from_campaign(lambda store, ctx: _choices().shop_items(store, _param(ctx, "character")))
held_items = _from_campaign(lambda store, ctx: _choices().held_items(store, _param(ctx, "character")))
known_items = _from_campaign(lambda store, ctx: _choices().known_items(store))
scenarios = _from_campaign(lambda store, ctx: _choices().travel_scenarios(
    store, replay=bool(_param(ctx, "replay")), casual=bool(_param(ctx, "casual"))))
scenario_to_finish = _from_campaign(lambda store, ctx: _choices().scenario_to_finish(store))
scenarios_to_complete = _from_campaign(lambda store, ctx: _choices().scenarios_to_complete(store))
drawable_decks = _from_campaign(lambda store, ctx: _choices().drawable_decks(store))
pending_decks = _from_campaign(lambda store, ctx: _choices().pending_decks(store))
other_parties = _from_campaign(lambda store, ctx: _choices().parties(store))
global_to_add = _from_campaign(lambda store, ctx: _choices().achievements(store, "global", held=False))
global_held = _from_campaign(lambda store, ctx: _choices().achievements(store, "global", held=True))
party_to_add = _from_campaign(lambda store, ctx: _choices().achievements(store, "party", held=False))
party_held = _from_campaign(lambda store, ctx: _choices().achievements(store, "party", held=True))
level_up_cards = _from_campaign(lambda store, ctx: _choices().level_up_cards(store, _param(ctx, "character")))
character_cards = _from_campaign(lambda store, ctx: _choices().pool_cards(store, _param(ctx, "character")))
perks = _from_campaign(lambda store, ctx: _choices().perks(store, _param(ctx, "character")))
quest_offer = _from_campaign(lambda store, ctx: _choices().quest_offer(store, _param(ctx, "name")))
history_entries = _from_campaign(lambda store, ctx: _choices().history_entries(store))
monsters = _from_campaign(lambda store, ctx: _choices().monsters(store),
                          without=lambda ctx: _choices().monsters(None))
achievements_to_gain = _from_campaign(lambda store, ctx: _choices().achievements(store, "global", held=False)
                                      + _choices().achievements(store, "party", held=False))
achievements_held = _from_campaign(lambda store, ctx: _choices().achievements(store, "global", held=True)
                                   + _choices().achievements(store, "party", held=True))
creation_cards = _from_campaign(lambda store, ctx: _choices().creation_cards(
    store, _param(ctx, "class_name"), _param(ctx, "level") or 1))
# values that need no campaign
card_actions = _static([("top", "the top action"), ("bottom", "the bottom action")])
event_options = _static([("A", "option A"), ("B", "option B")])
event_decks = _static([("city", "the city events"), ("road", "the road events")])


def _stickers(kind: str):
    """The stickers (or the abilities they go on) of the card action given on the line, else every one."""
    def complete(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        try:
            from ghcli.rules import enhance

            everything = {"ability": enhance.ABILITIES, "effect": enhance.EFFECTS,
                          "on": tuple(enhance.HOSTS)}[kind]
            values = [(v, kind) for v in everything]
            lines = _card_lines(ctx)
            if lines is not None:
                values = [(v, h) for v, h in values if _fits(kind, v, lines, _param(ctx, "on"))]
            return _matching(values, incomplete)
        except Exception:
            return []
    return complete


def _card_lines(ctx: Any):
    """The lines of the card action named on the line being completed (``--card``, ``--action``)."""
    store = _open(ctx)
    if store is None:
        return None
    try:
        from ghcli.campaign import catalog, lookup

        ch = lookup.find_character(store, _param(ctx, "character"))
        card = catalog.find_card(ch["class"], _param(ctx, "card"))
        action = (_param(ctx, "action") or "").lower()
        if action not in ("top", "bottom"):
            return None
        return catalog.card_action_lines(ch["class"], card["number"], action)
    finally:
        store.close()


def _fits(kind: str, value: str, lines: list[dict], on: str | None) -> bool:
    from ghcli.rules import enhance, enhance_slots

    parsed = [enhance_slots.Line.from_dict(x) for x in lines]
    if kind == "on":
        return any(line.host == value for line in parsed)
    try:
        sticker = enhance.sticker_for(ability=value) if kind == "ability" else enhance.sticker_for(effect=value)
        enhance_slots.place(sticker, parsed, on=on)
        return True
    except Exception as e:  # refused here; an ambiguous host still fits
        return type(e).__name__ == "BadInput"


sticker_abilities = _stickers("ability")
sticker_effects = _stickers("effect")
sticker_hosts = _stickers("on")


def pairs(values=None, *, party: bool = True):
    """``NAME=VALUE`` options (``--xp NAME=N``, ``--item NAME=ITEM``): the party's characters as
    ``NAME=``, then after the ``=`` what ``values(store, ctx)`` offers (nothing for a number)."""
    def complete(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
        try:
            store = _open(ctx)
            if store is None:
                return []
            try:
                choices = _choices()
                if "=" not in incomplete:
                    return _matching([(f"{n}=", h) for n, h in choices.characters(store, party_only=party)],
                                     incomplete)
                name, _, rest = incomplete.partition("=")
                if values is None:
                    return []
                return [(f"{name}={v}", h) for v, h in _matching(values(store, ctx), rest)]
            finally:
                store.close()
        except Exception:
            return []
    return complete


character_pairs = pairs()
character_items = pairs(lambda store, ctx: _choices().known_items(store))


def character_argument() -> Any:
    """The CHARACTER argument that many commands take, completed from the open campaign."""
    return typer.Argument(..., metavar="CHARACTER", help="The character's name.", autocompletion=party_characters)


def item_argument(autocompletion=None) -> Any:
    """The ITEM argument of buy and sell: the shop's items in stock (sell: the character's own)."""
    return typer.Argument(..., metavar="ITEM", help="Item number or name.",
                          autocompletion=autocompletion or shop_items)


def items(incomplete: str) -> list[tuple[str, str]]:
    """Every item (numbers when digits are typed): for what needs no campaign."""
    try:
        from ghcli.campaign import catalog

        if incomplete[:1].isdigit():
            return [(str(i["number"]), i["name"]) for i in catalog.items() if str(i["number"]).startswith(incomplete)]
        return _matching([(catalog._norm(i["name"]), f"item {i['number']}") for i in catalog.items()], incomplete)
    except Exception:
        return []
