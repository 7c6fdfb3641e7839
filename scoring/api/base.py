"""The base of every view of one table (``/api/v1/tables/{id}/...``)."""

from rest_framework.settings import api_settings

from karlchen.api.base import Api
from seating.api.authentication import TableTokenAuthentication


class TableApi(Api):
    # A view of one table: its captain's token is accepted besides the usual logins.

    authentication_classes = (
        TableTokenAuthentication,
        # classes at run time (api_settings imports the dotted paths); typed as the strings
        *api_settings.DEFAULT_AUTHENTICATION_CLASSES,  # type: ignore[arg-type]
    )
