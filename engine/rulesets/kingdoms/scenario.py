"""Scenarios: the map of bases and links, the starting forces and the stratagem
cards, as plain-text files beside this module (``scenarios/*.txt``), and their parser.

A scenario file is UTF-8 text, one entry per line; ``#`` starts a comment; words
are separated by spaces and a text with spaces is quoted (``"Xinye Camp"``).
Entries (see ``scenarios/fan_river.txt``, the provisional scenario of the rules):

* ``scenario KEY``, ``title TEXT``, ``title.ru TEXT``, ``briefing TEXT`` (one line
  per paragraph; ``briefing.ru`` likewise), ``turns N`` (the turn limit, TK-18.2);
* ``side LETTER NAME faction=F [name.ru=...]``, twice: the first side acts first
  (TK-2.1); ``LETTER`` prefixes its regiments' ids;
* ``base ID TYPE NAME [building] [control=LETTER] [fortress gates=N
  ballistas="A|B" walltower] [name.ru=...] [at=COLUMN,ROW]``, in base order
  (TK-1.5, TK-1.8, TK-14.1); ``at`` places the base on the drawn map's grid
  (column 0 at the left, row 0 at the top; no rule reads it);
* ``link ID A B [mountain]`` (TK-1.6);
* ``deploy LETTER BASE...``: where the army builder may deploy (section 3.7);
* ``regiment ID TYPE MEN BASE [OFFICER WEAPON] [dismounted]`` in roster order
  (TK-1.2, TK-1.8); no officer: an unnamed commander;
* ``card ID LETTER KIND auto|ordered [enter=BASE] [adjacent=BASE] [named]
  targets=BASE uses=N NAME [name.ru=...]`` (TK-17.1).

:func:`parse_scenario` reports the line of the first bad entry
(:class:`ScenarioError`); :func:`scenario_problems` checks the whole (capacity at
the start, mounted cavalry off buildings, unique officers).
"""

from __future__ import annotations

import shlex
from importlib import resources

import msgspec

from engine.i18n import _, current_language
from engine.rulesets.kingdoms.catalog import (
    BASE_CAPACITY,
    BASE_TYPES,
    CAVALRY,
    GATES_HP,
    TYPES,
    WEAPONS,
)

__all__ = [
    "BaseSpec",
    "CardSpec",
    "LinkSpec",
    "RegimentSpec",
    "Scenario",
    "ScenarioError",
    "SideSpec",
    "bundled_scenarios",
    "load_bundled",
    "parse_scenario",
    "scenario_problems",
]


class ScenarioError(ValueError):
    """A scenario file that cannot be read; ``line`` is 1-based (0: the file as a whole)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(_("line {line}: {message}").format(line=line, message=message) if line else message)
        self.line = line


class SideSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One side: ``letter`` (its regiments' id prefix), ``name``, ``faction`` (section
    3.5) and its Russian name."""

    letter: str
    name: str
    faction: str
    name_ru: str = ""

    def label(self) -> str:
        """The side's name in the current language."""
        return self.name_ru if current_language() == "ru" and self.name_ru else self.name


class BaseSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One base (TK-1.5): ``id``, ``type`` (a key of catalog.BASE_CAPACITY), ``name``,
    ``building`` (mounted cavalry may not enter, TK-3.5), ``control`` (starting
    controller: 0, 1 or None), and for a ``fortress`` its ``gates`` (hit points),
    ``ballistas`` (names, in firing order) and ``wall_tower`` (TK-14.1, TK-14.8);
    ``at``: where the drawn map puts it, as (column, row) of a grid (column 0 at the
    left, row 0 at the top), or None (the map is then laid out from the links). No
    rule reads ``at``: it is the scenario's drawing, like the sketch of section 3.1."""

    id: str
    type: str
    name: str
    name_ru: str = ""
    building: bool = False
    control: int | None = None
    fortress: bool = False
    gates: int = 0
    ballistas: tuple[str, ...] = ()
    wall_tower: bool = False
    at: tuple[int, int] | None = None

    @property
    def capacity(self) -> int:
        """Regiments per side (TK-1.5)."""
        return BASE_CAPACITY[self.type]

    def label(self) -> str:
        """The base's name in the current language."""
        return self.name_ru if current_language() == "ru" and self.name_ru else self.name


class LinkSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One link (TK-1.6): ``id``, the bases ``a`` and ``b``, ``mountain`` (mounted
    cavalry may not cross it, TK-3.5)."""

    id: str
    a: str
    b: str
    mountain: bool = False


class RegimentSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One regiment at the start (TK-1.2, TK-1.3): ``id``, ``side`` (0 or 1),
    ``type``, ``men`` (its initial strength), ``base``, its ``officer`` (name) and
    ``weapon``, or None for an unnamed commander, and ``mounted`` (cavalry)."""

    id: str
    side: int
    type: str
    men: int
    base: str
    officer: str | None = None
    weapon: str | None = None
    mounted: bool = True


class CardSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A stratagem card (TK-17.1): ``id``, owner ``side``, ``kind`` (ambush, fire,
    pincer...), ``trigger`` (``"auto"`` or ``"ordered"``), ``enter`` (an automatic
    card fires the first time an enemy regiment completes a step onto that base),
    ``adjacent`` (an ordered card is played by a regiment on a base adjacent to it)
    and ``named`` (... led by a named officer), ``targets`` (every enemy regiment on
    that base at that moment), ``uses``, ``name``."""

    id: str
    side: int
    kind: str
    trigger: str
    targets: str
    uses: int
    name: str
    name_ru: str = ""
    enter: str | None = None
    adjacent: str | None = None
    named: bool = False

    def label(self) -> str:
        """The card's name in the current language."""
        return self.name_ru if current_language() == "ru" and self.name_ru else self.name


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    """A whole scenario: ``key``, titles, ``briefing`` paragraphs (war council,
    TK-AMB-65), ``turns`` (limit, TK-18.2), two ``sides`` (the first acts first),
    ``bases`` (in base order), ``links``, ``deploy`` (bases per side for the army
    builder), ``regiments`` (roster order) and ``cards``."""

    key: str
    title: str
    turns: int
    sides: tuple[SideSpec, ...]
    bases: tuple[BaseSpec, ...]
    links: tuple[LinkSpec, ...]
    regiments: tuple[RegimentSpec, ...]
    title_ru: str = ""
    briefing: tuple[str, ...] = ()
    briefing_ru: tuple[str, ...] = ()
    deploy: tuple[tuple[str, ...], ...] = ((), ())
    cards: tuple[CardSpec, ...] = ()

    def title_for(self, lang: str) -> str:
        """The title in ``lang`` when the file has one, else the English title."""
        return self.title_ru if lang == "ru" and self.title_ru else self.title

    def base(self, base_id: str) -> BaseSpec:
        """The base of that id. KeyError if none."""
        for b in self.bases:
            if b.id == base_id:
                return b
        raise KeyError(base_id)


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------
def _options(words: list[str], line: int, allowed: set[str]) -> tuple[list[str], dict[str, str]]:
    """Split ``words`` into plain words and ``key=value`` options (only ``allowed`` keys)."""
    plain: list[str] = []
    opts: dict[str, str] = {}
    for w in words:
        if "=" in w:
            k, v = w.split("=", 1)
            if k not in allowed:
                raise ScenarioError(_("unknown option {option}").format(option=repr(k)), line)
            if k in opts:
                raise ScenarioError(_("the option {option} is given twice").format(option=repr(k)), line)
            opts[k] = v
        else:
            plain.append(w)
    return plain, opts


def _int(text: str, what: str, line: int, low: int = 0) -> int:
    if not text.isdigit() or int(text) < low:
        raise ScenarioError(
            _("{what} must be a whole number of at least {low}, not {text}").format(
                what=what, low=low, text=repr(text)
            ),
            line,
        )
    return int(text)


def parse_scenario(text: str) -> Scenario:
    """Parse a scenario file's text. Raises :class:`ScenarioError` with the line of
    the first bad entry (or line 0 when something the whole file needs is missing)."""
    head: dict[str, str] = {}
    briefing: dict[str, list[str]] = {"en": [], "ru": []}
    sides: list[SideSpec] = []
    bases: list[BaseSpec] = []
    links: list[LinkSpec] = []
    regiments: list[RegimentSpec] = []
    cards: list[CardSpec] = []
    deploy: dict[str, tuple[str, ...]] = {}
    base_lines: dict[str, int] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            words = shlex.split(stripped, comments=True)
        except ValueError as exc:
            raise ScenarioError(
                _("cannot split the line into words: {reason}").format(reason=exc), n
            ) from None
        kind, args = words[0], words[1:]
        if kind in ("scenario", "title", "title.ru", "turns"):
            if len(args) != 1:
                raise ScenarioError(_("{entry} takes one value").format(entry=kind), n)
            if kind in head:
                raise ScenarioError(_("{entry} is given twice").format(entry=kind), n)
            head[kind] = args[0]
            if kind == "turns":
                _int(args[0], _("the turn limit"), n, 1)
        elif kind in ("briefing", "briefing.ru"):
            if len(args) != 1:
                raise ScenarioError(_("{entry} takes one quoted text").format(entry=kind), n)
            briefing["ru" if kind.endswith(".ru") else "en"].append(args[0])
        elif kind == "side":
            plain, opts = _options(args, n, {"faction", "name.ru"})
            if len(plain) != 2 or not (plain[0].isalpha() and plain[0].isupper()):
                raise ScenarioError(_("write a side as: side LETTER NAME faction=FACTION"), n)
            if len(sides) == 2:
                raise ScenarioError(_("a battle has exactly two sides (TK-1.1)"), n)
            if any(s.letter == plain[0] for s in sides):
                raise ScenarioError(_("the side letter {letter} is used twice").format(letter=plain[0]), n)
            sides.append(
                SideSpec(
                    letter=plain[0],
                    name=plain[1],
                    faction=opts.get("faction", plain[1]),
                    name_ru=opts.get("name.ru", ""),
                )
            )
        elif kind == "base":
            bases.append(_parse_base(args, n, sides, base_lines))
            base_lines[bases[-1].id] = n
        elif kind == "link":
            plain, _o = _options(args, n, set())
            flags = [w for w in plain[3:]]
            if len(plain) < 3 or any(f != "mountain" for f in flags):
                raise ScenarioError(_("write a link as: link ID BASE BASE [mountain]"), n)
            lid, a, b = plain[:3]
            for x in (a, b):
                if x not in base_lines:
                    raise ScenarioError(_("the link names an unknown base {base}").format(base=x), n)
            if a == b:
                raise ScenarioError(_("a link joins two different bases (TK-1.6)"), n)
            if any({lk.a, lk.b} == {a, b} for lk in links) or any(lk.id == lid for lk in links):
                raise ScenarioError(_("the link {link} is given twice").format(link=lid), n)
            links.append(LinkSpec(id=lid, a=a, b=b, mountain="mountain" in flags))
        elif kind == "deploy":
            if not args or args[0] not in [s.letter for s in sides]:
                raise ScenarioError(_("write a deployment as: deploy SIDE-LETTER BASE..."), n)
            for x in args[1:]:
                if x not in base_lines:
                    raise ScenarioError(_("the deployment names an unknown base {base}").format(base=x), n)
            deploy[args[0]] = tuple(args[1:])
        elif kind == "regiment":
            regiments.append(_parse_regiment(args, n, sides, base_lines, regiments))
        elif kind == "card":
            cards.append(_parse_card(args, n, sides, base_lines, cards))
        else:
            raise ScenarioError(_("unknown entry {entry}").format(entry=repr(kind)), n)
    for need in ("scenario", "title", "turns"):
        if need not in head:
            raise ScenarioError(_("the scenario has no {entry} line").format(entry=need))
    if len(sides) != 2:
        raise ScenarioError(_("a battle has exactly two sides (TK-1.1)"))
    scenario = Scenario(
        key=head["scenario"],
        title=head["title"],
        title_ru=head.get("title.ru", ""),
        briefing=tuple(briefing["en"]),
        briefing_ru=tuple(briefing["ru"]),
        turns=int(head["turns"]),
        sides=tuple(sides),
        bases=tuple(bases),
        links=tuple(links),
        deploy=(deploy.get(sides[0].letter, ()), deploy.get(sides[1].letter, ())),
        regiments=tuple(regiments),
        cards=tuple(cards),
    )
    problems = scenario_problems(scenario)
    if problems:
        raise ScenarioError(problems[0])
    return scenario


def _side_of(letter: str, sides: list[SideSpec], line: int) -> int:
    for i, s in enumerate(sides):
        if s.letter == letter:
            return i
    raise ScenarioError(_("unknown side {letter}").format(letter=repr(letter)), line)


def _parse_base(args: list[str], n: int, sides: list[SideSpec], seen: dict[str, int]) -> BaseSpec:
    plain, opts = _options(args, n, {"control", "gates", "ballistas", "name.ru", "at"})
    if len(plain) < 3:
        raise ScenarioError(_("write a base as: base ID TYPE NAME [flags]"), n)
    bid, btype, name = plain[:3]
    if bid in seen:
        raise ScenarioError(_("the base {base} is given twice").format(base=bid), n)
    if btype not in BASE_TYPES:
        raise ScenarioError(
            _("unknown base type {type}; use one of {types}").format(
                type=repr(btype), types=", ".join(BASE_TYPES)
            ),
            n,
        )
    flags = set(plain[3:])
    unknown = flags - {"building", "fortress", "walltower"}
    if unknown:
        raise ScenarioError(_("unknown flag {flag}").format(flag=repr(sorted(unknown)[0])), n)
    control = _side_of(opts["control"], sides, n) if "control" in opts else None
    fortress = "fortress" in flags
    if not fortress and ({"walltower"} & flags or "gates" in opts or "ballistas" in opts):
        raise ScenarioError(_("gates, ballistas and a wall tower belong to a fortress"), n)
    gates = _int(opts.get("gates", str(GATES_HP)), _("the gates' hit points"), n, 1) if fortress else 0
    ballistas = tuple(b for b in opts.get("ballistas", "").split("|") if b) if fortress else ()
    at = _grid_place(opts["at"], n) if "at" in opts else None
    return BaseSpec(
        id=bid,
        type=btype,
        name=name,
        name_ru=opts.get("name.ru", ""),
        building="building" in flags,
        control=control,
        fortress=fortress,
        gates=gates,
        ballistas=ballistas,
        wall_tower="walltower" in flags,
        at=at,
    )


def _grid_place(text: str, line: int) -> tuple[int, int]:
    """``COLUMN,ROW`` of a base's ``at=`` option: two whole numbers from 0."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ScenarioError(_("write a base's place on the map as at=COLUMN,ROW, e.g. at=2,1"), line)
    return int(parts[0]), int(parts[1])


def _parse_regiment(
    args: list[str], n: int, sides: list[SideSpec], bases: dict[str, int], seen: list[RegimentSpec]
) -> RegimentSpec:
    plain = list(args)
    mounted = True
    if plain and plain[-1] == "dismounted":
        mounted = False
        plain.pop()
    if len(plain) not in (4, 6):
        raise ScenarioError(_("write a regiment as: regiment ID TYPE MEN BASE [OFFICER WEAPON]"), n)
    rid, rtype, men, base = plain[:4]
    side = next(
        (i for i, s in enumerate(sides) if rid.startswith(s.letter) and rid[len(s.letter) :].isdigit()), None
    )
    if side is None:
        raise ScenarioError(
            _("a regiment's id is its side's letter and a number, e.g. {example}").format(
                example=(sides[0].letter if sides else "S") + "1"
            ),
            n,
        )
    if any(r.id == rid for r in seen):
        raise ScenarioError(_("the regiment {id} is given twice").format(id=rid), n)
    if rtype not in TYPES:
        raise ScenarioError(
            _("unknown regiment type {type}; use one of {types}").format(
                type=repr(rtype), types=", ".join(TYPES)
            ),
            n,
        )
    strength = _int(men, _("the men"), n, 1)
    if base not in bases:
        raise ScenarioError(_("the regiment stands on an unknown base {base}").format(base=base), n)
    officer = weapon = None
    if len(plain) == 6:
        officer, weapon = plain[4], plain[5]
        if weapon not in WEAPONS:
            raise ScenarioError(
                _("unknown weapon {weapon}; use one of {weapons}").format(
                    weapon=repr(weapon), weapons=", ".join(WEAPONS)
                ),
                n,
            )
    if not mounted and rtype != CAVALRY:
        raise ScenarioError(_("only cavalry can be dismounted"), n)
    return RegimentSpec(
        id=rid,
        side=side,
        type=rtype,
        men=strength,
        base=base,
        officer=officer,
        weapon=weapon,
        mounted=mounted if rtype == CAVALRY else False,
    )


def _parse_card(
    args: list[str], n: int, sides: list[SideSpec], bases: dict[str, int], seen: list[CardSpec]
) -> CardSpec:
    plain, opts = _options(args, n, {"enter", "adjacent", "targets", "uses", "name.ru"})
    named = "named" in plain
    plain = [w for w in plain if w != "named"]
    if len(plain) != 5 or plain[3] not in ("auto", "ordered"):
        raise ScenarioError(
            _("write a card as: card ID SIDE KIND auto|ordered [options] targets=BASE uses=N NAME"), n
        )
    cid, letter, kind, trigger, name = plain
    if any(c.id == cid for c in seen):
        raise ScenarioError(_("the card {id} is given twice").format(id=cid), n)
    side = _side_of(letter, sides, n)
    for key in ("enter", "adjacent", "targets"):
        if key in opts and opts[key] not in bases:
            raise ScenarioError(_("the card names an unknown base {base}").format(base=opts[key]), n)
    if "targets" not in opts:
        raise ScenarioError(_("a card needs targets=BASE (TK-17.1)"), n)
    if trigger == "auto" and "enter" not in opts:
        raise ScenarioError(_("an automatic card needs enter=BASE, the event that fires it"), n)
    if trigger == "ordered" and "enter" in opts:
        raise ScenarioError(_("an ordered card is played by an order, not by enter=BASE"), n)
    return CardSpec(
        id=cid,
        side=side,
        kind=kind,
        trigger=trigger,
        targets=opts["targets"],
        uses=_int(opts.get("uses", "1"), _("the uses"), n, 1),
        name=name,
        name_ru=opts.get("name.ru", ""),
        enter=opts.get("enter"),
        adjacent=opts.get("adjacent"),
        named=named,
    )


def scenario_problems(s: Scenario) -> list[str]:
    """What makes ``s`` unplayable, as translated sentences (empty when none): each
    side has an HQ (TK-1.1) and a regiment; capacity at the start (TK-3.2); mounted
    cavalry not on a building (TK-3.5); officers unique (TK-1.4); sizes in the
    catalogue are not required (a scenario may set any strength, TK-1.3)."""
    out: list[str] = []
    ids = {b.id for b in s.bases}
    for side in (0, 1):
        if sum(1 for b in s.bases if b.type == "hq" and b.control == side) != 1:
            out.append(
                _("side {side} must control exactly one main headquarters (TK-1.1)").format(
                    side=s.sides[side].name
                )
            )
        if not any(r.side == side for r in s.regiments):
            out.append(_("side {side} has no regiment").format(side=s.sides[side].name))
    count: dict[tuple[str, int], int] = {}
    by_id = {b.id: b for b in s.bases}
    for r in s.regiments:
        if r.base not in ids:
            out.append(_("{id} stands on an unknown base {base}").format(id=r.id, base=r.base))
            continue
        key = (r.base, r.side)
        count[key] = count.get(key, 0) + 1
        if count[key] > by_id[r.base].capacity:
            out.append(_("too many regiments of one side on {base} (TK-3.2)").format(base=r.base))
        if r.type == CAVALRY and r.mounted and by_id[r.base].building:
            out.append(
                _("mounted cavalry {id} cannot stand on the building {base} (TK-3.5)").format(
                    id=r.id, base=r.base
                )
            )
        if by_id[r.base].fortress and by_id[r.base].control != r.side:
            out.append(
                _("{id} cannot start inside the enemy fortress {base} (TK-3.6)").format(id=r.id, base=r.base)
            )
    names = [r.officer for r in s.regiments if r.officer]
    if len(names) != len(set(names)):
        out.append(_("an officer commands more than one regiment (TK-1.4)"))
    for r in s.regiments:
        if r.men < 1:
            out.append(_("{id} has no men").format(id=r.id))
    for c in s.cards:
        for b in (c.enter, c.adjacent, c.targets):
            if b is not None and b not in ids:
                out.append(_("the card {id} names an unknown base {base}").format(id=c.id, base=b))
    return out


# ---------------------------------------------------------------------------
# Bundled scenarios
# ---------------------------------------------------------------------------
_BUNDLED: dict[str, Scenario] = {}


def bundled_scenarios() -> list[str]:
    """Keys (file names without ``.txt``) of the scenarios shipped with the game, sorted."""
    folder = resources.files(__package__) / "scenarios"
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def load_bundled(key: str) -> Scenario:
    """A shipped scenario by key (read once). Raises :class:`ScenarioError`."""
    s = _BUNDLED.get(key)
    if s is None:
        f = resources.files(__package__) / "scenarios" / f"{key}.txt"
        if not f.is_file():
            raise ScenarioError(_("no scenario named {key}").format(key=repr(key)))
        s = _BUNDLED[key] = parse_scenario(f.read_text(encoding="utf-8"))
    return s
