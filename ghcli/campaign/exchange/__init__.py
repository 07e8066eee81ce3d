"""Campaign exchange (issue 12): files in and out of a campaign database.

- :mod:`.native`: the ghcli campaign document (``{"format": "ghcli-campaign",
  "version": 1, ...}``), every table of the database, lossless both ways.
- :mod:`.ghs`: Gloomhaven Secretariat files (a bare game export or a data
  dump) read into a new campaign, with a report of what came in and what was
  dropped and why.
- :mod:`.ghs_export`: a GHS game export of a campaign.
- :mod:`.files`: reading a file and telling its kind by content.

Nothing here is imported at start-up of other commands.
"""
