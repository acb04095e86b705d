"""A win recorded on the hand screen is closed unless 副露あり was ticked.

Until now the screen stored ``"open": true`` for a ticked box and nothing for an unticked one, so
a closed win read as "not recorded" and 和了時副露率 counted the open wins only (100% for
everyone). The screen has always shown the box, so an unticked box meant closed: every win
without ``open`` becomes ``"open": false``, in the hand as stored and in its derived row.

Except in games imported from a Tenhou log: the importer wrote only ``true`` too, and nothing is
left to tell its closed wins from the rest, so those stay unknown (a new import says both).
"""

from __future__ import annotations

from django.db import migrations

BATCH = 500


def _wins(hand: dict) -> list[dict]:
    result = hand.get("result") or {}
    if result.get("type") == "ron":
        return list(result.get("wins", []))
    return [result] if result.get("type") == "tsumo" else []


def closed_unless_open(apps, schema_editor) -> None:
    Hand = apps.get_model("scoring", "Hand")
    HandStat = apps.get_model("scoring", "HandStat")
    GameLog = apps.get_model("scoring", "GameLog")
    tenhou = GameLog.objects.filter(action="imported", detail="Tenhou").values("game_id")
    changed = []
    for hand in Hand.objects.exclude(game_id__in=tenhou).iterator(chunk_size=BATCH):
        missing = [win for win in _wins(hand.data) if "open" not in win]
        for win in missing:
            win["open"] = False
        if missing:
            changed.append(hand)
        if len(changed) >= BATCH:
            Hand.objects.bulk_update(changed, ["data"])
            changed = []
    Hand.objects.bulk_update(changed, ["data"])
    HandStat.objects.exclude(game_id__in=tenhou).filter(won=True, open__isnull=True).update(
        open=False
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_gamelog_after_gamelog_before"),
    ]

    operations = [migrations.RunPython(closed_unless_open, migrations.RunPython.noop)]
