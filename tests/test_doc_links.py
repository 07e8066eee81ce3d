"""The README is the front door (issue 16): short, with a map of the docs; every relative link
in README.md and docs/*.md points at a file that exists (and at a heading there, for ``#anchor``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import DOC_FILES, README, ROOT

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def links(path: Path) -> list[str]:
    """The link targets of a Markdown file, outside fenced code blocks."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return LINK.findall(text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(h) for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}


def test_the_link_finder_sees_links_and_images(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("See [a](a.md) and ![pic](img/b.svg).\n```\n[not](c.md)\n```\n## A heading, here\n")
    assert links(page) == ["a.md", "img/b.svg"]
    assert anchors(page) == {"a-heading-here"}


@pytest.mark.parametrize("path", DOC_FILES, ids=[p.name for p in DOC_FILES])
def test_every_relative_link_points_at_an_existing_file(path):
    broken = []
    for target in links(path):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in anchors(dest)):
            broken.append(target)
    assert not broken, f"{path.name}: broken links {broken}"


def test_the_readme_maps_every_page_of_the_docs():
    text = README.read_text(encoding="utf-8")
    docs_map = text.split("## The docs", 1)[1].split("\n## ", 1)[0]
    mapped = re.findall(r"^- \[docs/([\w-]+\.md)\]\(docs/\1\): \S", docs_map, flags=re.M)
    assert sorted(mapped) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))


def test_the_readme_is_a_front_door():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    # what ghcli is, the two set-up commands as they are, the tour, the map, the layout, the exit codes
    assert "**Unofficial.**" in text
    assert 'pip install -e . && ghcli init --name "Our Gloomhaven" --seed 7 && ghcli status' in text
    assert "pip install -e '.[test]' && pytest -q" in text
    # .ci/run: the README's install, the lint, the rules core's types, then the README's test run
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith(("#", "set ", "cd "))]
    assert ci == ["pip install -e '.[test]'", "ruff check ghcli tests benchmarks tools", "mypy", "pytest -q"]
    for heading in ("## A two-minute tour", "## The docs", "## Layout", "## Errors and exit codes"):
        assert heading in text, heading
    # the reference sections live in docs/: the README holds only the tour's
    assert re.findall(r"<!-- section: (.*?) -->", text) == ["tour"]
