"""What the captain's page calls the engines' codes: contracts, solos, announcements, lines.

The engines speak in stable codes (``re_no90``, ``fox``, ``base_wenz``); people read these
translated names. Refusal messages are in ``karlchen.messages``.
"""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

DOPPELKOPF_CONTRACTS = {
    "normal": _("Normal game"),
    "wedding": _("Wedding"),
    "silent_wedding": _("Silent wedding"),
    "solo": _("Solo"),
    "poverty": _("Poverty"),
}

SOLO_TYPES = {
    "queens": _("Queens solo"),
    "jacks": _("Jacks solo"),
    "fleischlos": _("Fleischlos (no trumps)"),
    "diamonds": _("Diamonds solo"),
    "hearts": _("Hearts solo"),
    "spades": _("Spades solo"),
    "clubs": _("Clubs solo"),
    "queens_jacks": _("Queens and jacks solo"),
}

# The same on the captain's chips, under the legend "Solo": four to a phone's row. The suits
# have their context: "Clubs" alone is also the clubs people belong to.
SOLO_CHIPS = {
    "queens": _("Queens"),
    "jacks": _("Jacks"),
    "fleischlos": _("Fleischlos"),
    "diamonds": pgettext_lazy("card suit", "Diamonds"),
    "hearts": pgettext_lazy("card suit", "Hearts"),
    "spades": pgettext_lazy("card suit", "Spades"),
    "clubs": pgettext_lazy("card suit", "Clubs"),
    "queens_jacks": _("Queens and jacks"),
}

ANNOUNCEMENTS = {
    "re": _("Re"),
    "kontra": _("Kontra"),
    "no90": _("no 90"),
    "no60": _("no 60"),
    "no30": _("no 30"),
    "schwarz": _("no trick (schwarz)"),
}

# The same on the captain's chips, where five of them share a phone's width.
ANNOUNCEMENT_CHIPS = {
    "re": _("Re"),
    "kontra": _("Kontra"),
    "no90": _("no 90"),
    "no60": _("no 60"),
    "no30": _("no 30"),
    "schwarz": _("no trick"),
}

EXTRAS = {
    "fox": _("Fox caught"),
    "doppelkopf": _("Doppelkopf (40+ trick)"),
    "karlchen": _("Karlchen (last trick)"),
    "dulle_caught": _("Dulle caught"),
    "karlchen_caught": _("Karlchen caught"),
    "karlchen_killed_by_diamond_queen": _("Karlchen beaten by the ♦ queen"),
    "fox_caught_in_last_trick": _("Fox caught in the last trick"),
    "fox_wins_last_trick": _("Own fox wins the last trick"),
}
# Codes of earlier versions still found in stored deals: shown, never offered.
LEGACY_EXTRAS = {"fox_last_trick": EXTRAS["fox_caught_in_last_trick"]}

BOCK_TRIGGERS = {
    "tie_120": _("120 to 120"),
    "announced_lost": _("a party lost its Re or Kontra"),
    "re_and_kontra": _("both Re and Kontra announced"),
    "solo_lost": _("a solo lost"),
    "karlchen_caught": _("Karlchen caught"),
}

SCHAFKOPF_CONTRACTS = {
    "rufer": _("Rufer (call game)"),
    "wenz": _("Wenz"),
    "solo": pgettext_lazy("schafkopf", "Solo"),
    "wenz_tout": _("Wenz Tout"),
    "solo_tout": _("Solo Tout"),
    "sie": _("Sie"),
    "hochzeit": pgettext_lazy("schafkopf", "Hochzeit"),
    "geier": _("Geier"),
    "farbgeier": _("Farbgeier"),
    "farbwenz": _("Farbwenz"),
    "geier_tout": _("Geier Tout"),
    "farbgeier_tout": _("Farbgeier Tout"),
    "farbwenz_tout": _("Farbwenz Tout"),
    "bettel": _("Bettel"),
    "bettel_ouvert": _("Bettel ouvert"),
    "ramsch": _("Ramsch"),
    "leaster": _("Leaster"),
}

# the games a club option allows (rules.schafkopf), beyond those of Bavarian tournaments
SCHAFKOPF_CLUB_CONTRACTS = (
    "hochzeit",
    "geier",
    "farbgeier",
    "farbwenz",
    "geier_tout",
    "farbgeier_tout",
    "farbwenz_tout",
    "bettel",
    "bettel_ouvert",
    "ramsch",
    "leaster",
)

SUITS = {
    "acorns": _("Acorns (Eichel)"),
    "leaves": _("Leaves (Gras)"),
    "hearts": _("Hearts (Herz)"),
    "bells": _("Bells (Schellen)"),
}

PARTIES = {
    "re": _("Re"),
    "kontra": _("Kontra"),
    "declarer": _("Declarer's side"),
    "defenders": _("Defenders"),
    "ramsch_winners": _("Everyone but the Ramsch loser"),
    "leaster_winners": _("The Leaster winner (fewest card points)"),
    "durchmarsch": _("The player of the Durchmarsch"),
    "winners": _("The winners"),  # a quick entry's side (RULES.md §11.8)
}

LINES = {
    "won": _("won"),
    "under_90": _("opponents under 90"),
    "under_60": _("opponents under 60"),
    "under_30": _("opponents under 30"),
    "schwarz": _("opponents without a trick (schwarz)"),
    "re_announced": _("Re announced"),
    "kontra_announced": _("Kontra announced"),
    **{
        f"{party}_{level}": format_lazy("{}: {}", PARTIES[party], ANNOUNCEMENTS[level])
        for party in ("re", "kontra")
        for level in ("no90", "no60", "no30", "schwarz")
    },
    "reached_120_against_no90": _("120 reached against no 90"),
    "reached_90_against_no60": _("90 reached against no 60"),
    "reached_60_against_no30": _("60 reached against no 30"),
    "reached_30_against_schwarz": _("a trick against schwarz"),
    "against_the_elders": _("against the Elders (Kontra won)"),
    "no_hintertuer": _("no back door: the game scores 0"),
    **EXTRAS,
    **LEGACY_EXTRAS,
    "bock": _("Bock round: the value multiplied"),
    "bock_points": _("Bock round: points added"),
    "base_rufer": _("Rufer"),
    "base_wenz": _("Wenz"),
    "base_solo": pgettext_lazy("schafkopf", "Solo"),
    "base_wenz_tout": _("Wenz Tout"),
    "base_solo_tout": _("Solo Tout"),
    "base_sie": _("Sie"),
    **{f"base_{code}": SCHAFKOPF_CONTRACTS[code] for code in SCHAFKOPF_CLUB_CONTRACTS},
    "schneider": _("Schneider"),
    "laufende": _("Laufende"),
    "knocked": _("knocked (×2)"),
    "kontra": _("Kontra (×2)"),
    "re": _("Re (×2)"),
    "jungfrau": _("Jungfrau: a player without a trick (×2)"),
    "durchmarsch": _("Durchmarsch: one player took every trick"),
    "entered_value": _("entered as game value"),
    "entered_points": _("entered as points per player"),
}
