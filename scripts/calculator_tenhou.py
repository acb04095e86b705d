"""The hand calculator against Tenhou's own counts: every winning hand of the public Tenhou logs.

Each ``<AGARI>`` of the mjlog XML logs in ``../shared/oracles/tenhou`` (four players, ``tenhou``
preset) and ``../shared/oracles/tenhou-sanma`` (three players, ``tenhou_sanma``) is read into the
calculator's input (``scoring.calculator.tenhou``) and counted; its han, fu, yaku, dora and
yakuman multiple are compared with the log's. The tenhou.net/6 JSON logs show no final hand and
are left out. Prints, per log, the wins checked and how many agree, then every disagreement with
what differs and its known cause (``EXPECTED_DISAGREEMENTS`` of
``tests/calculator/test_tenhou_hands.py``, which keeps this list true), and a total line.

Usage: ``.venv/bin/python scripts/calculator_tenhou.py [SHARED_DIR]`` (default: ``../shared``
beside the checkout). Exits 1 when a win disagrees for no known reason.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.calculator.tenhou import check_log, hand_text, log_files, read_log  # noqa: E402
from tests.calculator.test_tenhou_hands import EXPECTED_DISAGREEMENTS  # noqa: E402


def main(shared: Path) -> int:
    folders = [shared / "oracles" / "tenhou", shared / "oracles" / "tenhou-sanma"]
    logs = log_files(folders)
    if not logs:
        print(f"no Tenhou logs in {shared}/oracles")
        return 1
    total = agreeing = unknown = 0
    causes: list[str] = []  # each known cause once, numbered in the order first met
    for path in logs:
        checked = check_log(read_log(path))
        agree = sum(1 for item in checked if item.agrees)
        total += len(checked)
        agreeing += agree
        print(f"{path.parent.name}/{path.name}: wins {len(checked)}, agree {agree}")
        for item in checked:
            if item.agrees:
                continue
            cause = EXPECTED_DISAGREEMENTS.get((path.name, item.win.number))
            if cause is None:
                unknown += 1
                known = "UNKNOWN"
            else:
                if cause not in causes:
                    causes.append(cause)
                known = f"[{causes.index(cause) + 1}]"
            print(f"  {item.win.label}: {hand_text(item.win.hand)}")
            print(f"    {'; '.join(item.differences)} -- cause {known}")
    for number, cause in enumerate(causes, start=1):
        print(f"[{number}] {cause}")
    skipped = sorted(p.name for folder in folders for p in folder.glob("*.json"))
    if skipped:
        print(f"skipped (tenhou.net/6 JSON, no final hand): {', '.join(skipped)}")
    print(
        f"total: {total} wins in {len(logs)} logs, {agreeing} agree, "
        f"{total - agreeing} disagree ({unknown} for no known reason)"
    )
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared"))
