"""Benchmarks of the terminal interface: start-up, selecting an Eva, moving the cursor.

``bench()`` returns rows ``{"name", "value", "unit"}``; run as a script it prints
them as JSON lines. Figures, not pass/fail (targets: ``tui.start_ratio`` ≤ 1.15,
``tui.select_ms`` ≤ 50, ``tui.cursor_ms`` ≤ 5, ``tui.cursor_bytes`` ≤ 1,000).

* ``tui.start_ratio``: cold start of ``wartable`` to its first frame of the title
  screen, divided by the cold start of a bare Textual app with one ``Static`` to
  its first frame; both are new Python processes in a pseudo-terminal (80 x 24,
  xterm-256color), timed from the start of the process to the last byte of its
  first whole frame, run alternately, median of several, each with its modules'
  bytecode compiled (Textual's in the environment, the app's by ``compileall``
  first).
* ``tui.select_ms``: in a real terminal (a pseudo-terminal, 80 x 24,
  xterm-256color), Enter on an Eva at the start of its turn: the time from the key
  to the last byte of the frame that shows its reachable squares with their costs.
* ``tui.cursor_ms`` / ``tui.cursor_bytes``: one step of the board cursor (the
  reachable squares shown): the time from the arrow key to the last byte of the
  frame, and the bytes written for it.

In the pseudo-terminal the app runs with ``TEXTUAL_FPS=1000``, so that the times
measure the work of the update and not Textual's 60-frames-a-second pacing
(which adds up to 17 ms to any update).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)

_BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Wartable")

Bare().run()
"""

_TITLE = """
import sys
from pathlib import Path
from tui.app import WartableApp

home = Path(sys.argv[1])
app = WartableApp(settings_file=home / "settings.json", saves=home / "saves",
                  log_file=home / "wartable.log", language="en")
app.run()
"""

#: Where the last row of a frame starts (each frame is written whole, row by row).
_LAST_ROW = b"\x1b[%d;1H" % SIZE[1]


def _first_frame(code: str, *args: str) -> float:
    """Seconds from starting ``python -c code args`` in a pseudo-terminal to the last
    byte of its first frame (the frame that reaches the last row; the bytes after
    that row start, until the output pauses for 5 ms). The process is then killed."""
    import fcntl
    import pty
    import struct
    import termios

    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.environ.update({"TERM": "xterm-256color", "COLORTERM": "truecolor"})
        os.environ.pop("NO_COLOR", None)
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-c", code, *args])
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        seen = b""
        end = t0 + 30
        while time.perf_counter() < end:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            data = _read(fd)
            if not data:
                break
            if _LAST_ROW in seen[-16:] + data:  # the rest of that frame follows at once
                _n, last = _read_until_quiet(fd, 0.005)
                return last - t0
            seen = (seen + data)[-64:]
        raise RuntimeError("no whole frame from the app")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def start_ratio(repeats: int = 15) -> float:
    """Median cold start of the app to its title screen's first frame / that of a bare
    Textual app (see the module's docstring).

    Both start as installed: Textual's modules come with their bytecode compiled in
    the environment, so the app's own packages are compiled first too (as an install
    does); otherwise, where ``PYTHONDONTWRITEBYTECODE`` is set, every start of the app
    would also compile its modules from source and the ratio would measure that."""
    import compileall

    for package in ("engine", "tui"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "saves").mkdir()
        _first_frame(_BARE)  # warm the file cache for both
        _first_frame(_TITLE, tmp)
        bare, title = [], []
        for _ in range(repeats):
            bare.append(_first_frame(_BARE))
            title.append(_first_frame(_TITLE, tmp))
    return statistics.median(title) / statistics.median(bare)


# ---------------------------------------------------------------------------
# In a pseudo-terminal
# ---------------------------------------------------------------------------
def _child(scene: str, home: Path) -> None:
    """Run the battle screen at ``scene`` ("activate": an Eva to choose; "act": an Eva
    in its turn with its reachable squares shown) in this process's terminal."""
    sys.path.insert(0, str(ROOT / "tests"))
    from battle_support import auto_play, eva_game, is_acting

    from tui.app import WartableApp
    from tui.rulesets.eva.battle import EvaGameScreen

    def activating(game: object) -> bool:
        o = game.options(min(game.to_act()))  # type: ignore[attr-defined]
        return o.kind == "activate" and game.view(None).round >= 1  # type: ignore[attr-defined]

    game = auto_play(eva_game(), activating if scene == "activate" else is_acting)

    class BenchApp(WartableApp):
        def on_mount(self) -> None:
            super().on_mount()
            self.push_screen(EvaGameScreen(game.seats(), curtain=False))

    app = BenchApp(
        settings_file=home / "settings.json",
        saves=home / "saves",
        log_file=home / "wartable.log",
        language="en",
    )
    app.run()


def _read(fd: int) -> bytes:
    """What the app has written (b"" once it has closed the terminal)."""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def _read_until_quiet(fd: int, quiet: float, limit: float = 10.0) -> tuple[int, float]:
    """Read what the app writes until it has been silent for ``quiet`` seconds:
    (bytes read, time of the last byte)."""
    total = 0
    last = time.perf_counter()
    end = last + limit
    while time.perf_counter() < end:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            break
        data = _read(fd)
        if not data:
            break
        total += len(data)
        last = time.perf_counter()
    return total, last


def _in_pty(scene: str, keys: list[bytes], settle: float = 1.5) -> list[tuple[int, float]]:
    """Start the app in a pseudo-terminal at ``scene``, press each of ``keys`` in turn
    and return (bytes written, seconds from the key to the last byte) for each."""
    import fcntl
    import pty
    import struct
    import termios

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "saves").mkdir()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app
            os.environ.update({"TERM": "xterm-256color", "TEXTUAL_FPS": "1000", "COLORTERM": "truecolor"})
            os.environ.pop("NO_COLOR", None)
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, __file__, "--child", scene, tmp])
        try:
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
            _read_until_quiet(fd, settle, limit=30)
            out = []
            for key in keys:
                t0 = time.perf_counter()
                os.write(fd, key)
                n, last = _read_until_quiet(fd, 0.3)
                out.append((n, max(0.0, last - t0)))
            os.write(fd, b"\x11")  # Ctrl+Q
            _read_until_quiet(fd, 0.5)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
            os.waitpid(pid, 0)
            os.close(fd)
    return out


def select_ms(repeats: int = 7) -> float:
    """Median time from Enter on an Eva (activating it) to the end of the frame showing
    its reachable squares; each activation is taken back with ``u`` before the next."""
    keys = []
    for _ in range(repeats):
        keys += [b"\r", b"u"]
    rows = _in_pty("activate", keys)
    return statistics.median(t for _n, t in rows[0::2]) * 1000


def cursor(repeats: int = 20) -> tuple[float, float]:
    """Median (ms, bytes) of one cursor step on the board, reachable squares shown."""
    keys = [b"\x1b[C" if i % 2 == 0 else b"\x1b[D" for i in range(repeats)]
    rows = _in_pty("act", keys)
    return statistics.median(t for _n, t in rows) * 1000, statistics.median(n for n, _t in rows)


def bench() -> list[dict]:
    """Every figure of this module, as rows for tests/bench.py (measured once per
    process: tests/bench.py may load this file twice)."""
    cache = sys.modules.setdefault("_wartable_bench_tui", type(sys)("_wartable_bench_tui"))
    if getattr(cache, "rows", None) is None:
        cache.rows = _measure()  # type: ignore[attr-defined]
    return list(cache.rows)  # type: ignore[attr-defined]


def _measure() -> list[dict]:
    rows = [{"name": "tui.start_ratio", "value": round(start_ratio(), 3), "unit": "ratio"}]
    rows.append({"name": "tui.select_ms", "value": round(select_ms(), 2), "unit": "ms"})
    ms, size = cursor()
    rows.append({"name": "tui.cursor_ms", "value": round(ms, 2), "unit": "ms"})
    rows.append({"name": "tui.cursor_bytes", "value": size, "unit": "bytes"})
    return rows


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "--child":
        sys.path.insert(0, str(ROOT))
        _child(sys.argv[2], Path(sys.argv[3]))
    else:
        for row in bench():
            print(json.dumps(row), flush=True)
