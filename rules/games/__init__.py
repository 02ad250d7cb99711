"""One module per game, or a package for a larger one: only what is special about that game's rules.

Everything the games share (notation, pictures, the protocol, the log, undo,
saving, set-ups, bots and simulation) lives one level up, in :mod:`rules`.
Each game is importable as ``rules.<id>`` too (see :mod:`rules`).
"""
