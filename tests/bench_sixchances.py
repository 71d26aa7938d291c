"""Benchmark of the Six Chances Party ruleset: full random games per second.

``bench()`` returns ``[{"name": "sixchances.games_per_s", "value": ..., "unit":
"games/s"}]``; run as a script (``uv run python tests/bench_sixchances.py``) it
prints one JSON object per line. Each game is the standard set-up with the bag
split by the dice, both starting orders, and random legal actions until the
game ends, driven through the ruleset directly (no record, no autosave). Every
roll comes from the game's seeded dice (HMAC-SHA256, about half of the time).
The figure is the best of eight runs of about half a second each in one
process: the best run is the one least disturbed by other work on the machine.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.ruleset import get  # noqa: E402


def play_games(seconds: float, first: int = 0) -> tuple[int, float]:
    """Play random games for about ``seconds``; returns (games, elapsed seconds)."""
    rs = get("sixchances")
    setup = rs.Setup()
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        index = first + games
        rng = random.Random(index)
        dice = Dice(hashlib.sha256(b"bench-sixchances:%d" % index).digest())
        state, _ = rs.new_state(setup, dice)
        while sides := rs.to_act(state):
            side = min(sides) if len(sides) == 1 else rng.choice(sorted(sides))
            rs.apply(state, side, rs.random_action(state, side, rng), dice)
        games += 1
    return games, time.perf_counter() - t0


def bench(seconds: float = 0.5, repeats: int = 8) -> list[dict]:
    """Full random games per second (best of ``repeats`` runs of ``seconds`` each)."""
    done, _ = play_games(0.2)  # warm up imports
    best = 0.0
    for _ in range(repeats):
        games, elapsed = play_games(seconds, first=done)  # every game a new one
        done += games
        best = max(best, games / elapsed)
    return [{"name": "sixchances.games_per_s", "value": round(best, 1), "unit": "games/s"}]


if __name__ == "__main__":
    for row in bench():
        print(json.dumps(row), flush=True)
