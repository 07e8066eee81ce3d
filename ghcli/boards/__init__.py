"""Board files and pictures: the text format and the ASCII and SVG pictures (pure: they return text).

Imports ``ghcli.rules`` (a board's rules, terrains and limits); never imported
by it. ``textboard`` is the one import for the text format, built in layers:
``grammar`` (keys, characters, limits, shared checks), ``parse`` (``load``; its map: ``parse_map``),
``convert`` (``canonical``), ``labels`` (figures' map labels), ``layout``
(where each hex goes in the map grid) and ``write`` (``dump``). ``ascii`` and
``svg`` draw a board and an answer. Format 1 as a validated value is
``ghcli.rules.board.Board.from_dict``.
"""
