"""ghcli: an unofficial Gloomhaven campaign manager and rules adjudicator.

Gloomhaven belongs to Cephalofair Games; this tool is not affiliated with it.
"""

__version__ = "0.1.0"
