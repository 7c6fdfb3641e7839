from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0004_final_is_the_tournaments"),
    ]

    operations = [
        migrations.RemoveField(model_name="matchday", name="final"),
        migrations.RemoveField(model_name="matchday", name="final_at"),
    ]
