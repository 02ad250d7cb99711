"""The class server: the book's apps served with Voila to one reader or a whole class.

* :mod:`classserver.serve_apps`: the command (``python -m classserver``, ``make serve``):
  the Voila command line, the apps' environment, a server for tests and benchmarks.
* :mod:`classserver.app`: the Voila application for a class (``ClassroomVoila``): its settings,
  its pools, its handlers mounted behind the guards.
* :mod:`classserver.handlers`: the apps within the ceilings, the gallery and sheets, the book,
  the counts, and the kernel channels as a page sees them.
* :mod:`classserver.guards`: what a request or a page's frame must be before anything reads it
  (Host, Origin, cross-site, paths, frames, the hub's login); it needs nothing else of the package.
* :mod:`classserver.kernel_pool`: who holds which kernel (the ledger, the ceilings) and the warm pool.
* :mod:`classserver.patches`: every change to Voila's and jupyter_server's private internals, each
  with the versions it targets, why, and the shape a test checks after an upgrade.
* :mod:`classserver.gallery`: the teacher's gallery of apps and the printable sheets.
* :mod:`classserver.warm_kernel`: what a warm kernel runs before anyone asks for it.
* :mod:`classserver.hub_spawner`, :mod:`classserver.fork_server`, :mod:`classserver.hub_start`: the
  students' servers under JupyterHub: started in line, forked from one process that imported
  everything once, started ahead by the teacher's command.
* :mod:`classserver.together`: the class together: tables across devices and the teacher's board.
* ``voila/templates/rulebook``: the apps' page template (nothing loaded from the internet).
"""
