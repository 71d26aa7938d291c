"""The ``wartable`` command: the app by default, and headless subcommands.

``wartable`` starts the terminal app. ``wartable selfplay``, ``wartable replay``
and ``wartable roster check`` work without it (over SSH, in scripts, in tests).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def _build_parser() -> argparse.ArgumentParser:
    from engine.i18n import _

    p = argparse.ArgumentParser(prog="wartable", description=_("A wargame table in the terminal."))
    p.add_argument("--lang", help=_("interface language: en or ru (default: from LANG)"))
    p.add_argument("--ascii", action="store_true", help=_("draw with plain ASCII characters only"))
    p.add_argument(
        "--saves",
        type=Path,
        metavar="DIR",
        default=None,
        help=_("folder of saved games (default: ./saves if it exists, else the user data folder)"),
    )
    sub = p.add_subparsers(dest="command")

    sp = sub.add_parser("selfplay", help=_("play random games headless and check every invariant"))
    sp.add_argument("--ruleset", default="eva")
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--save-dir", type=Path, default=None, help=_("keep each game's save file here"))
    sp.add_argument("--max-actions", type=int, default=20000, help=_("per game, before it is called stuck"))

    rp = sub.add_parser("replay", help=_("verify a save and print its log in notation"))
    rp.add_argument("save", type=Path)
    rp.add_argument(
        "--side", type=int, default=None, metavar="N", help=_("print only what player N saw (1, 2...)")
    )

    rs = sub.add_parser("roster", help=_("roster files"))
    rsub = rs.add_subparsers(dest="roster_command", required=True)
    rc = rsub.add_parser("check", help=_("validate a roster file; exit 1 if it is invalid"))
    rc.add_argument("file", type=Path)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``wartable`` console script; returns the exit status.

    A headless command whose reader goes away (``wartable replay SAVE | head``)
    stops quietly with status 0, as other command-line tools do: the rest of its
    output is dropped (the recipe of Python's ``signal`` documentation)."""
    try:
        return _main(argv)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _main(argv: Sequence[str] | None) -> int:
    from engine import i18n

    # the language first, so that the help and the messages are in it
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    lang = early.parse_known_args(argv)[0].lang
    if lang:
        i18n.set_language(lang)
    args = _build_parser().parse_args(argv)
    if args.command == "selfplay":
        if args.games < 1:
            print("wartable: " + i18n._("--games must be at least 1"), file=sys.stderr)
            return 2
        from tui.headless import selfplay

        return selfplay(args.ruleset, args.games, args.seed, args.save_dir, args.max_actions)
    if args.command == "replay":
        from tui.headless import replay

        return replay(args.save, None if args.side is None else args.side - 1)
    if args.command == "roster":
        from tui.headless import roster_check

        return roster_check(args.file)
    from tui.app import run_app

    return run_app(language=args.lang, ascii_glyphs=args.ascii, saves=args.saves)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
