"""Benchmarks of the Three Kingdoms screen (figures, not pass/fail; picked up by
``tests/bench.py``, or run alone: ``uv run python tests/bench_tui_kingdoms.py``).

* ``tk.layout_ms``: laying out The Fan River Crossing's map (boxes placed, every
  link routed), which happens again when a box changes height (a regiment moves);
* ``tk.refresh_ms``: the screen drawn again after an order (the seat's view and
  options, the map, the sheet);
* ``tk.cursor_lines``: canvas lines of the map built again for one cursor step
  (the others come from the cache).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def layout_ms(repeats: int = 50) -> float:
    """Median ms to lay out the Fan River map at 80 columns."""
    from engine.rulesets.kingdoms.scenario import load_bundled
    from tui.kit.board import GraphLayout

    sc = load_bundled("fan_river")
    ids = [b.id for b in sc.bases]
    links = [(ids.index(lk.a), ids.index(lk.b)) for lk in sc.links]
    grid = {n: b.at for n, b in enumerate(sc.bases) if b.at is not None}
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        GraphLayout(len(ids), links, grid=grid, box_width=14, heights=[3] * len(ids), gap_x=2, margin=0)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def _screen_figures(repeats: int = 10) -> tuple[float, float]:
    """(median ms of a refresh after an order, map lines built for a cursor step)."""
    from engine.dice import seed_only
    from engine.game import Game
    from engine.rulesets.kingdoms import RULESET
    from engine.rulesets.kingdoms.scenario import load_bundled
    from engine.rulesets.kingdoms.state import Setup
    from tui.app import WartableApp
    from tui.rulesets.kingdoms.screen import KingdomsScreen

    async def run() -> tuple[float, float]:
        with tempfile.TemporaryDirectory() as home:
            game = Game(
                RULESET,
                Setup(scenario=load_bundled("fan_river")),
                seed=b"b" * 32,
                players=("A", "B"),
                entropy=seed_only,
            )
            app = WartableApp(
                settings_file=Path(home) / "settings.json",
                saves=Path(home) / "saves",
                log_file=Path(home) / "log.txt",
                language="en",
            )
            async with app.run_test(size=(80, 24)) as pilot:
                screen = KingdomsScreen(game.seats(), viewer=0, curtain=False)
                app.push_screen(screen)
                await pilot.pause()
                times = []
                for n in range(repeats):
                    text = "S2 MOVE B2-B4" if n % 2 == 0 else "CANCEL S2"
                    t0 = time.perf_counter()
                    screen.submit(text)
                    times.append(time.perf_counter() - t0)
                    await pilot.pause()
                board = screen.map
                await pilot.pause()
                built = []
                for n in range(repeats):
                    before = board.lines_built
                    board.move_cursor(board.cell_of("B4" if n % 2 == 0 else "B2"))
                    await pilot.pause()
                    built.append(board.lines_built - before)
                return statistics.median(times) * 1000, statistics.median(built)

    return asyncio.run(run())


def bench() -> list[dict]:
    """Every figure of this module, as rows for tests/bench.py."""
    refresh, lines = _screen_figures()
    return [
        {"name": "tk.layout_ms", "value": round(layout_ms(), 3), "unit": "ms"},
        {"name": "tk.refresh_ms", "value": round(refresh, 2), "unit": "ms"},
        {"name": "tk.cursor_lines", "value": lines, "unit": "lines"},
    ]


if __name__ == "__main__":
    for row in bench():
        print(json.dumps(row), flush=True)
