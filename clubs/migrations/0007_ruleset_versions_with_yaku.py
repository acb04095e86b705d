from django.db import migrations


def yaku_of_versions(apps, schema_editor):
    """Every saved ruleset version written before the hand calculator's ``yaku`` option gets
    it, from the preset its ruleset starts from (天鳳: red fives ...), else the default: the
    replay never reads it, and the editor and the calculator then start from a full set."""
    from scoring.engine.rules import with_later_options

    RulesetVersion = apps.get_model("clubs", "RulesetVersion")
    for version in RulesetVersion.objects.select_related("ruleset").iterator(chunk_size=500):
        options = with_later_options(version.options, version.ruleset.preset)
        if options is not version.options:
            version.options = options
            version.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0006_player_reading"),
    ]

    operations = [migrations.RunPython(yaku_of_versions, migrations.RunPython.noop)]
