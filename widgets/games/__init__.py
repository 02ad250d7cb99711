"""One view module per game: its table drawing and any special input.

The controls, the log, undo, saving, hot seat and bots come from
:class:`widgets.game.GameView`; the pieces every view shares from :mod:`widgets.common`.
"""
