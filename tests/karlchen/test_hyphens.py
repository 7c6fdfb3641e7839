"""Long words in a phone's headings get soft hyphens at their syllables; short words, markup and
the text itself stay as they are."""

from django.template import Context, Template
from django.utils import translation

from karlchen.templatetags.hyphens import SOFT_HYPHEN, hyphenated


def test_a_long_german_word_breaks_at_its_syllables_only():
    assert hyphenated("Vereinsmeisterschaftswertung", "de").split(SOFT_HYPHEN) == [
        "Ver", "eins", "meis", "ter", "schafts", "wer", "tung",
    ]  # fmt: skip
    assert hyphenated("Clubabend 3 im Dezember", "de") == "Clubabend 3 im Dezember"


def test_the_filter_escapes_first_and_reads_the_page_s_language():
    template = Template("{% load hyphens %}{{ name|soft_hyphens }}")
    with translation.override("en"):
        html = template.render(Context({"name": "<b>Championshipranking</b>"}))
    assert html.startswith("&lt;b&gt;")
    assert html.replace(SOFT_HYPHEN, "") == "&lt;b&gt;Championshipranking&lt;/b&gt;"
    assert SOFT_HYPHEN in html
