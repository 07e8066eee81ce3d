"""Issue 16, "one source for each fact": the numbers defined once agree with the shipped data and the rules.

``ghcli/campaign/tracks.py`` imports nothing (so `status` loads no rules
module); where the rules need the same number (the character levels) a test
keeps the two equal. The data files are the game's facts (campaign.json).
"""

from __future__ import annotations

import pytest

from ghcli import data
from ghcli.campaign import tracks
from ghcli.rules import enhance, level, order, rest
from ghcli.rules.board import TERRAINS
from ghcli.rules.rulesets import RULE_SET_NAMES, RULE_SETS


def test_the_character_levels_are_one_number():
    assert tracks.MAX_LEVEL == level.MAX_CHARACTER_LEVEL == 9
    # the XP table has a threshold for each level above 1
    assert len(data.load("campaign")["xp_thresholds"]) == tracks.MAX_LEVEL - 1


def test_the_reputation_track_is_the_price_table_s():
    bands = data.load("campaign")["reputation_price_modifiers"]
    assert min(b["min"] for b in bands) == tracks.REPUTATION_MIN == -20
    assert max(b["max"] for b in bands) == tracks.REPUTATION_MAX == 20


def test_the_prosperity_track_ends_at_its_last_threshold():
    thresholds = data.load("campaign")["prosperity_thresholds"]
    assert thresholds[-1] == tracks.MAX_PROSPERITY_CHECKMARKS == 64
    assert len(thresholds) + 1 == tracks.MAX_PROSPERITY_LEVEL


@pytest.mark.parametrize("lv, checks, extra, perks", [
    (1, 0, 0, 0), (1, 2, 0, 0), (1, 3, 0, 1), (3, 7, 1, 5), (1, 18, 0, 6), (9, 18, 2, 16), (2, 40, 0, 7),
])
def test_perks_earned(lv, checks, extra, perks):
    # one per level above 1, one per 3 checkmarks (at most 6), plus extra perks
    assert tracks.perks_earned(lv, checks, extra) == perks


def test_a_sheet_holds_the_checkmarks_of_its_perks():
    assert tracks.MAX_CHECKMARKS == 18 == tracks.CHECKMARKS_PER_PERK * tracks.MAX_CHECKMARK_PERKS


def test_the_long_rest_initiative_is_one_number():
    assert rest.rest("long").initiative == order.LONG_REST_INITIATIVE == 99


def test_bonus_xp_is_one_formula():
    assert [level.info(lv).bonus_xp for lv in range(8)] == [level.bonus_xp(lv) for lv in range(8)]
    assert [level.bonus_xp(lv) for lv in range(8)] == [4, 6, 8, 10, 12, 14, 16, 18]


def test_the_enhancer_building_is_a_field_of_the_edition():
    fh = enhance.EDITIONS["fh"]
    assert fh.enhancer == enhance.EnhancerBuilding(max_level=4, level2_off=10, level3_off_per_level=10,
                                                   level4_off_per_previous=25)
    assert all(enhance.EDITIONS[e].enhancer is None for e in ("gh", "gh-digital", "gh2e"))
    # shield 80, level 3 (+50), 2 previous (+150) = 280; building 4: -10, -10 x 2, -25 x 2 = 200
    assert enhance.quote("fh", ability="shield", level=3, previous=2, enhancer_level=4).cost == 200


def test_rule_sets_and_terrains_are_named_once():
    assert RULE_SET_NAMES == tuple(RULE_SETS) == ("gloomhaven", "frosthaven", "jaws-of-the-lion")
    from ghcli.boards import textboard as tb

    assert set(tb.TERRAIN_CHAR) == set(TERRAINS)
