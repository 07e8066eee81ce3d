"""Arkham Horror: The Card Game campaign rules (pure: standard library only).

What the campaign log needs to decide, each answer a small value with the
arithmetic written out as steps (the CLI shows them):

- :func:`scenario_xp` -- experience after a scenario: the victory display plus
  the campaign guide's bonus (or minus its penalty), added to the unspent XP
  carried over.
- :func:`buy_cost` / :func:`upgrade_cost` -- what a deck change costs.
- :func:`trauma_state` / :func:`defeat_trauma` -- trauma and its outcomes.
- :func:`standalone_weaknesses` -- extra random basic weaknesses for a
  standalone deck.

Readings chosen (the rulebook where it speaks; docs/arkham.md states them all for players):

- A card costs its level in XP, at least 1 (level 0 costs 1). Card levels
  are 0 to 5.
- Upgrading to a higher level of the same title costs the difference of the
  levels, at least 1. Because the new level must be strictly higher, the
  difference is always at least 1; an "upgrade" to the same or a lower level
  is refused.
- Exceptional doubles the XP actually paid for one copy: after the minimum of
  1 when buying (level 0 -> 2, level 2 -> 4), and after the difference when
  upgrading (level 1 -> 3 Exceptional: 2 x 2 = 4).
- Each copy is bought (or upgraded) separately and paid separately; Myriad
  copies (up to 3, the Myriad deck limit) are paid once per purchase.
- A scenario's XP is the victory display plus the bonus (a penalty is a
  negative bonus). It is added to the unspent XP; a penalty larger than what
  the investigator has left brings the unspent XP to 0, not below.
- Trauma: each physical trauma is 1 damage and each mental trauma 1 horror at
  the start of every later scenario. Killed when physical trauma reaches
  printed health, insane when mental trauma reaches printed sanity (both can
  happen at once from a resolution's trauma; a defeat by damage and horror at
  the same moment gives one trauma of the player's choice).
- A defeat by a card's ability (rulebook: Defeated by a card ability): the
  investigator is eliminated; the defeat itself gives no trauma, the card
  says whether it has a lasting effect (recorded by hand).
- Standalone: 0-9 XP no extra weakness, 10-19 one, 20-29 two, 30-39 three,
  40-50 four; more than 50 is refused (rulebook: Standalone play, a
  standalone deck may not hold more than 50 XP).
"""

from __future__ import annotations

from dataclasses import dataclass

from ghcli.errors import BadInput, Refused

MIN_LEVEL = 0
MAX_LEVEL = 5
MYRIAD_MAX_COPIES = 3
STANDALONE_MAX_XP = 50
STANDALONE_MAX_WEAKNESSES = 4
DEFEAT_KINDS = ("damage", "horror", "both", "card")
TRAUMA_KINDS = ("physical", "mental")


@dataclass(frozen=True)
class Cost:
    """XP to pay for one purchase or upgrade, and how it was worked out."""

    xp: int
    per_copy: int
    copies: int
    steps: tuple[str, ...]

    @property
    def arithmetic(self) -> str:
        return "; ".join(self.steps)


@dataclass(frozen=True)
class XpAward:
    """XP from one scenario: the change to the unspent XP and the new total."""

    victory: int
    bonus: int
    earned: int        # victory + bonus (negative when a penalty outweighs the victory display)
    applied: int       # what the unspent XP actually changes by (never below 0 unspent)
    unspent_before: int
    unspent_after: int
    steps: tuple[str, ...]

    @property
    def arithmetic(self) -> str:
        return "; ".join(self.steps)


@dataclass(frozen=True)
class TraumaState:
    health: int
    sanity: int
    physical: int
    mental: int

    @property
    def killed(self) -> bool:
        return self.physical >= self.health

    @property
    def insane(self) -> bool:
        return self.mental >= self.sanity

    @property
    def starting_damage(self) -> int:
        return self.physical

    @property
    def starting_horror(self) -> int:
        return self.mental

    @property
    def outcome(self) -> str | None:
        """'killed', 'insane', 'killed and insane', or None."""
        parts = [word for word, hit in (("killed", self.killed), ("insane", self.insane)) if hit]
        return " and ".join(parts) or None


def _level(level: int, what: str = "level") -> int:
    if isinstance(level, bool) or not isinstance(level, int) or not MIN_LEVEL <= level <= MAX_LEVEL:
        raise BadInput(f"a card {what} is {MIN_LEVEL} to {MAX_LEVEL}, not {level}")
    return level


def _copies(copies: int, myriad: bool) -> int:
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise BadInput(f"copies must be at least 1, not {copies}")
    if myriad and copies > MYRIAD_MAX_COPIES:
        raise Refused(f"a Myriad card allows at most {MYRIAD_MAX_COPIES} copies, not {copies}")
    return copies


def _finish(base: int, steps: list[str], exceptional: bool, myriad: bool, copies: int) -> Cost:
    per_copy = base
    if exceptional:
        per_copy = base * 2
        steps.append(f"Exceptional: {base} x 2 = {per_copy}")
    if copies == 1:
        total = per_copy
    elif myriad:
        total = per_copy
        steps.append(f"Myriad: {copies} copies paid once = {total}")
    else:
        total = per_copy * copies
        steps.append(f"{copies} copies, each paid: {per_copy} x {copies} = {total}")
    steps.append(f"total {total} XP")
    return Cost(xp=total, per_copy=per_copy, copies=copies, steps=tuple(steps))


def buy_cost(level: int, *, exceptional: bool = False, myriad: bool = False, copies: int = 1) -> Cost:
    """XP to buy ``copies`` of a card of ``level``: its level, at least 1, per copy."""
    _level(level)
    _copies(copies, myriad)
    base = max(1, level)
    if level >= 1:
        steps = [f"level {level}: {base} XP"]
    else:
        steps = [f"level {level}: at least 1 XP = {base}"]
    return _finish(base, steps, exceptional, myriad, copies)


def upgrade_cost(from_level: int, to_level: int, *, exceptional: bool = False, myriad: bool = False,
                 copies: int = 1) -> Cost:
    """XP to upgrade ``copies`` of a card from one level to a higher one of the same title."""
    _level(from_level, "level (from)")
    _level(to_level, "level (to)")
    _copies(copies, myriad)
    if to_level <= from_level:
        raise Refused(f"an upgrade goes to a higher level: level {to_level} is not higher than level {from_level}")
    diff = to_level - from_level
    base = max(1, diff)
    steps = [f"level {to_level} - level {from_level} = {diff}" + ("" if base == diff else f", at least 1 = {base}")]
    return _finish(base, steps, exceptional, myriad, copies)


def scenario_xp(victory: int, bonus: int, unspent: int) -> XpAward:
    """XP after a scenario: victory display + bonus (or penalty), added to the unspent XP (not below 0)."""
    if victory < 0:
        raise BadInput(f"the victory display is worth 0 or more XP, not {victory}")
    if unspent < 0:
        raise BadInput(f"unspent XP is 0 or more, not {unspent}")
    earned = victory + bonus
    sign = "+" if bonus >= 0 else "-"
    word = "bonus" if bonus >= 0 else "penalty"
    steps = [f"victory display {victory} {sign} {word} {abs(bonus)} = {earned}"]
    after = unspent + earned
    if after < 0:
        steps.append(f"unspent {unspent} {'+' if earned >= 0 else '-'} {abs(earned)} = {after}, not below 0 = 0")
        after = 0
    else:
        steps.append(f"unspent {unspent} {'+' if earned >= 0 else '-'} {abs(earned)} = {after}")
    return XpAward(victory=victory, bonus=bonus, earned=earned, applied=after - unspent,
                   unspent_before=unspent, unspent_after=after, steps=tuple(steps))


def trauma_state(health: int, sanity: int, physical: int, mental: int) -> TraumaState:
    """An investigator's trauma against printed health and sanity."""
    if health < 1 or sanity < 1:
        raise BadInput(f"printed health and sanity are at least 1 (got {health} and {sanity})")
    if physical < 0 or mental < 0:
        raise BadInput("trauma is 0 or more")
    return TraumaState(health=health, sanity=sanity, physical=physical, mental=mental)


def defeat_trauma(by: str, choose: str | None = None) -> tuple[int, int]:
    """(physical, mental) trauma from a defeat in a scenario.

    Defeated by damage: 1 physical; by horror: 1 mental; by both at once: the
    player chooses one of the two (``choose`` is 'physical' or 'mental'); by a
    card's ability: none from the defeat itself (rulebook: Defeated by a card
    ability: the investigator is eliminated and the card says whether the
    defeat has a lasting effect).
    """
    by = (by or "").strip().lower()
    if by not in DEFEAT_KINDS:
        raise BadInput(f"defeated by {by!r}? say damage, horror, both or card")
    if choose is not None:
        choose = choose.strip().lower()
        if choose not in TRAUMA_KINDS:
            raise BadInput(f"choose physical or mental trauma, not {choose!r}")
    if by == "damage":
        if choose == "mental":
            raise Refused("defeated by damage alone gives physical trauma, not mental")
        return (1, 0)
    if by == "horror":
        if choose == "physical":
            raise Refused("defeated by horror alone gives mental trauma, not physical")
        return (0, 1)
    if by == "card":
        if choose is not None:
            raise Refused("a defeat by a card's ability gives no trauma to choose: the card says what follows")
        return (0, 0)
    if choose is None:
        raise BadInput("defeated by damage and horror at once: the player chooses physical or mental trauma",
                       field="choose")
    return (1, 0) if choose == "physical" else (0, 1)


def standalone_weaknesses(xp: int) -> int:
    """Extra random basic weaknesses for a standalone deck of ``xp`` total experience."""
    if isinstance(xp, bool) or not isinstance(xp, int):
        raise BadInput(f"XP is a whole number, not {xp!r}")
    if xp < 0:
        raise BadInput(f"a deck's XP is 0 or more, not {xp}")
    if xp > STANDALONE_MAX_XP:
        raise Refused(f"a standalone deck may hold at most {STANDALONE_MAX_XP} XP of cards, not {xp}")
    return min(STANDALONE_MAX_WEAKNESSES, xp // 10)
