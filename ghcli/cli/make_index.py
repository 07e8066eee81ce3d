"""Regenerate ghcli/cli/_index.py (the lazy root's --help list): `python -m ghcli.cli.make_index`."""

import sys

from ghcli.cli import lazy

sys.stdout.write(lazy.write_index())
