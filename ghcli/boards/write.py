"""Writing a board in the text format (``dump``): ``parse.load(dump(doc)) == canonical(doc)``."""

from __future__ import annotations

import json
import re

from ghcli.boards.convert import canonical
from ghcli.boards.grammar import CHAR_TERRAIN, FLAGS, FORMAT1_KEYS, LABEL_RE, ORIENTATIONS, TERRAIN_CHAR
from ghcli.boards.labels import labels, rooms
from ghcli.boards.layout import first_hex, grid_lines
from ghcli.errors import BadInput
from ghcli.rules.rulesets import READINGS, RULE_SET_NAMES

_BARE_ID = re.compile(r"[^\s\"=]+\Z")


def _fmt_hex(h) -> str:
    return f"{h[0]},{h[1]}"


def _fmt_value(v) -> str:
    return _json(v)


def _json(v, **kw) -> str:
    """JSON for a text board: letters of any script as they are, but nothing a terminal would act on
    (a control character, a bidi override: written as \\uXXXX, which reads back the same)."""
    text = json.dumps(v, ensure_ascii=False, **kw)
    return text if text.isprintable() else json.dumps(v, **kw)


def _fmt_id(fid: str) -> str:
    return fid if _BARE_ID.match(fid) and fid.isprintable() and not fid.startswith('"') else _json(fid)


def dump(doc: dict) -> str:
    """The board in the text format (load(dump(doc)) == canonical(doc))."""
    d = canonical(doc)
    flat = d["orientation"] == "flat"
    if d["orientation"] not in ORIENTATIONS:
        raise BadInput(f"orientation {d['orientation']!r} is neither flat nor pointy")
    if d["rules"] not in RULE_SET_NAMES:
        raise BadInput(f"rules {d['rules']!r} is not one of {', '.join(RULE_SET_NAMES)}")
    hexset = {tuple(h) for h in d["hexes"]}
    tchars, extra_terrain = _terrain_marks(d, hexset)
    tokens, label_of, in_map = _tokens(d, hexset, tchars)
    map_walls, line_walls = _walls(d, hexset, flat)
    grid = grid_lines(d["hexes"], tokens, map_walls, flat)
    out, written = _header(d)
    if d["hexes"]:
        out.append(f"map: {_fmt_hex(first_hex(d['hexes'], flat))}")
        out += grid
    else:
        out.append("map:")
    if d["figures"]:
        out.append("figures:")
        for i, f in enumerate(d["figures"]):
            out.append(_dump_figure(i, f, label_of, in_map))
    out += _trailer(d, line_walls, extra_terrain, written)
    return "\n".join(out) + "\n"


def _terrain_marks(d: dict, hexset: set) -> tuple[dict[tuple, str], dict[str, list]]:
    """(the terrain characters of each map hex: known kinds, at most 3 a hex; the rest, kind -> hexes, for
    'terrain:' lines)."""
    tchars: dict[tuple, str] = {}
    extra_terrain: dict[str, list] = {}
    for kind, hexes in d["terrain"].items():
        for h in hexes:
            h = tuple(h)
            if kind in TERRAIN_CHAR and h in hexset:
                tchars[h] = tchars.get(h, "") + TERRAIN_CHAR[kind]
            else:
                extra_terrain.setdefault(kind, []).append(h)
    for h, chars in list(tchars.items()):
        if len(chars) > 3:
            for ch in chars:
                extra_terrain.setdefault(CHAR_TERRAIN[ch], []).append(h)
            del tchars[h]
    return tchars, extra_terrain


def _tokens(d: dict, hexset: set, tchars: dict[tuple, str]) -> tuple[dict[tuple, str], dict, set]:
    """(each hex's text in the map, the figures' labels, the figures written in the map: the others are
    written with 'at')."""
    occupied: dict[tuple, int] = {}
    for i, f in enumerate(d["figures"]):
        h = tuple(f["at"])
        if h in hexset and h not in occupied:
            occupied[h] = i
    room = rooms(d)
    label_of = labels(d, room)
    in_map = {i for h, i in occupied.items() if i in room and i in label_of and len(label_of[i]) <= room[i]}
    tokens: dict[tuple, str] = {}
    for h in hexset:
        tokens[h] = tchars.get(h, "") or "."
    for h, i in occupied.items():
        if i in in_map:
            tokens[h] = label_of[i] + tchars.get(h, "")
    return tokens, label_of, in_map


def _walls(d: dict, hexset: set, flat: bool) -> tuple[set, list]:
    """(the walls the map can draw, those a 'walls:' line writes)."""
    map_walls: set = set()
    line_walls = []
    for a, b in d["walls"]:
        a, b = tuple(a), tuple(b)
        dq, dr = b[0] - a[0], b[1] - a[1]
        drawable = a in hexset and b in hexset and (
            (flat and (dq, dr) in ((1, 0), (0, 1), (1, -1))) or (not flat and (dq, dr) == (1, 0))
        )
        (map_walls.add((a, b)) if drawable else line_walls.append((a, b)))
    return map_walls, line_walls


def _header(d: dict) -> tuple[list[str], set]:
    """The lines before the map ('board:', 'readings:', 'active:', 'card:', 'move:', 'attack:'), and the keys
    they wrote that an 'extra:' line would otherwise carry."""
    out = [f"board: {d['rules']} {d['orientation']}"]
    written = set()
    line = _readings_line(d.get("readings"))
    if line is not None:
        out.append(line)
        written.add("readings")
    if "active" in d:
        a = d["active"]
        out.append(f"active: {_fmt_id(a) if isinstance(a, str) else _fmt_value(a)}")
        if not isinstance(a, str):
            raise BadInput(f"active {a!r} must be a figure id (a string)")
    line = _card_line(d.get("card"))
    if line is not None:
        out.append(line)
        written.add("card")
    if "action" in d:
        out += _dump_action(d["action"])
    return out, written


def _trailer(d: dict, line_walls: list, extra_terrain: dict[str, list], written: set) -> list[str]:
    """The lines after the figures: 'walls:', 'terrain:' and 'extra:'."""
    out = []
    if line_walls:
        out.append("walls: " + " ".join(f"{_fmt_hex(a)}|{_fmt_hex(b)}" for a, b in line_walls))
    for kind, hexes in extra_terrain.items():
        if not LABEL_RE.match(kind):
            raise BadInput(f"terrain kind {kind!r} cannot be written in the text format")
        out.append(f"terrain: {kind} " + " ".join(_fmt_hex(h) for h in sorted(set(hexes))))
    for kind in d["terrain"]:
        if kind not in TERRAIN_CHAR and not d["terrain"][kind]:
            out.append(f"terrain: {kind}")
    for k, v in d.items():
        if k not in FORMAT1_KEYS and k not in written:
            if not LABEL_RE.match(k):
                raise BadInput(f"key {k!r} cannot be written in the text format")
            out.append(f"extra: {k} {_json(v, separators=(',', ':'))}")
    return out


def _readings_line(value) -> str | None:
    """``readings: map_edge=open ...``, or None when the value cannot be written so (an ``extra:`` line then)."""
    if not isinstance(value, dict) or not value:
        return None
    if not all(k in READINGS and v in READINGS[k] for k, v in value.items()):
        return None
    return "readings: " + " ".join(f"{k}={v}" for k, v in value.items())


def _card_line(value) -> str | None:
    """``card: NUMBER MONSTER level L``, or None when the value is not one (an ``extra:`` line then)."""
    if not isinstance(value, dict) or set(value) != {"number", "monster", "level"}:
        return None
    n, m, lv = value["number"], value["monster"], value["level"]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (n, lv)) or not isinstance(m, str):
        return None
    words = m.split()
    if not words or " ".join(words) != m or "level" in words:
        return None
    return f"card: {n} {m} level {lv}"


def _dump_action(a: dict) -> list[str]:
    move = a["move"]
    if isinstance(move, bool) or not isinstance(move, int):
        raise BadInput(f"action.move {move!r} is not a whole number")
    words = [str(move)] + [f for f in ("jump", "flying", "teleport") if a[f]]
    extras = {k: v for k, v in a.items() if k not in ("move", "attack") + FLAGS}
    lines = ["move: " + " ".join(words + _kv(extras))]
    atk = a["attack"]
    if atk is None:
        words = ["none"]
    else:
        rng, targets = atk["range"], atk["targets"]
        if isinstance(rng, bool) or not isinstance(rng, int):
            raise BadInput(f"attack range {rng!r} is not a whole number")
        if targets != "all" and (isinstance(targets, bool) or not isinstance(targets, int)):
            raise BadInput(f"attack targets {targets!r} is neither a whole number nor \"all\"")
        words = ["melee" if rng == 0 else f"range {rng}"]
        if targets != 1:
            words.append(f"targets {targets}")
        if atk["area"]:
            words.append("area " + " ".join(_fmt_hex(o) for o in atk["area"]))
    if a["muddled"]:
        words.append("muddled")
    attack_extras = {k: v for k, v in (atk or {}).items() if k not in ("range", "targets", "area")}
    lines.append("attack: " + " ".join(words + _kv(attack_extras)))
    return lines


def _kv(extras: dict) -> list[str]:
    out = []
    for k, v in extras.items():
        if not re.match(r"[A-Za-z_][A-Za-z0-9_-]*\Z", k):
            raise BadInput(f"key {k!r} cannot be written in the text format")
        out.append(f"{k}={_json(v, separators=(',', ':'))}")
    return out


def _dump_figure(i: int, f: dict, label_of: dict, in_map: set) -> str:
    label = label_of.get(i)
    fid = f["id"]
    if label is None:
        # no free label (very many figures): fall back to a long one
        label = f"F{i + 1}"
    head = label if label == fid else f"{label} = {_fmt_id(fid)}"
    words = [head, f["side"]]
    if not LABEL_RE.match(f["side"]):
        raise BadInput(f"figure {fid}: side {f['side']!r} cannot be written in the text format")
    rest = {k: v for k, v in f.items() if k not in ("id", "side", "at")}
    if rest.get("label") == label:
        del rest["label"]  # shown as the line's label
    init = rest.pop("initiative", None) if _is_number(rest.get("initiative")) else None
    if init is not None:
        words.append(json.dumps(init))
    for flag in ("elite", "invisible"):
        if rest.get(flag) is True:
            rest.pop(flag)
            words.append(flag)
    if isinstance(rest.get("standee"), int) and not isinstance(rest.get("standee"), bool):
        words.append(f"standee {rest.pop('standee')}")
    if i not in in_map:
        words.append(f"at {_fmt_hex(f['at'])}")
    return " ".join(words + _kv(rest))


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)
