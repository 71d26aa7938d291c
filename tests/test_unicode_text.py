"""Any Unicode in player names, roster names and unit names: emoji, right-to-left
text, combining marks and names as long as the limit allows survive the notation,
the save, the replay and the log; direction overrides are taken out of a name as it
enters, and a longer name is cut (a player's) or refused (a set-up's)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.game import Game
from engine.ruleset import get
from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, validate
from engine.rulesets.eva.scenario import load_bundled
from engine.rulesets.eva.state import EvaSetup
from engine.text import NAME_LIMIT

NAMES = [
    "Ева-01 🚀",
    "שלום עולם",
    "ا لعربية",
    "Z̷̢͎̈a̸̡͝l̶̰̈g̵̣̾o̸",
    "x" * (NAME_LIMIT - 2),
    "Eva 02",
]


@pytest.mark.parametrize("name", NAMES, ids=["emoji", "hebrew", "arabic", "combining", "longest", "space"])
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
    assert game.players == [name, "evil"]  # the override and its end taken out as it entered
    assert back.state == game.state and back.players == [name, "evil"]
    lines = [e.text() for e in back.events]
    assert any(name in line for line in lines)
    assert all("\n" not in line for line in lines)


def test_a_longer_name_is_cut_as_a_player_name_and_refused_in_a_set_up():
    """A 10,000-character player name is cut to the limit where it enters; a set-up
    whose roster holds one is refused with a reason naming the text."""
    rs = get("eva")
    long = "x" * 10_000
    mine = Roster(name="A", evas=[EvaEntry("A-1", [WeaponEntry("rifle")])])
    theirs = Roster(name="B", evas=[EvaEntry("B-1", [WeaponEntry("pistol")])])
    setup = EvaSetup(map=load_bundled("crossroads"), rosters=[mine, theirs], round_limit=3)
    game = Game(rs, setup, seed=b"u", players=[long, "B"])
    assert game.players == ["x" * NAME_LIMIT, "B"]
    bad = EvaSetup(
        map=load_bundled("crossroads"),
        rosters=[Roster(name=long, evas=mine.evas), theirs],
        round_limit=3,
    )
    with pytest.raises(ValueError, match=r"rosters\[0\]\.name"):
        Game(rs, bad, seed=b"u")
