"""A board (format 1) as a frozen value, built from its JSON dict with validation.

``Board.from_dict(doc)`` checks the document and raises
``ghcli.errors.BadInput`` naming the problem and where (a missing key, a
figure on a hex not on the map, two figures on one hex, a wall between hexes
that are not adjacent, an unknown ``active`` ...). Keys beyond format 1
(``expected``, ``los``, ``message``, ``notes``, ``source`` ...) are ignored.
"""

from __future__ import annotations

from functools import cached_property
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Optional, Sequence, TypeVar, Union

from ghcli.errors import BadInput, did_you_mean
from ghcli.records import record
from ghcli.rules.hexes import Grid, Hex, HexNo, are_adjacent
from ghcli.rules.rulesets import READINGS, RULE_SET_NAMES

if TYPE_CHECKING:
    from ghcli.rules.los import Sight

_T = TypeVar("_T")
#: A thin wall: the two adjacent hexes it stands between.
Wall = frozenset[Hex]

TERRAINS = ("obstacle", "trap", "hazardous", "difficult", "icy")
SIDES = ("character", "summon", "monster")


@record(frozen=True)
class Figure:
    """A figure on the board: its id, side and hex, and what the rules ask of it."""

    id: str
    side: str
    at: Hex
    initiative: Optional[float] = None
    invisible: bool = False
    elite: bool = False
    standee: Optional[int] = None

    def __hash__(self) -> int:  # ids are unique on a board: hash by id alone (fast)
        return hash(self.id)

    @property
    def is_enemy(self) -> bool:
        """An enemy of the monsters (a character or a summon)."""
        return self.side != "monster"


@record(frozen=True)
class Attack:
    """The monster's attack: range (0 melee), targets (a number or "all"), area hexes."""

    range: int = 0
    targets: Union[int, str] = 1  # a number, or "all"
    area: tuple[tuple[int, int], ...] = ()


@record(frozen=True)
class Action:
    """The monster's action: movement, its attack, and how it moves."""

    move: int = 0
    attack: Optional[Attack] = None
    jump: bool = False
    flying: bool = False
    teleport: bool = False
    muddled: bool = False


@record(frozen=True)
class Board:
    """A board of format 1 as values: rule set, map, figures, the active monster and its action."""

    rules: str
    hexes: frozenset[Hex]
    figures: tuple[Figure, ...]
    active: str
    action: Action
    obstacle: frozenset[Hex] = frozenset()
    trap: frozenset[Hex] = frozenset()
    hazardous: frozenset[Hex] = frozenset()
    difficult: frozenset[Hex] = frozenset()
    icy: frozenset[Hex] = frozenset()
    walls: frozenset[Wall] = frozenset()
    orientation: str = "flat"
    #: the table's readings where the rules leave it open (``rulesets.READINGS``): sorted
    #: (name, value) pairs, those not the default only
    readings: tuple[tuple[str, str], ...] = ()
    #: ``from_dict``'s numbering of the map (the sorted hexes, their numbers), for ``grid``
    _numbered: ClassVar[Optional[tuple[list[Hex], dict[tuple[int, int], HexNo]]]] = None

    # -- lookups (the tables below are the board's own, built on first use) ---------
    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    @property
    def monster(self) -> Figure:
        return self.figure(self.active)

    @cached_property
    def _occupants(self) -> dict[tuple[int, int], Figure]:
        return {f.at: f for f in self.figures}

    def occupant(self, h: tuple[int, int]) -> Optional[Figure]:
        return self._occupants.get(h)

    @cached_property
    def grid(self) -> Grid:
        """The map as arrays indexed by hex number (``ghcli.rules.hexes.Grid``)."""
        numbered = self._numbered
        return Grid.numbered(*numbered, self.walls) if numbered else Grid(self.hexes, self.walls)

    @cached_property
    def links(self) -> dict[Hex, tuple[Hex, ...]]:
        """For each map hex, its neighbours on the map with no thin wall between."""
        g = self.grid
        hexes = g.hexes
        return {h: tuple(hexes[j] for j in g.links[i]) for i, h in enumerate(hexes)}

    @cached_property
    def sight(self) -> Sight:
        """Line of sight on this board (``ghcli.rules.los.Sight``, under its map-edge reading);
        ``ghcli.rules.los`` is imported on the first question."""
        from ghcli.rules.los import Sight

        edge = dict(self.readings).get("map_edge", "wall")
        return Sight(self.hexes, self.walls, self.rules, self.grid, map_edge=edge)

    # -- construction ------------------------------------------------------
    @classmethod
    def from_dict(cls, doc: Any) -> Board:
        """The board of a format-1 document (parsed JSON), checked: ``validate``'s types and
        limits first, then the meaning, in this order: keys, format, rules, orientation, the
        map, terrain, walls, figures, the active figure, the action. Raises ``BadInput``
        naming the first problem and where."""
        plain = validate(doc)
        rules, orientation = _header(doc)
        hex_list, index = _map(doc["hexes"], plain.hexes)
        hexes = frozenset(index)  # (from the dict: its keys are not hashed again)
        terrain = _terrain(doc.get("terrain") or {}, hexes, plain.terrain)
        walls = _walls(doc.get("walls") or [], plain.walls)
        figures = _figures(doc["figures"], hexes)
        active = _active(doc["active"], figures)
        board = _filled(cls, rules=rules, orientation=orientation, hexes=hexes, figures=figures, active=active,
                        readings=readings_of(doc.get("readings")),
                        action=_action(doc["action"]), walls=walls, obstacle=terrain.get("obstacle", _NONE),
                        trap=terrain.get("trap", _NONE), hazardous=terrain.get("hazardous", _NONE),
                        difficult=terrain.get("difficult", _NONE), icy=terrain.get("icy", _NONE),
                        _numbered=(hex_list, index))
        return board


_NONE: frozenset[Hex] = frozenset()


def _filled(cls: type[_T], **fields: Any) -> _T:
    """An instance of the frozen dataclass ``cls`` with these fields (every one of them), made
    without its ``__init__``, which sets each field through ``object.__setattr__`` (some ten
    times the cost, and a board has up to 60 figures): its ``__dict__`` is filled at once.
    For values ``from_dict`` has checked already."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def _header(doc: dict[str, Any]) -> tuple[str, str]:
    """The keys every board has, its format, and its (rules, orientation)."""
    if not isinstance(doc, dict):
        raise BadInput("board must be a JSON object")
    for key in ("format", "hexes", "figures", "active", "action"):
        if key not in doc:
            raise BadInput(f"board: missing key {key!r}")
    if doc["format"] != 1:
        raise BadInput(f"board: unsupported format {doc['format']!r} (only 1)")
    rules = doc.get("rules", "gloomhaven")
    if rules not in RULE_SET_NAMES:
        raise BadInput(f"board: unknown rules {rules!r} (one of {', '.join(RULE_SET_NAMES)})")
    orientation = doc.get("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        raise BadInput(f"board: unknown orientation {orientation!r} (flat or pointy)")
    return rules, orientation


def readings_of(value: Any) -> tuple[tuple[str, str], ...]:
    """A board's ``readings`` (``{"map_edge": "open", "proximity": "straight"}``, each optional) as
    sorted (name, value) pairs without the defaults; BadInput names an unknown one."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise BadInput(f"board: 'readings' must be an object such as {{\"map_edge\": \"open\"}}, not {_kind(value)}")
    out = []
    for name, v in value.items():
        if name not in READINGS:
            raise BadInput(f"board: unknown reading {name!r} (one of {', '.join(READINGS)})"
                           + did_you_mean(name, READINGS))
        if v not in READINGS[name]:
            raise BadInput(f"board: reading {name} is {v!r}: one of {', '.join(READINGS[name])}"
                           + did_you_mean(v, READINGS[name]))
        if v != READINGS[name][0]:
            out.append((name, v))
    return tuple(sorted(out))


def _map(cells: Any, plain: bool) -> tuple[list[Hex], dict[Hex, HexNo]]:
    """The map's hexes sorted, and {hex: its number} (``Grid`` numbers hexes in sorted order).
    ``plain``: ``validate`` found them plain [q, r] lists."""
    if not isinstance(cells, list) or not cells:
        raise BadInput("board: 'hexes' must be a non-empty list of [q, r]")
    hex_list = _hex_list(cells, plain)
    index = dict(zip(hex_list, range(len(hex_list)))) if hex_list is not None else None
    if hex_list is None or index is None or len(index) != len(hex_list):  # something is wrong: find it
        seen = set()
        for i, h in enumerate(cells):
            hx = _hex(h, f"hexes[{i}]")
            if hx in seen:
                raise BadInput(f"board: hex {list(hx)} listed twice in 'hexes'")
            seen.add(hx)
        hex_list = sorted(seen)
        index = dict(zip(hex_list, range(len(hex_list))))
    return hex_list, index


def _terrain(doc: Any, hexes: frozenset[Hex], plain: frozenset[str]) -> dict[str, frozenset[Hex]]:
    """{terrain kind: its hexes}, every one on the map. ``plain``: the kinds whose cells
    ``validate`` found plain [q, r] lists."""
    if not isinstance(doc, dict):
        raise BadInput("board: 'terrain' must be an object")
    terrain: dict[str, frozenset[Hex]] = {}
    new = tuple.__new__
    for name, cells in doc.items():
        if name not in TERRAINS:
            raise BadInput(f"board: unknown terrain {name!r} (one of {', '.join(TERRAINS)})")
        if not isinstance(cells, list):
            raise BadInput(f"board: terrain.{name} must be a list of [q, r]")
        if name in plain:
            found = frozenset(map(new, repeat(Hex, len(cells)), cells))
            if found <= hexes:
                terrain[name] = found
                continue
        seen = set()  # something is wrong: find it, naming where
        for i, h in enumerate(cells):
            hx = _hex(h, f"terrain.{name}[{i}]")
            if hx not in hexes:
                raise BadInput(f"board: terrain.{name}[{i}] {list(hx)} is not on the map")
            seen.add(hx)
        terrain[name] = frozenset(seen)
    return terrain


def _walls(doc: list[Any], plain: bool) -> frozenset[Wall]:
    """The thin walls, each a frozenset of two adjacent hexes. ``plain``: ``validate`` found
    every wall a pair of [q, r] lists."""
    walls = set()
    new = tuple.__new__
    for i, w in enumerate(doc):
        if plain:
            a, b = w
            dq, dr = a[0] - b[0], a[1] - b[1]
            if abs(dq) + abs(dr) + abs(dq + dr) == 2:  # adjacent
                walls.add(frozenset((new(Hex, a), new(Hex, b))))
                continue
        if not isinstance(w, (list, tuple)) or len(w) != 2:
            raise BadInput(f"board: walls[{i}] must be a pair of hexes [[q, r], [q, r]]")
        a, b = _hex(w[0], f"walls[{i}][0]"), _hex(w[1], f"walls[{i}][1]")
        if not are_adjacent(a, b):
            raise BadInput(f"board: walls[{i}] is between {list(a)} and {list(b)}, which are not adjacent")
        walls.add(frozenset((a, b)))
    return frozenset(walls)


def _figures(doc: Any, hexes: frozenset[Hex]) -> tuple[Figure, ...]:
    """The figures, each on its own hex of the map, ids unique."""
    if not isinstance(doc, list):
        raise BadInput("board: 'figures' must be a list")
    figures = []
    ids = set()
    where: dict[Hex, str] = {}
    for i, f in enumerate(doc):
        if not isinstance(f, dict):
            raise BadInput(f"board: figures[{i}] must be an object")
        for key in ("id", "side", "at"):
            if key not in f:
                raise BadInput(f"board: figures[{i}] is missing key {key!r}")
        fid = str(f["id"])
        if fid in ids:
            raise BadInput(f"board: figure id {fid!r} used twice")
        ids.add(fid)
        side = f["side"]
        if side not in SIDES:
            raise BadInput(f"board: figure {fid!r} has unknown side {side!r} (one of {', '.join(SIDES)})"
                           + did_you_mean(side, SIDES))
        at = f["at"]
        at = tuple.__new__(Hex, at) if _plain_hex(at) else _hex(at, f"figure {fid!r} 'at'")
        if at not in hexes:
            raise BadInput(f"board: figure {fid!r} stands on {list(at)}, which is not on the map")
        if at in where:
            raise BadInput(f"board: figures {where[at]!r} and {fid!r} both stand on {list(at)}")
        where[at] = fid
        init = f.get("initiative")
        if side != "monster":
            if init is None:
                raise BadInput(f"board: {side} {fid!r} needs an 'initiative'")
        if init is not None and (isinstance(init, bool) or not isinstance(init, (int, float))):
            raise BadInput(f"board: figure {fid!r} has a non-numeric initiative {init!r}")
        figures.append(
            _filled(
                Figure,
                id=fid,
                side=side,
                at=at,
                initiative=init,
                invisible=bool(f.get("invisible", False)),
                elite=bool(f.get("elite", False)),
                standee=f.get("standee"),
            )
        )
    return tuple(figures)


def _active(active: Any, figures: tuple[Figure, ...]) -> str:
    """The active figure's id: one of the figures, a monster."""
    figure = next((f for f in figures if f.id == active), None)
    if figure is None:
        raise BadInput(f"board: active figure {active!r} is not among the figures"
                       + did_you_mean(active, [f.id for f in figures]))
    if figure.side != "monster":
        raise BadInput(f"board: active figure {active!r} is not a monster")
    return figure.id


#: Limits on a board (docs/shell.md: What ghcli trusts in a file); the text format (``ghcli.boards``)
#: reads them from here.
MAX_COORD = 1000
MAX_HEXES = 2000
MAX_FIGURES = 60
MAX_AREA = 30
MAX_DEPTH = 50  # nesting of JSON values, refused by the file readers
MAX_NUMBER = 10**6  # movement, range, targets, initiative, standee


class Plain(NamedTuple):
    """What ``validate`` found plain, so that ``Board.from_dict`` need not look at it again:
    the map's ``hexes`` all ``[q, r]`` lists of two ints; every wall a list of two of those;
    the terrain kinds whose hexes are such lists."""

    hexes: bool
    walls: bool
    terrain: frozenset[str]


def validate(doc: Any) -> Plain:
    """Check the types and limits of a format-1 document; raise BadInput naming the first problem.
    Returns which parts are plain (``Plain``), for ``Board.from_dict``.

    Every key of format 1 must have its type (``"area": 7``, ``"walls": 7``,
    ``"active": ["g"]`` are refused); coordinates lie within +-``MAX_COORD``;
    at most ``MAX_HEXES`` hexes (and as many per terrain kind), 3 walls per
    hex, ``MAX_FIGURES`` figures, ``MAX_AREA`` area hexes; numbers within
    +-``MAX_NUMBER``. Works without recursion, so any parsed JSON is
    answered; keys beyond format 1 are not looked into here (nothing here
    descends into them; the file readers refuse JSON nested deeper than
    ``MAX_DEPTH``, see ``textboard.json_value``).
    The board's meaning (figures on the map, adjacency ...) is checked by
    ``Board.from_dict`` afterwards.
    """
    if not isinstance(doc, dict):
        raise BadInput("board must be a JSON object")
    plain = "hexes" in doc and _check_hexes(doc["hexes"], "hexes", MAX_HEXES)
    for key in ("rules", "orientation", "active"):
        if key in doc and not isinstance(doc[key], str):
            raise BadInput(f"board: {key!r} must be a string, not {_kind(doc[key])}")
    terrain = doc.get("terrain")
    plain_terrain = set()
    if terrain is not None:
        if not isinstance(terrain, dict):
            raise BadInput(f"board: 'terrain' must be an object of hex lists, not {_kind(terrain)}")
        for name, cells in terrain.items():
            if _check_hexes(cells, f"terrain.{name}", MAX_HEXES):
                plain_terrain.add(name)
    walls = doc.get("walls")
    plain_walls = walls is not None and _check_walls(walls)
    figures = doc.get("figures")
    if figures is not None:
        _check_figures(figures)
    if "action" in doc:
        _check_action(doc["action"])
    return Plain(plain, plain_walls, frozenset(plain_terrain))


def _check_hexes(value: Any, where: str, limit: int) -> bool:
    """``validate``: refuse a list of hexes that is not one or is too long; True when every item
    is a plain [q, r] list."""
    if not isinstance(value, (list, tuple)):
        raise BadInput(f"board: {where} must be a list of hexes [q, r], not {_kind(value)}")
    if len(value) > limit:
        what = "board has" if where == "hexes" else f"board: {where} has"
        raise BadInput(f"{what} {len(value):,} hexes; at most {limit:,}")
    if _plain_hexes(value):
        return True  # the common case, at C speed; otherwise find the culprit to name it
    for i, h in enumerate(value):
        one_hex(h, f"{where}[{i}]")
    return False


def _check_number(value: Any, where: str, whole: bool = True, low: int = 0) -> None:
    """``validate``: refuse anything but a number (``whole``: an int) within low..MAX_NUMBER."""
    ok = isinstance(value, int) if whole else isinstance(value, (int, float))
    if not ok or isinstance(value, bool) or value != value:
        kind = "a whole number" if whole else "a number"
        raise BadInput(f"board: {where} must be {kind}, not {_kind(value)}")
    if not low <= value <= MAX_NUMBER:
        raise BadInput(f"board: {where} is {value!r}, outside {low}..{MAX_NUMBER:,}")


def _check_walls(walls: Any) -> bool:
    """``validate``'s walls: True when every wall is a pair of plain [q, r] lists."""
    if not isinstance(walls, list):
        raise BadInput(f"board: 'walls' must be a list of hex pairs, not {_kind(walls)}")
    if len(walls) > 3 * MAX_HEXES:
        raise BadInput(f"board: 'walls' has {len(walls):,} entries; at most {3 * MAX_HEXES:,}")
    plain_walls = (all(type(w) is list and len(w) == 2 for w in walls)
                   and _plain_hexes(list(chain.from_iterable(walls))))
    for i, w in enumerate(() if plain_walls else walls):  # (the common case: checked at once)
        if not isinstance(w, (list, tuple)) or len(w) != 2:
            raise BadInput(f"board: walls[{i}] must be a pair of hexes [[q, r], [q, r]], not {_kind(w)}")
        one_hex(w[0], f"walls[{i}][0]")
        one_hex(w[1], f"walls[{i}][1]")
    return plain_walls


def _check_figures(figures: Any) -> None:
    """``validate``'s figures."""
    if not isinstance(figures, list):
        raise BadInput(f"board: 'figures' must be a list, not {_kind(figures)}")
    if len(figures) > MAX_FIGURES:
        raise BadInput(f"board: {len(figures)} figures; at most {MAX_FIGURES}")
    for i, f in enumerate(figures):
        if not isinstance(f, dict):
            raise BadInput(f"board: figures[{i}] must be an object, not {_kind(f)}")
        for key in ("id", "side", "label"):
            if key in f and not isinstance(f[key], str):
                raise BadInput(f"board: figures[{i}].{key} must be a string, not {_kind(f[key])}")
        # (the common values checked at once; the messages made only for the others)
        if "at" in f and not _plain_hex(f["at"]):
            one_hex(f["at"], f"figures[{i}].at")
        init = f.get("initiative")
        if init is not None and not (type(init) is int and -MAX_NUMBER <= init <= MAX_NUMBER):
            _check_number(init, f"figures[{i}].initiative", whole=False, low=-MAX_NUMBER)
        standee = f.get("standee")
        if standee is not None and not (type(standee) is int and -MAX_NUMBER <= standee <= MAX_NUMBER):
            _check_number(standee, f"figures[{i}].standee", low=-MAX_NUMBER)
        for key in ("elite", "invisible"):
            if key in f and not isinstance(f[key], bool):
                raise BadInput(f"board: figures[{i}].{key} must be true or false, not {_kind(f[key])}")


def _check_action(action: Any) -> None:
    """``validate``'s action."""
    if not isinstance(action, dict):
        raise BadInput(f"board: 'action' must be an object, not {_kind(action)}")
    if action.get("move") is not None:
        _check_number(action["move"], "action.move")
    attack = action.get("attack")
    if attack is not None:
        if not isinstance(attack, dict):
            raise BadInput(f"board: action.attack must be an object or null, not {_kind(attack)}")
        if attack.get("range") is not None:
            _check_number(attack["range"], "action.attack.range")
        if attack.get("targets", 1) != "all":
            _check_number(attack.get("targets", 1), "action.attack.targets", low=1)
        if attack.get("area") is not None:
            _check_hexes(attack["area"], "action.attack.area", MAX_AREA)


def one_hex(value: Any, where: str) -> None:
    """Refuse (BadInput) anything but [q, r], two integers within +-MAX_COORD."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise BadInput(f"board: {where} must be a hex [q, r] of two integers, not {_kind(value)}")
    q, r = value
    if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
        raise BadInput(f"board: {where} is beyond the coordinate limit (each within +-{MAX_COORD}): "
                       f"[{_digits(q)}, {_digits(r)}]")


def _digits(n: int) -> str:
    text = str(n) if abs(n) < 10**30 else f"{'-' if n < 0 else ''}1e{len(str(abs(n))) - 1}"
    return text


def _kind(value: Any) -> str:
    """A short description of a JSON value, for messages."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return _digits(value)
    if isinstance(value, (float, str)):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _hex_list(values: Any, checked: bool = False) -> Optional[list[Hex]]:
    """The hexes of a list of [q, r] pairs of integers, sorted (linear when they come sorted, as
    board files list them), or None if any is not one (``checked``: ``validate`` found
    them plain)."""
    if type(values) is not list or not (checked or _plain_hexes(values)):
        return None
    out = list(map(tuple.__new__, repeat(Hex, len(values)), values))
    out.sort()
    return out


def _plain_hex(v: Any) -> bool:
    """v is a list of two ints (not bools), each within +-MAX_COORD."""
    return (type(v) is list and len(v) == 2 and type(v[0]) is int and type(v[1]) is int
            and -MAX_COORD <= v[0] <= MAX_COORD and -MAX_COORD <= v[1] <= MAX_COORD)


def _plain_hexes(values: Sequence[Any], limit: int = MAX_COORD) -> bool:
    """Every item of ``values`` is a list of two ints (not bools), each within +-``limit``.
    (One plain loop: cheaper, on this interpreter, than whole-list passes of map and set.)"""
    low = -limit
    for v in values:
        if type(v) is not list or len(v) != 2:
            return False
        q, r = v
        if type(q) is not int or type(r) is not int or q < low or q > limit or r < low or r > limit:
            return False
    return True


def _hex(value: Any, where: str) -> Hex:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise BadInput(f"board: {where} must be a hex [q, r] of two integers, not {value!r}")
    return Hex(value[0], value[1])


def _action(a: Any) -> Action:
    if not isinstance(a, dict):
        raise BadInput("board: 'action' must be an object")
    move = a.get("move") or 0
    if isinstance(move, bool) or not isinstance(move, int) or move < 0:
        raise BadInput(f"board: action.move must be a whole number >= 0, not {move!r}")
    attack = None
    at = a.get("attack")
    if at is not None:
        if not isinstance(at, dict):
            raise BadInput("board: action.attack must be an object or null")
        rng = at.get("range", 0) or 0
        if isinstance(rng, bool) or not isinstance(rng, int) or rng < 0:
            raise BadInput(f"board: action.attack.range must be a whole number >= 0, not {rng!r}")
        targets = at.get("targets", 1)
        if targets != "all" and (isinstance(targets, bool) or not isinstance(targets, int) or targets < 1):
            raise BadInput(f"board: action.attack.targets must be a whole number >= 1 or \"all\", not {targets!r}")
        area = []
        for i, off in enumerate(at.get("area") or []):
            area.append(tuple(_hex(off, f"action.attack.area[{i}]")))
        attack = _filled(Attack, range=rng, targets=targets, area=tuple(area))
    flags = {}
    for key in ("jump", "flying", "teleport", "muddled"):
        v = a.get(key, False)
        if not isinstance(v, bool):
            raise BadInput(f"board: action.{key} must be true or false, not {v!r}")
        flags[key] = v
    return _filled(Action, move=move, attack=attack, **flags)
