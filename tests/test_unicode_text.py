"""Any Unicode in player names, roster names and unit names: emoji, right-to-left
text, combining marks and 10,000-character strings survive the notation, the
save, the replay and the log."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.game import Game
from engine.ruleset import get
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, validate
from engine.rulesets.eva.scenario import load_bundled
from engine.rulesets.eva.state import EvaSetup

NAMES = [
    "Ева-01 🚀",
    "שלום עולם",
    "ا لعربية",
    "Z̷̢͎̈a̸̡͝l̶̰̈g̵̣̾o̸",
    "x" * 10_000,
    "Eva 02",
]


@pytest.mark.parametrize("name", NAMES, ids=["emoji", "hebrew", "arabic", "combining", "10k", "space"])
def test_any_name_plays_saves_and_replays(tmp_path: Path, name: str):
    rs = get("eva")
    mine = Roster(
        name=name,
        evas=[EvaEntry(name, [WeaponEntry("rifle")]), EvaEntry(name + " 2", [WeaponEntry("knife")])],
    )
    theirs = Roster(name="🙂" * 50, evas=[EvaEntry("B", [WeaponEntry("pistol")])])
    assert validate(mine) == [] and validate(theirs) == []
    setup = EvaSetup(map=load_bundled("crossroads"), rosters=[mine, theirs], round_limit=3)
    game = Game(rs, setup, seed=b"u", players=[name, "‮evil‬"], path=tmp_path / "u.json")
    rng = random.Random(1)
    while game.to_act():
        side = min(game.to_act())
        action = rs.random_action(game.state, side, rng)
        text = rs.format_action(game.state, side, action)
        assert rs.parse_action(game.state, side, text) == action
        game.submit(side, text)
    back = Game.load(tmp_path / "u.json")
    assert back.state == game.state and back.players == [name, "‮evil‬"]
    lines = [e.text() for e in back.events]
    assert any(name in line for line in lines)
    assert all("\n" not in line for line in lines)
