"""ipywidgets views over `rules`: no game logic lives here."""
