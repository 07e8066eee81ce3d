"""Reading a Gloomhaven Secretariat file: the GameModel inside it, its parties, and the readers of its fields.

Every reader names the field it reads (``party.scenarios[3].index``) in the
one-line :class:`BadInput` it raises for a bad value: NaN, infinities,
fractions, text where a number goes, numbers beyond the game's ranges (XP
and gold at most 1,000,000: far past any campaign's), a list or an object
where the other goes (docs/exchange.md, "Hostile files"). Names are cut to
the limits of a typed name (``ghcli.campaign.names``) and what was cut is
reported. Both the Gloomhaven import (:mod:`.ghs`) and the Jaws of the Lion
one (:mod:`.ghs_jotl`) read through these.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from ghcli.errors import BadInput


KEPT_EDITIONS = ("gh", "fc")


EDITION_NAMES = {
    "gh": "Gloomhaven", "fc": "Forgotten Circles", "jotl": "Jaws of the Lion", "fh": "Frosthaven",
    "cs": "Crimson Scales", "toa": "Trail of Ashes", "gh2e": "Gloomhaven Second Edition",
    "bb": "Buttons and Bugs", "solo": "Gloomhaven solo scenarios", "fh-crossover": "Frosthaven crossover",
    "sc": "Shattered Crowns",
}


def edition_in_words(edition: Any) -> str:
    """'a Jaws of the Lion campaign (GHS edition 'jotl')'."""
    name = EDITION_NAMES.get(edition) if isinstance(edition, str) else None
    if name is None:
        text = edition if isinstance(edition, str) else str(edition)
        shown = text if len(text) <= 40 else f"{text[:40]}..."
        return f"a campaign of GHS edition {shown!r}"
    article = "an" if name[:1] in "AEIOU" else "a"
    return f"{article} {name} campaign (GHS edition {edition!r})"


# Bounds of the numbers a GHS file may hold (docs/shell.md, hostile files): the game's, or far past any
# campaign's (XP, gold).
MAX_AMOUNT = 1_000_000


MAX_DONATIONS = MAX_AMOUNT // 10


MAX_PLAYERS = 100


def int_at(value: Any, path: str, *, default: int | None = None, minimum: int | None = None,
         maximum: int | None = MAX_AMOUNT) -> int:
    """A whole number read from the file, or BadInput naming the field: NaN, infinities, fractions,
    text and numbers beyond ``minimum``..``maximum`` are refused."""
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not a whole number")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise BadInput(f"{path}: {value!r} is not a number")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 20:
            raise BadInput(f"{path}: {text[:20]!r}... is not a whole number of a campaign")
        try:
            number = int(text)
        except ValueError:
            raise BadInput(f"{path}: {value!r} is not a whole number") from None
    elif isinstance(value, float):
        if not value.is_integer():
            raise BadInput(f"{path}: {value!r} is not a whole number")
        number = int(value)
    else:
        number = value
    if maximum is not None and number > maximum:
        raise BadInput(f"{path}: {shown_number(number)} is too large (at most {maximum})")
    if minimum is not None and number < minimum:
        raise BadInput(f"{path}: {shown_number(number)} is too small (at least {minimum})")
    return number


def shown_number(n: int) -> str:
    """A number for a message: in full when it is short, else its size (Python prints at most 4,300 digits)."""
    return str(n) if n.bit_length() < 64 else f"a number of about {int(n.bit_length() * 0.30103) + 1} digits"


def list_at(value: Any, path: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not a list")
    return value


def dict_at(value: Any, path: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not an object")
    return value


def str_at(value: Any, path: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(f"{path}: {value!r} is not text")
    return value


def brief(value: Any) -> str:
    """A value of the file for a message: short, control characters escaped."""
    text = str(value)
    text = text if len(text) <= 40 else text[:40] + "..."
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


def ghs_class(ident: Any, path: str) -> dict:
    """A GHS class id ('brute', 'three-spears', 'gh:sun', 'fc:diviner') as a ghcli class."""
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    text = str_at(ident, path)
    bare = text.split(":", 1)[1] if ":" in text else text
    try:
        return catalog.find_class(bare)
    except NotFound:
        raise BadInput(f"{path}: unknown GHS class {text!r} "
                       "(ghcli knows the Gloomhaven classes and the Diviner)") from None


def ghs_item(entry: Any, path: str) -> int:
    """A GHS item reference {name: '153', edition: 'fc'} as a ghcli item number."""
    from ghcli.campaign import catalog

    entry = dict_at(entry, path)
    number = int_at(entry.get("name"), f"{path}.name", maximum=10_000)
    edition = entry.get("edition", "gh")
    if edition not in (*KEPT_EDITIONS, "gh-solo-items", "gh-envx"):
        raise BadInput(f"{path}.edition: item {number} of GHS edition {brief(edition)!r} is not a Gloomhaven item")
    try:
        catalog.item(number)
    except KeyError:
        raise BadInput(f"{path}.name: unknown item {brief(entry.get('name'))!r} "
                       f"(GHS edition {brief(edition)!r})") from None
    return number


def game_model(doc: dict, kind: str, plan_drop: list[dict]) -> dict:
    """The GameModel inside a file: the whole of a game export, the ``game`` store of a data dump."""
    if kind == "ghs-game":
        return doc
    key = "game" if "game" in doc else "ghs-game"
    game = doc[key]
    if isinstance(game, str):  # localStorage stores hold JSON text
        try:
            game = json.loads(game)
        except RecursionError:
            raise BadInput(f"{key}: nested too deeply to be a GHS game") from None
        except json.JSONDecodeError as e:
            raise BadInput(f"{key}: not JSON ({e.msg} at column {e.colno}: a truncated dump?)") from None
    if not isinstance(game, dict):
        raise BadInput(f"{key}: {str(game)[:40]!r} is not a GHS game")
    others = [k for k in doc if k != key]
    _spoilers(doc, plan_drop)
    if others:
        plan_drop.append({"path": ", ".join(others),
                          "why": "data dump stores besides the game: settings, undo/redo and backups are "
                                 "older states or app settings, not the campaign"})
    return game


def _spoilers(doc: dict, plan_drop: list[dict]) -> None:
    """Very old dumps kept unlocked classes in settings.spoilers: reported (GHS migrates them on load)."""
    key = "settings" if "settings" in doc else "ghs-settings"
    settings = doc.get(key)
    if isinstance(settings, str):
        try:
            settings = json.loads(settings)
        except (json.JSONDecodeError, RecursionError):
            return
    spoilers = settings.get("spoilers") if isinstance(settings, dict) else None
    if isinstance(spoilers, list) and spoilers:
        plan_drop.append({"path": f"{key}.spoilers ({', '.join(map(str, spoilers))})",
                          "why": "classes a very old GHS kept as spoilers, not in the game: "
                                 "unlock them with `ghcli campaign unlock-class` if the campaign has them"})


def parties(game: dict) -> tuple[dict, list[dict]]:
    current = dict_at(game.get("party"), "party")
    others = []

    def ident(p: dict, where: str):
        pid = p.get("id")
        if isinstance(pid, (dict, list)):  # GHS numbers its parties; a party is told apart by its id
            raise BadInput(f"{where}.id: {str(pid)[:30]!r} is not a party's id")
        return pid

    seen = {ident(current, "party")}
    for i, p in enumerate(list_at(game.get("parties"), "parties")):
        p = dict_at(p, f"parties[{i}]")
        if ident(p, f"parties[{i}]") in seen:
            continue
        seen.add(p.get("id"))
        others.append(p)
    return current, others


def unique_name(name: str, taken: set[str]) -> str:
    from ghcli.campaign import names

    candidate, n = name, 1
    while names.key(candidate) in taken:
        n += 1
        suffix = f" {n}"
        candidate = name[:names.MAX_NAME - len(suffix)].rstrip() + suffix
    taken.add(names.key(candidate))
    return candidate


# Terminal escape sequences: CSI (ESC [ ... final byte, or the 8-bit CSI), OSC (ESC ] ... BEL or ST), and the
# two-character ones.
_ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                      r"|\x1b[@-Z\\-_]")


def name_at(plan: Any, raw: Any, path: str, fallback: str | None) -> str | None:
    """A name from the file as ghcli keeps typed names (ghcli.campaign.names: at most 40 characters, no
    control or format characters, NFC); what was cut is reported to ``plan.drop``. Empty: ``fallback``."""
    import unicodedata

    from ghcli.campaign import names

    text = str_at(raw, path)
    kept = _ESCAPES.sub("", text)  # a terminal escape sequence goes whole, not just its ESC
    kept = "".join(ch for ch in kept if ch in names._ALLOWED_FORMAT
                   or unicodedata.category(ch) not in names._REFUSED_CATEGORIES)
    kept = " ".join(unicodedata.normalize("NFC", kept).split())
    cut = kept[:names.MAX_NAME].rstrip()
    if cut != text.strip():
        why = []
        if kept != " ".join(text.split()):
            why.append("control characters and escape sequences removed")
        if len(kept) > names.MAX_NAME:
            why.append(f"{len(kept)} characters cut to {names.MAX_NAME}")
        plan.drop(f"{path} {brief(text)!r}", (", ".join(why) or "spaces tidied") + (
            f": imported as {cut!r}" if cut else f": empty, imported as {fallback!r}"))
    return cut or fallback


def perks_at(prog: dict, path: str, cls: dict, read: Callable[[Any, str], int]) -> list[tuple[int, int]]:
    """(perk, times) for each perk a character's ``progress.perks`` ticks (perk n = ``perks[n - 1]``), within
    the class's boxes; ``read`` reads one count (each importer's own number reader and its messages)."""
    perks: list[tuple[int, int]] = []
    for i, times in enumerate(list_at(prog.get("perks"), f"{path}.progress.perks")):
        t = read(times, f"{path}.progress.perks[{i}]")
        if t <= 0:
            continue
        if i >= len(cls["perks"]):
            raise BadInput(f"{path}.progress.perks[{i}]: {t}, but the {cls['name']} has {len(cls['perks'])} perks")
        if t > cls["perks"][i]["count"]:
            raise BadInput(f"{path}.progress.perks[{i}]: {t} ticks, but perk {i + 1} of the {cls['name']} "
                           f"has {cls['perks'][i]['count']} box(es)")
        perks.append((i + 1, t))
    return perks
