"""The class together: game tables across devices and the teacher's live board.

* :mod:`together.tables`: a table holds the one true state of a game; every move goes
  through the engine's ``apply``, and each seat is told only what its seat may see
  (the engine's ``view(seat)``, the game's table painter for that seat, the log); it needs
  no widgets: the painters (:mod:`widgets.paint`) import only the engine.
* :mod:`together.board`: the class's names and practice verdicts in SQLite, per student
  and per rule, with a CSV export.
* :mod:`together.web`: the Tornado handlers: the class page, the table pages and their
  websockets, the board; mounted into the class server (``make serve``) or run on their
  own as a JupyterHub service (:mod:`together.service`).
* a protocol client of a table, for the tests and the benchmark: ``tests/support/together_client.py``.
"""
