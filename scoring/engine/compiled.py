"""The engine's compiled build: the hot modules compiled by mypyc, used only when they match.

``make install`` (``scripts/build_engine.py``) compiles ``COMPILED`` with mypyc into
``.build/engine/<digest>/``, where the digest is taken from exactly the sources it compiled and
the interpreter that will load them. At import, the package looks for the directory of the
digest of the sources *as they are now*: an edited module, another Python, a machine without a
compiler or ``TENBOU_PURE_ENGINE=1`` all mean no such directory is used, and the same modules
load as plain Python. The compiled and the pure engine give the same results (the engine's
tests run against both, see ``tests/engine/test_compiled.py``).

This module itself is never compiled: it decides which of the two is loaded.
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
from pathlib import Path

# The modules a replay spends its time in. ``errors`` stays pure (other modules subclass
# RecordError, which a compiled class forbids), and so do the option table, the presets and
# the checks (read once per ruleset, and ``described`` sets attributes on functions).
COMPILED = ("chips", "game", "hand", "points", "record", "rules", "settlement")

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]
BUILDS = ROOT / ".build" / "engine"
PURE_SWITCH = "TENBOU_PURE_ENGINE"  # set to 1: always the pure Python engine
DONE = "complete"  # written last into a build directory, so a half-copied build is never used


def source_digest(package: Path = PACKAGE) -> str:
    """What a build is valid for: the compiled sources, byte for byte, and this interpreter."""
    digest = hashlib.sha256()
    digest.update(sys.implementation.cache_tag.encode())
    digest.update(str(sysconfig.get_config_var("EXT_SUFFIX")).encode())
    for name in COMPILED:
        digest.update(name.encode())
        digest.update((package / f"{name}.py").read_bytes())
    return digest.hexdigest()[:20]


def build_directory() -> Path:
    return BUILDS / source_digest()


def use_compiled_build(package_path: list[str]) -> bool:
    """Put the matching compiled build in front of the package's own modules, if there is one.

    ``package_path`` is the engine package's ``__path__``. True when the build is used.
    """
    if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
        return False
    try:
        build = build_directory()
    except OSError:  # a source that cannot be read: let the plain import say so
        return False
    if not (build / DONE).is_file():
        return False
    # mypyc puts the code of all modules in one top-level library next to the package.
    if str(build) not in sys.path:
        sys.path.append(str(build))
    package_path.insert(0, str(build / "scoring" / "engine"))
    return True


def is_compiled() -> bool:
    """True when the replay runs on the compiled build (for the benchmark and the tests)."""
    hand = sys.modules.get(f"{__package__}.hand")
    return hand is not None and not str(getattr(hand, "__file__", "")).endswith(".py")
