"""Pure game rules: standard library only; no printing, files, database or exiting."""
