"""Board geometries: square grid (and later hex grid, line, graph)."""
