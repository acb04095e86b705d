"""Compile the engine's hot modules with mypyc (``make install`` runs this; so can you).

The build goes to ``.build/engine/<digest>/`` (see ``scoring/engine/compiled.py``), made in a
scratch directory from a copy of the engine and moved in whole, so a failed or interrupted build
leaves nothing half made. Without mypyc or a C compiler it says so and exits 0: the engine then
runs as plain Python, with the same results, about half as fast. Older builds are removed.

Usage: ``.venv/bin/python scripts/build_engine.py [--force]``; ``TENBOU_PURE_ENGINE=1`` skips it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine.compiled import (  # noqa: E402
    BUILDS,
    COMPILED,
    DONE,
    PACKAGE,
    PURE_SWITCH,
    build_directory,
)


def why_not() -> str | None:
    """Why this machine cannot compile the engine, or None when it can."""
    if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
        return f"{PURE_SWITCH} is set"
    if shutil.which("mypyc", path=str(Path(sys.executable).parent)) is None:
        return "mypyc is not installed (pip install mypy)"
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers ({include}; Debian: python3-dev)"
    return None


def compile_into(scratch: Path) -> Path:
    """Compile a copy of the engine in ``scratch``; the directory holding the built modules."""
    source = scratch / "source"
    (source / "scoring").mkdir(parents=True)
    (source / "scoring" / "__init__.py").write_text("")
    shutil.copytree(
        PACKAGE, source / "scoring" / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    modules = [f"scoring/engine/{name}.py" for name in COMPILED]
    mypyc = str(Path(sys.executable).parent / "mypyc")
    done = subprocess.run(
        [mypyc, *modules], cwd=source, capture_output=True, text=True, env=dict(os.environ)
    )
    if done.returncode != 0:
        raise RuntimeError(done.stdout[-3000:] + done.stderr[-3000:])
    built = scratch / "built"
    (built / "scoring" / "engine").mkdir(parents=True)
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    for library in source.glob(f"*__mypyc{suffix}"):  # the code of every module
        shutil.copy2(library, built / library.name)
    for name in COMPILED:
        module = source / "scoring" / "engine" / f"{name}{suffix}"
        shutil.copy2(module, built / "scoring" / "engine" / module.name)
    (built / DONE).write_text("")
    return built


def main(force: bool = False) -> int:
    target = build_directory()
    if (target / DONE).is_file() and not force:
        print(f"engine: compiled build up to date ({target.relative_to(ROOT)})")
        return 0
    reason = why_not()
    if reason is not None:
        print(f"engine: not compiled, plain Python it is: {reason}")
        return 0
    print("engine: compiling with mypyc (about a minute) ...", flush=True)
    BUILDS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=BUILDS) as scratch:
        try:
            built = compile_into(Path(scratch))
        except RuntimeError as error:
            print(f"engine: mypyc failed, plain Python it is:\n{error}")
            return 0
        for old in BUILDS.iterdir():
            if old.is_dir() and old != Path(scratch):
                shutil.rmtree(old, ignore_errors=True)
        built.rename(target)
    print(f"engine: compiled build in {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(force="--force" in sys.argv[1:]))
