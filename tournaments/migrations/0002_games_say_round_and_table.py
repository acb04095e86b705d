"""A tournament's games keep their round and table as numbers, named in each reader's language.

Their label was written once, in the publisher's language ("秋季大会 4回戦 3卓"), so an English
reader read Japanese. Now the label is the tournament's name and the game knows its round and
table; this fills both in for the games published before.
"""

from __future__ import annotations

from django.db import migrations


def round_and_table(apps, schema_editor) -> None:
    RoundTable = apps.get_model("tournaments", "RoundTable")
    Game = apps.get_model("scoring", "Game")
    tables = RoundTable.objects.exclude(game=None).select_related("round__tournament")
    for table in tables.iterator(chunk_size=500):
        Game.objects.filter(pk=table.game_id).update(
            table_label=table.round.tournament.name[:40],
            round_number=table.round.number,
            table_number=table.number,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("scoring", "0007_game_round_and_table_number"),
    ]

    operations = [migrations.RunPython(round_and_table, migrations.RunPython.noop)]
