"""Issue 26: each reading of the rules fidelity round is stated in the docs with its seed section."""

from __future__ import annotations

from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _flat(name: str) -> str:
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("doc, phrases", [
    # teleport through wall hexes: the rule text and the difference with gloom
    ("rules.md", ["Teleport (issue 26)", "seed 000 section 4.12", "wall hexes", "gloom"]),
    # Frosthaven: every destination tied on every rule is an answer
    ("rules.md", ["every destination that ties on all of these is an answer"]),
    ("arkham.md", ["`defeat --by card`", "seed 001", "never listed one is never declared lost",
                   "awards no XP"]),
    ("seed-play.md", ["-1 to +2", "seed 000 section 2", "within 2 hexes of the first room's entrance",
                      "seed 000 section 9", "rounded up"]),
    ("between-sessions.md", ["In solo play", "seed 000 section 8.7"]),
    ("campaign.md", ["the Diviner", "third Pieces of an Artifact", "event 59"]),
    ("table.md", ["one modifier for each target", "runs out in the middle of a draw"]),
])
def test_the_reading_is_written_down(doc, phrases):
    text = _flat(doc)
    for phrase in phrases:
        assert phrase in text, (doc, phrase)
