"""The layers hold (import-linter, configured in pyproject.toml): the engine never
imports the interface, Textual or Rich; the interface never imports a ruleset's
rules, only what a seat hands out and the rulesets' public types."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert exe, "import-linter is a dev dependency"
    out = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert ", 0 broken" in out.stdout
