"""The kit: the screens and widgets every system's game shares. It knows no system.

* :mod:`tui.kit.screen` — :class:`~tui.kit.screen.GameScreen`, the base game
  screen driven by seats (layout, flow, hand-over, submit, undo, concede, leave,
  result, the autosave's state);
* :mod:`tui.kit.curtain` — the hot-seat curtain with the public news;
* :mod:`tui.kit.log` — the event log panel and the whole log's window;
* :mod:`tui.kit.command` — the command line, completed from the seat's legal actions;
* :mod:`tui.kit.dialogs` — a choice dialog and the decision dialog;
* :mod:`tui.kit.over` — the game-over screen;
* :mod:`tui.kit.odds` — chances written one way;
* :mod:`tui.kit.keys` — the key map every game screen shares;
* :mod:`tui.kit.board` — the board base on the Line API;
* :mod:`tui.kit.layouts` — the layouts that place a board's cells (square, line, hex, graph);
* :mod:`tui.kit.links` — a graph laid out on a grid and its links routed between boxes;
* :mod:`tui.kit.roster` — the roster-builder scaffold: the model a system gives
  (:mod:`tui.kit.roster_builder`, the screen, :mod:`tui.kit.roster_filing`, its
  files; :mod:`tui.kit.roster_files`, roster files and the list of them);
* :mod:`tui.kit.rowlist` — a pointer list whose rows are replaced as data changes.

Nothing is imported here, so that importing one piece costs only that piece.
"""
