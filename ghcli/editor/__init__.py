"""The terminal board editor of `ghcli rules edit` (model: pure edits; app: the Textual screen)."""
