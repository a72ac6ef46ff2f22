import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_schedule'),
        ('teamswiss', '0007_mode'),
        ('tournaments', '0005_registered_entries'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='team_board',
            field=models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='game', to='teamswiss.teamswissboard'),
        ),
        migrations.AlterField(
            model_name='game',
            name='pairing',
            field=models.OneToOneField(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='game', to='tournaments.swisspairing'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('pairing__isnull', False), ('team_board__isnull', True)), models.Q(('pairing__isnull', True), ('team_board__isnull', False)), _connector='OR'), name='games_one_board'),
        ),
    ]
