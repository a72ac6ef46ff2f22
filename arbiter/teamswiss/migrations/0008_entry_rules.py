from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teamswiss", "0007_mode"),
    ]

    operations = [
        migrations.AddField(
            model_name="teamswissevent",
            name="min_account_age_days",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="teamswissevent",
            name="min_rated_games",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
