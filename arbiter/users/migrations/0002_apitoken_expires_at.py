from datetime import timedelta

from django.conf import settings
from django.db import migrations, models


def expire_existing(apps, schema_editor):
    """Tokens made before expiry existed get the configured lifetime from their creation."""
    ApiToken = apps.get_model("users", "ApiToken")
    lifetime = timedelta(days=settings.API_TOKEN_LIFETIME_DAYS)
    for token in ApiToken.objects.filter(expires_at__isnull=True).only("id", "created_at"):
        ApiToken.objects.filter(id=token.id).update(expires_at=token.created_at + lifetime)


class Migration(migrations.Migration):

    dependencies = [
        ("users", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.RunPython(expire_existing, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(),
        ),
    ]
