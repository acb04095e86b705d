from django.db import migrations, models


def dora_of_wins(apps, schema_editor):
    """The dora the hands already record, copied to their winners' rows (derived, as the
    services now write them), so that 平均ドラ counts the games played before."""
    Hand = apps.get_model("scoring", "Hand")
    HandStat = apps.get_model("scoring", "HandStat")
    for hand in Hand.objects.filter(data__icontains="dora").iterator(chunk_size=500):
        result = hand.data.get("result") or {}
        wins = result.get("wins", [result] if result.get("type") == "tsumo" else [])
        for win in wins:
            if win.get("dora") is not None:
                HandStat.objects.filter(
                    game_id=hand.game_id, hand_number=hand.number, seat=win["winner"]
                ).update(dora=int(win["dora"]))


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0009_scores_in_64_bits"),
    ]

    operations = [
        migrations.AddField(
            model_name="handstat",
            name="dora",
            field=models.PositiveSmallIntegerField(default=None, null=True),
        ),
        migrations.RunPython(dora_of_wins, migrations.RunPython.noop),
    ]
