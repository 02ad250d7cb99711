"""The class server: the book's apps served with Voila to one reader or a whole class.

* :mod:`classserver.serve_apps`: the command (``python -m classserver``, ``make serve``):
  the Voila command line, the apps' environment, a server for tests and benchmarks.
* :mod:`classserver.classroom`: the Voila application for a class: warm and preheated
  kernels, the ceilings, the request guards, the handlers.
* :mod:`classserver.gallery`: the teacher's gallery of apps and the printable sheets.
* :mod:`classserver.warm_kernel`: what a warm kernel runs before anyone asks for it.
* :mod:`classserver.together`: the class together: tables across devices and the teacher's board.
* ``voila/templates/rulebook``: the apps' page template (nothing loaded from the internet).
"""
