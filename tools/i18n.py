"""Maintain the translation catalogues: extract, update, compile, check.

Usage (from the repository root)::

    uv run python tools/i18n.py            # update every .po from the code, then compile the .mo files
    uv run python tools/i18n.py update     # only update the .po files
    uv run python tools/i18n.py compile    # only compile the .mo files
    uv run python tools/i18n.py check      # exit 1 if a .po is behind the code or a .mo behind its .po
    uv run python tools/i18n.py missing    # list the messages still untranslated (or fuzzy)

Messages are extracted from ``engine/`` and ``tui/`` with Babel, keywords
``_``, ``N_`` and ``ngettext``. Catalogues: ``engine/locale/<lang>/LC_MESSAGES/wartable.po``
and the compiled ``wartable.mo`` beside it. Obsolete messages are dropped.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "tui")
LOCALE_DIR = ROOT / "engine" / "locale"
DOMAIN = "wartable"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
METHOD_MAP = [("**.py", "python")]
COMMENT_TAGS = ("TRANSLATORS:",)


def extract() -> Catalog:
    """Every message of the code, as a template catalogue (locations relative to the root)."""
    template = Catalog(project="Wartable", domain=DOMAIN, charset="utf-8")
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source, METHOD_MAP, keywords=KEYWORDS, comment_tags=COMMENT_TAGS
        ):
            template.add(
                message,
                None,
                [(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return template


def po_files() -> list[Path]:
    """The ``.po`` catalogues, one per shipped language other than English (the
    languages of :data:`engine.i18n.LANGUAGES`); they may not exist yet."""
    sys.path.insert(0, str(ROOT))
    from engine.i18n import LANGUAGES

    return [LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po" for code in sorted(LANGUAGES) if code != "en"]


def read_catalog(path: Path) -> Catalog:
    """Read a ``.po`` file."""
    with path.open("rb") as fh:
        return read_po(fh, locale=path.parent.parent.name, domain=DOMAIN)


def po_bytes(catalog: Catalog) -> bytes:
    """The catalogue as ``.po`` bytes (sorted by message, without obsolete entries)."""
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
        include_lineno=False,
    )
    return out.getvalue()


def updated(path: Path, template: Catalog) -> Catalog:
    """The catalogue at ``path`` (new if missing) updated to ``template``."""
    lang = path.parent.parent.name
    catalog = read_catalog(path) if path.exists() else Catalog(locale=lang, domain=DOMAIN, project="Wartable")
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.header_comment = f"# {Locale.parse(lang).english_name} translation of Wartable.\n#"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Wartable"
    catalog.language_team = Locale.parse(lang).english_name
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled ``.mo`` of ``catalog`` (fuzzy entries left out, as gettext expects)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compiled_messages(data: bytes) -> dict[object, object]:
    """The (msgid -> msgstr) pairs of a ``.mo`` file, for comparing catalogues."""
    catalog = read_mo(io.BytesIO(data))
    return {_hashable(m.id): _hashable(m.string) for m in catalog if m.id}


def _hashable(value: object) -> object:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def cmd_update() -> None:
    template = extract()
    for path in po_files():
        data = po_bytes(updated(path, template))
        if not path.exists() or _strip_date(path.read_bytes()) != _strip_date(data):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"updated {path.relative_to(ROOT)}")


def cmd_compile() -> None:
    for path in po_files():
        mo = path.with_suffix(".mo")
        data = mo_bytes(read_catalog(path))
        if not mo.exists() or compiled_messages(mo.read_bytes()) != compiled_messages(data):
            mo.write_bytes(data)
            print(f"compiled {mo.relative_to(ROOT)}")


def cmd_check() -> int:
    template = extract()
    bad = 0
    for path in po_files():
        if not path.exists():
            print(f"{path.relative_to(ROOT)} is missing: run tools/i18n.py")
            bad += 1
            continue
        if _strip_date(path.read_bytes()) != _strip_date(po_bytes(updated(path, template))):
            print(f"{path.relative_to(ROOT)} is behind the code: run tools/i18n.py")
            bad += 1
        mo = path.with_suffix(".mo")
        if not mo.exists() or compiled_messages(mo.read_bytes()) != compiled_messages(
            mo_bytes(read_catalog(path))
        ):
            print(f"{mo.relative_to(ROOT)} is behind its .po: run tools/i18n.py compile")
            bad += 1
    return 1 if bad else 0


def cmd_missing() -> int:
    count = 0
    for path in po_files():
        for message in read_catalog(path):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                count += 1
                print(f"{path.parent.parent.name}: {message.id!r}")
    return 1 if count else 0


def _strip_date(data: bytes) -> bytes:
    """A .po without its creation/revision dates, which change on every write."""
    return b"\n".join(
        line
        for line in data.splitlines()
        if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))
    )


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command == "update":
        cmd_update()
    elif command == "compile":
        cmd_compile()
    elif command == "check":
        return cmd_check()
    elif command == "missing":
        return cmd_missing()
    elif command == "all":
        cmd_update()
        cmd_compile()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
