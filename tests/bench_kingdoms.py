"""Benchmark of the Three Kingdoms ruleset.

``bench()`` returns two rows:

* ``kingdoms.phases_per_s``: full phases of random selfplay per second: random
  set-ups (both scenarios, half of them with random armies), the random player
  writing its orders regiment by regiment, READY, every decision answered at
  random, through the ruleset directly (no record, no autosave); every roll from
  the game's seeded dice. Best of eight runs of about half a second of this
  process's CPU time (``time.process_time``): the machine is shared, and wall time
  would count the other work on it.
* ``kingdoms.options_ms``: the time of ``options()`` for the active side at the
  start of its order writing (every regiment's legal orders, with each attack's
  exact expected losses over the 2d10), median over states taken from random
  battles (CPU time too).

Run as a script (``uv run python tests/bench_kingdoms.py``) it prints one JSON
object per line.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.ruleset import get  # noqa: E402


def play_phases(seconds: float, first: int = 0) -> tuple[int, int, float]:
    """Play random battles for about ``seconds`` of CPU time; returns (battles, phases,
    CPU seconds)."""
    rs = get("kingdoms")
    battles = phases = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        index = first + battles
        rng = random.Random(index)
        dice = Dice(hashlib.sha256(b"bench-kingdoms:%d" % index).digest())
        state, _ = rs.new_state(rs.random_setup(rng), dice)
        while sides := rs.to_act(state):
            side = min(sides)
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
        phases += state.phase
        battles += 1
    return battles, phases, time.process_time() - t0


def order_states(n: int) -> list:
    """``n`` states where the active side is about to write its orders, from random battles."""
    rs = get("kingdoms")
    out = []
    g = 0
    while len(out) < n:
        g += 1
        rng = random.Random(5000 + g)
        dice = Dice(b"opt%d" % g)
        state, _ = rs.new_state(rs.random_setup(rng), dice)
        while (sides := rs.to_act(state)) and len(out) < n:
            side = min(sides)
            if state.stage == "orders" and not state.orders and rng.random() < 0.3:
                out.append(rs.copy_state(state))
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
    return out


def options_ms(samples: int = 200) -> float:
    """Median time (ms) of ``options()`` for the active side's whole phase of orders."""
    rs = get("kingdoms")
    states = order_states(samples)
    times = []
    for state in states:
        t = time.process_time()
        rs.options(state, state.active)
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000


def bench(seconds: float = 0.5, repeats: int = 8) -> list[dict]:
    """Phases per second (best of ``repeats`` runs) and the options time."""
    done, _p, _t = play_phases(0.2)  # warm up imports
    best = 0.0
    for _ in range(repeats):
        battles, phases, elapsed = play_phases(seconds, first=done)
        done += battles
        best = max(best, phases / elapsed)
    return [
        {"name": "kingdoms.phases_per_s", "value": round(best, 1), "unit": "phases/s"},
        {"name": "kingdoms.options_ms", "value": round(options_ms(), 3), "unit": "ms"},
    ]


if __name__ == "__main__":
    for row in bench():
        print(json.dumps(row), flush=True)
