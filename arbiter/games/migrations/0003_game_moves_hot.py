"""Moves as HOT updates in PostgreSQL: the running games' index no longer holds `flag_at`
(which every move changes), and pages keep room for a row's next version."""

from typing import Any

from django.db import migrations, models


def _fillfactor(value: int) -> Any:
    def apply(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"ALTER TABLE games_game SET (fillfactor = {value})")

    return apply


class Migration(migrations.Migration):
    dependencies = [("games", "0002_game")]

    operations = [
        migrations.RemoveIndex(model_name="game", name="games_started_flag_at"),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("status", "started")), fields=["id"], name="games_started"
            ),
        ),
        migrations.RunPython(_fillfactor(80), _fillfactor(100)),
    ]
