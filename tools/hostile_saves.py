"""Write the save fixtures of format version 2: ``tests/data/save-v2.json`` (a game in
progress) and ``tests/data/hostile-saves/*.json``, each that save changed the way
an attacker would (its name says how). Each must be refused with one line and
left as it is (tests/test_hostile_files.py).

Usage (from the repository root)::

    uv run python tools/hostile_saves.py

The files are made the same way every time (a fixed seed, entropy and clock), so
running it again changes nothing unless the format or the rules did.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dice import fixed_entropy  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.record import encode_save, snapshot_checksum  # noqa: E402
from engine.ruleset import get  # noqa: E402

DATA = ROOT / "tests" / "data"
HOSTILE = DATA / "hostile-saves"
WHEN = "2026-03-01T12:00:00+00:00"

#: Escape sequences a terminal obeys: retitle the window, write the clipboard,
#: clear the screen, and the same in C1 controls (CSI, OSC, ST as single bytes).
OSC_TITLE = "\x1b]0;pwned\x07"
OSC_CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4K\x07"
CLEAR = "\x1b[2J\x1b[H"
C1 = "\x9b2J\x9d0;pwned\x9c"


def base_game() -> Game:
    """An EVA game between Asuka and Rei, into its battle, with rolls, not over."""
    rs = get("eva")
    rng = random.Random(2)
    setup = rs.random_setup(rng)
    setup.round_limit = 8
    game = Game(rs, setup, seed=bytes(range(32)), players=["Asuka", "Rei"], entropy=fixed_entropy(b"save-v2"))
    game.created = WHEN
    rolled = 0
    while rolled < 6 or game.state.phase != "battle":
        side = min(game.to_act())
        game.submit(side, rs.random_action(game.state, side, rng))
        rolled += bool(game.records[-1].rolls)
    assert game.result() is None
    return game


def as_json(game: Game) -> dict[str, Any]:
    save = game.to_save()
    save.updated = WHEN
    return json.loads(encode_save(save))


def _consistent(data: dict[str, Any]) -> None:
    """Recompute the checksum from the (changed) snapshot, as a careful forger would."""
    data["checksum"] = snapshot_checksum(json.dumps(data["snapshot"]).encode())


def _first_roll(data: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(data["actions"]) if a.get("rolls") and a["text"].count(" ") >= 2)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _title_everywhere(data: dict[str, Any]) -> None:
    """A map title with a retitling sequence, in the set-up, the snapshot and the
    summary alike (checksum recomputed): only the text check refuses it."""
    title = OSC_TITLE + data["setup"]["map"]["title"]
    old = data["setup"]["map"]["title"]
    data["setup"]["map"]["title"] = title
    data["snapshot"]["map"]["title"] = title
    data["summary"] = data["summary"].replace(old, title)
    data["summary_message"]["args"]["map"]["texts"]["en"] = title
    data["summary_message"]["args"]["map"]["id"] = title
    _consistent(data)


def _rewritten_text(data: dict[str, Any]) -> None:
    data["actions"][_first_roll(data)]["text"] = "concede"


def _rewritten_public(data: dict[str, Any]) -> None:
    data["actions"][_first_roll(data)]["public"] = "concede"


def _snapshot_disagrees(data: dict[str, Any]) -> None:
    data["snapshot"]["units"][0]["armour"] = 1


def _snapshot_and_checksum_forged(data: dict[str, Any]) -> None:
    data["snapshot"]["units"][0]["armour"] = 1
    _consistent(data)


def _unknown_action_field(data: dict[str, Any]) -> None:
    data["actions"][3]["bonus"] = 6


def _damaged_entropy(data: dict[str, Any]) -> None:
    data["actions"][_first_roll(data)]["entropy"] = "zz" * 16


def _roster_name(data: dict[str, Any]) -> None:
    data["setup"]["rosters"][0]["name"] = CLEAR + "Army"


def _unit_name_bidi(data: dict[str, Any]) -> None:
    data["setup"]["rosters"][1]["evas"][0]["name"] = "B\u202e1-B"


def _summary_osc52(data: dict[str, Any]) -> None:
    data["summary_message"]["args"]["map"]["texts"]["en"] = OSC_CLIPBOARD + "Ridge"


def _unknown_in_an_eva(data: dict[str, Any]) -> None:
    data["setup"]["rosters"][0]["evas"][0]["extra"] = 1


def _unknown_in_an_action(data: dict[str, Any]) -> None:
    data["actions"][_first_roll(data)]["action"]["bonus"] = OSC_TITLE


def _relabelled_version_1(data: dict[str, Any]) -> None:
    data["version"] = 1
    data["summary"] = "FORGED: Player 1 wins"


def _no_fingerprint(data: dict[str, Any]) -> None:
    del data["rules_fingerprint"]


def _billion_laughs(data: dict[str, Any]) -> None:
    message: Any = "X" * 1000
    for _ in range(3):
        message = {"id": "{a}" * 600, "args": {"a": message}}
    data["summary_message"] = message


#: file name -> how the base save is changed
CASES: dict[str, Callable[[dict[str, Any]], None]] = {
    "name-osc-title.json": _set(("players", 0), OSC_TITLE + "Asuka"),
    "name-osc-clipboard.json": _set(("players", 1), OSC_CLIPBOARD + "Rei"),
    "name-clear-screen.json": _set(("players", 0), CLEAR + "Asuka"),
    "name-c1-controls.json": _set(("players", 1), C1 + "Rei"),
    "name-newline.json": _set(("players", 0), "Asuka\nwartable: verified"),
    "map-title-osc-title.json": _title_everywhere,
    "roster-name-clear-screen.json": _roster_name,
    "unit-name-direction-override.json": _unit_name_bidi,
    "summary-osc-clipboard.json": _summary_osc52,
    "action-text-escape.json": lambda d: d["actions"][0].__setitem__("text", CLEAR + "choose south"),
    "players-empty.json": _set(("players",), []),
    "players-one.json": _set(("players",), ["Solo"]),
    "players-three.json": _set(("players",), ["Asuka", "Rei", "Mari"]),
    "updated-year-9999.json": _set(("updated",), "9999-12-31T23:59:59-14:00"),
    "created-not-a-time.json": _set(("created",), "yesterday"),
    "unknown-field.json": _set(("cheat",), True),
    "unknown-field-escape.json": _set((OSC_TITLE + "x",), 1),
    "unknown-action-field.json": _unknown_action_field,
    "rules-version-0.json": _set(("ruleset_version",), 0),
    "rules-version-minus-1.json": _set(("ruleset_version",), -1),
    "changed-catalogue.json": _set(("rules_fingerprint",), "0" * 64),
    "rewritten-move-text.json": _rewritten_text,
    "rewritten-public-text.json": _rewritten_public,
    "snapshot-disagrees.json": _snapshot_disagrees,
    "snapshot-and-checksum-forged.json": _snapshot_and_checksum_forged,
    "finished-flag-lie.json": _set(("finished",), True),
    "summary-lie.json": _set(("summary",), "The Ridge, round 9, Player 1 won; Evas left: 4 and 0"),
    "damaged-entropy.json": _damaged_entropy,
    "unknown-setup-field.json": _set(("setup", "extra"), 1),
    "unknown-field-in-an-eva.json": _unknown_in_an_eva,
    "unknown-field-in-an-action.json": _unknown_in_an_action,
    "version-1-relabelled.json": _relabelled_version_1,
    "fingerprint-missing.json": _no_fingerprint,
    "summary-billion-laughs.json": _billion_laughs,
}


def main() -> None:
    game = base_game()
    base = as_json(game)
    (DATA / "save-v2.json").write_text(
        json.dumps(base, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    HOSTILE.mkdir(exist_ok=True)
    for old in HOSTILE.glob("*.json"):
        old.unlink()
    for name, change in CASES.items():
        data = json.loads(json.dumps(base))
        change(data)
        (HOSTILE / name).write_text(json.dumps(data) + "\n", encoding="utf-8")
    print(f"save-v2.json ({len(game.records)} actions) and {len(CASES)} hostile saves written")


if __name__ == "__main__":
    main()
