from django.db import migrations, models


class Migration(migrations.Migration):
    """A rejected entry claim is kept (status `rejected`, `decided_at`) instead of deleted, so
    that its claimant is told after a reload. Existing claims are all waiting."""

    dependencies = [("tournaments", "0010_forbidden_pairs_name_entries")]

    operations = [
        migrations.AddField(
            model_name="entryclaim",
            name="status",
            field=models.CharField(
                choices=[("waiting", "Waiting for a leader"), ("rejected", "Rejected")],
                default="waiting",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="entryclaim",
            name="decided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
