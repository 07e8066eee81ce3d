"""Arkham Horror: The Card Game, the second game ghcli keeps a campaign for (``ghcli arkham ...``).

Its own package beside the Gloomhaven one, sharing only the storage (``ghcli.journal``: the file,
its journal, undo and replay) and the CLI plumbing (``ghcli.cli.common``: settings, output, errors):

- ``rules``: the campaign rules, pure (standard library only), each answer with its arithmetic.
- ``campaign``: the campaign file over the "arkham" migration set (schema: ``data/arkham_schema.sql``).
- ``cli``: the ``ghcli arkham`` noun (the root's command table names it; nothing here loads at start-up).

Gloomhaven's packages never import this one (``tests/test_layering.py``). docs/arkham.md is the
player's guide.
"""
