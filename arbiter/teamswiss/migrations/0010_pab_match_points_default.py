# The pairing-allocated bye's match points default to a drawn match's (1 of 2/1/0, gacrux's
# default; arbiter.trf.team_event.PAB_MATCH_POINTS_DEFAULT), no longer a won match's (2), as
# 0001_initial first had it. Only the Python default changes: no SQL, no rows rewritten.

from decimal import Decimal
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('teamswiss', '0009_team_audit'),
    ]

    operations = [
        migrations.AlterField(
            model_name='teamswissevent',
            name='pab_match_points',
            field=models.DecimalField(decimal_places=1, default=Decimal('1'), max_digits=4),
        ),
    ]
