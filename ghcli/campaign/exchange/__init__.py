"""Campaign exchange (docs/exchange.md): files in and out of a campaign database.

- :mod:`.native`: the ghcli campaign document (``{"format": "ghcli-campaign",
  "version": 1, ...}``), every table of the database, lossless both ways.
- :mod:`.ghs`: Gloomhaven Secretariat files (a bare game export or a data
  dump) read into a new campaign, with a report of what came in and what was
  dropped and why: the file and its fields (:mod:`.ghs_file`), the campaign
  (:mod:`.ghs`), its characters (:mod:`.ghs_characters`), written into the
  new campaign (:mod:`.ghs_write`); :mod:`.ghs_map` holds GHS's own data
  the mapping needs.
- :mod:`.ghs_export`: a GHS game export of a campaign.
- :mod:`.ghs_jotl` (read), :mod:`.ghs_jotl_write`, :mod:`.ghs_jotl_export`: the same both ways for a Jaws
  of the Lion campaign.
- :mod:`.files`: reading a file and telling its kind by content.

Nothing here is imported at start-up of other commands.
"""
