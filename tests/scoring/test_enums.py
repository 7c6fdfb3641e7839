from scoring.enums import DEAL_KIND_CHOICES, DEAL_KIND_LABELS
from tournaments.engine.series import DealKind


def test_every_deal_kind_of_the_series_engine_has_a_name_for_people():
    assert set(DEAL_KIND_LABELS) == set(DealKind)
    assert [value for value, _label in DEAL_KIND_CHOICES] == [kind.value for kind in DealKind]
