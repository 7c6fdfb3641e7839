from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("cups", "0005_final_is_the_tournaments"),
    ]

    operations = [
        migrations.RemoveField(model_name="cupmatch", name="final"),
        migrations.RemoveField(model_name="cupmatch", name="final_at"),
    ]
