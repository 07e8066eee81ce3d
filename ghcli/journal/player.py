"""Who makes the entries typed on this machine, without a subprocess per write.

``$GHCLI_PLAYER``, else the identity the sync recorded for this clone
(``sync_state`` key ``player``), else the login name.
"""

from __future__ import annotations

import os
import re

CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
MAX_PLAYER = 100


def clean(name: str | None) -> str:
    return CONTROL_RE.sub(" ", str(name or "")).strip()[:MAX_PLAYER]


def local_player(store=None) -> str:
    name = clean(os.environ.get("GHCLI_PLAYER", ""))
    if not name and store is not None:
        name = clean(store.sync_setting("player"))
    if not name:
        import getpass

        try:
            name = clean(getpass.getuser())
        except Exception:  # no login name (a container without a passwd entry)
            name = ""
    return name or "unknown"
