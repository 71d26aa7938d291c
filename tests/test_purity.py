"""The engine never imports Textual (design guide: headless core, as in Harlequin)."""

import pkgutil
import subprocess
import sys

import engine


def _engine_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))


def test_no_engine_module_imports_textual():
    mods = _engine_modules()
    assert "engine.game" in mods
    code = (
        "import importlib, sys\n"
        f"for m in {mods!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(k for k in sys.modules if k == 'textual' or k.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
