"""The teams app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class TeamCode(LogCode):
    TEAM_CREATED = "team_created", _("set up the team “%(name)s” (%(players)s players)")
    TEAM_CHANGED = "team_changed", _("changed the team “%(name)s” (%(players)s players)")
    TEAM_DELETED = "team_deleted", _("deleted the team “%(name)s”")
    TEAMS_IMPORTED = "teams_imported", _("imported %(count)s teams from %(file)s")
    SIDE_RANKINGS_CHANGED = "side_rankings_changed", _("changed how teams and clubs are ranked")
