"""``python -m classserver``: the book and its apps for one reader or a class (``make serve``)."""

from .serve_apps import main

main()
