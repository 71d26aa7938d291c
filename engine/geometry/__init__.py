"""Board geometries, knowing no system: ``square`` (a grid of squares), ``hex``
(flat-topped hexes), ``line`` (a line of cells), ``graph`` (bases and links)."""
