"""Group sync: a campaign's command log replicated through a git remote (docs/sync.md).

``ghcli.sync.git`` runs the ``git`` program; ``ghcli.sync.engine`` keeps the
clone beside the database (``campaign.db.sync/``: one file per log entry in
``entries/``, the campaign's identity in ``campaign.json``) and merges the
group's entries into the database in one total order. See docs/sync.md.
"""
