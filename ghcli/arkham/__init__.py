"""Arkham Horror: The Card Game, the second game ghcli keeps a campaign for (``ghcli arkham ...``).

Its own package beside the Gloomhaven one, sharing the storage (``ghcli.journal``: the file, its
journal, undo and replay) and the CLI plumbing (``ghcli.cli.common``: settings, output, errors),
and two small helpers of the Gloomhaven campaign package (``ghcli.campaign.names``: names people
type; ``ghcli.campaign.amounts``: bounds on typed numbers):

- ``rules``: the campaign rules, pure (standard library only), each answer with its arithmetic.
- ``kind``: the campaign file as a journal kind: the "arkham" migration set (schema:
  ``data/arkham_schema.sql``), the bounds of its values, its commands' registry.
- ``campaign``: the file (make, open, the campaign row, history, undo, redo); beside it, the
  commands by topic: ``investigators`` (the pool, who plays), ``experience`` (XP earned),
  ``deck`` (cards, XP spent), ``trauma`` (trauma, defeat, the lost campaign), ``log`` (the
  campaign log); ``overview`` reads it whole (``status``, an investigator's sheet).
- ``cli``: the ``ghcli arkham`` noun (the root's command table names it; nothing loads at start-up).

Gloomhaven's packages never import this one (``tests/test_layering.py``). docs/arkham.md is the
player's guide and states every reading.
"""
