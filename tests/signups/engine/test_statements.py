"""Bank statements read (German CSV layouts, CAMT.053) and matched to the fees due: every line
gets one verdict, only an exact match is a match, nothing twice."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from signups.engine.statements import (
    Due,
    Line,
    StatementError,
    Verdict,
    german_cents,
    german_date,
    match,
    read_statement,
)
from tests.signups.statement_files import statement

pytestmark = [pytest.mark.unit]
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß ÄÖÜ.-", max_size=30)


def german(cents: int) -> str:
    """Independent: the amount as a German bank prints it, with thousands points."""
    whole, part = divmod(abs(cents), 100)
    return ("-" if cents < 0 else "") + f"{whole:,}".replace(",", ".") + f",{part:02d}"


@given(st.integers(-(10**9), 10**9))
def test_german_amounts(cents):
    assert german_cents(german(cents)) == cents
    assert german_cents(german(cents).replace(".", "") + " €") == cents


@pytest.mark.parametrize("text", ["", "12.50", "1,234", "12,5,0", "abc", "1.23,00"])
def test_amounts_not_german_are_refused(text):
    with pytest.raises(ValueError, match="amount"):
        german_cents(text)


@given(st.dates(datetime.date(2000, 1, 1), datetime.date(2099, 12, 31)))
def test_german_dates(day):
    assert german_date(day.strftime("%d.%m.%Y")) == day
    assert german_date(day.strftime("%d.%m.%y")) == day


@pytest.mark.parametrize("text", ["2026-12-05", "31.02.2026", "5.12"])
def test_dates_not_german_are_refused(text):
    with pytest.raises(ValueError, match="date"):
        german_date(text)


def lines_of(name, **values):
    return read_statement(statement(name, **values))


def test_sparkasse_csv_camt():
    lines = lines_of("sparkasse-csv-camt.csv", REF_A="T5-S11", AMOUNT_A="12,50")
    assert [(line.booked, line.cents, line.payer) for line in lines] == [
        (datetime.date(2026, 12, 2), 1250, "Anna Ärger"),
        (datetime.date(2026, 12, 3), -4800, "Stadtwerke"),
        (datetime.date(2026, 12, 3), 2000, "Kurt Gönner"),
    ]
    assert lines[0].text == "T5-S11 Doppelkopf-Open Anna Ärger"
    assert lines[0].bank_reference == "NOTPROVIDED"


def test_generic_csv_with_a_preamble():
    lines = lines_of(
        "generic.csv", REF_A="T5-S11", AMOUNT_A="12,50", REF_B="T5-S12", AMOUNT_B="1.010,00"
    )
    assert [(line.number, line.cents, line.currency) for line in lines] == [
        (1, 101000, "EUR"),
        (2, 1250, "EUR"),
        (3, 1250, "EUR"),
    ]
    assert lines[1].payer == "Clara Zahl"


def test_camt053():
    lines = lines_of("camt053.xml", REF_C="T5-S13", AMOUNT_C="7.50")
    assert [(line.cents, line.payer, line.text, line.bank_reference) for line in lines] == [
        (750, "Dora Doppel", "T5-S13 Doppelkopf -Open Dora Doppel", "2026120500001"),
        (-1500, "", "Spielkarten", "2026120500002"),
    ]
    assert lines[0].booked == datetime.date(2026, 12, 5)


CAMT = """<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><Stmt>{entries}</Stmt></BkToCstmrStmt></Document>"""


def camt(*entries: str) -> bytes:
    return CAMT.format(entries="".join(entries)).encode()


def test_camt_batches_older_versions_and_bad_amounts():
    batch = (
        '<Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>'
        "<BookgDt><DtTm>2026-12-01T10:00:00</DtTm></BookgDt><AcctSvcrRef>R1</AcctSvcrRef>"
        "<NtryDtls><TxDtls><Refs><AcctSvcrRef>R1a</AcctSvcrRef></Refs>"
        '<AmtDtls><TxAmt><Amt Ccy="EUR">12.00</Amt></TxAmt></AmtDtls>'
        "<RltdPties><Dbtr><Nm>Old Style</Nm></Dbtr></RltdPties>"
        "<RmtInf><Ustrd>T1-S1</Ustrd></RmtInf></TxDtls>"
        '<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">8.00</Amt></TxAmt></AmtDtls>'
        "<RmtInf><Ustrd>T1-S2</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>"
    )
    plain = (
        '<Ntry><Amt Ccy="EUR">5</Amt><CdtDbtInd>CRDT</CdtDbtInd>'
        "<AddtlNtryInf>Bar T1-S3</AddtlNtryInf></Ntry>"
    )
    broken = (
        '<Ntry><Amt Ccy="EUR">5.001</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>'
        '<Ntry><CdtDbtInd>CRDT</CdtDbtInd></Ntry><Ntry><Amt Ccy="EUR">x</Amt></Ntry>'
        '<Ntry><Amt Ccy="EUR">5.00</Amt><BookgDt><Dt>2026-13-01</Dt></BookgDt></Ntry>'
    )
    lines = read_statement(camt(batch, plain, broken))
    assert [
        (line.number, line.cents, line.payer, line.text, line.bank_reference) for line in lines[:3]
    ] == [
        (1, 1200, "Old Style", "T1-S1", "R1a"),
        (2, 800, "", "T1-S2", "R1"),
        (3, 500, "", "Bar T1-S3", ""),
    ]
    assert lines[0].booked == datetime.date(2026, 12, 1)
    assert lines[2].booked is None
    assert [bool(line.problem) for line in lines[3:]] == [True, True, True, True]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"<Document><unclosed></Document>", "statement_xml_invalid"),
        (
            b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]><Document>&e;</Document>',
            "statement_xml_invalid",
        ),
        (b"<Document><Other/></Document>", "statement_not_camt"),
        (b"<Other><BkToCstmrStmt/></Other>", "statement_not_camt"),
        (b"Datum;Wert\n01.01.2026;1,00\n", "statement_no_header"),
        (b"x" * 1_000_001, "statement_too_big"),
    ],
)
def test_files_that_are_no_statement(data, code):
    with pytest.raises(StatementError) as caught:
        read_statement(data)
    assert caught.value.code == code


def test_csv_in_windows_1252_soll_haben_and_bad_rows():
    text = (
        "Buchungstag;Empfänger/Zahlungspflichtiger;Verwendungszweck;Umsatz;Soll/Haben;Währung\n"
        "01.12.2026;Jörg;T1-S1;12,50;H;EUR\n"
        "01.12.2026;Jörg;Miete;300,00;S;EUR\n"
        "99.12.2026;Jörg;T1-S1;12,50;H;EUR\n"
        ";;T1-S1;zwölf;H;EUR\n"
        "02.12.2026;Jörg;T1-S1;12,50;H;\n"
        "\n"
        ";;T1-S1;1,00\n"
    )
    lines = read_statement(text.encode("cp1252"))
    assert [(line.cents, line.currency, bool(line.problem)) for line in lines] == [
        (1250, "EUR", False),
        (-30000, "EUR", False),
        (0, "", True),
        (0, "", True),
        (1250, "EUR", False),
        (100, "EUR", False),
    ]
    assert lines[0].payer == "Jörg"
    assert lines[0].text == "T1-S1"


def line(number=1, cents=1250, text="T1-S1", payer="P", currency="EUR", day=1, problem=""):
    return Line(number, datetime.date(2026, 12, day), cents, currency, payer, text, "", problem)


def test_each_verdict():
    dues = {
        1: Due(1250),
        2: Due(1250),
        3: Due(1000, paid=True),
        4: Due(1250, entered=False),
        5: Due(1250),
    }
    lines = [
        line(1, text="T1-S1 Anna"),  # match
        line(2, cents=1200, text="T1-S2"),  # amount differs
        line(3, cents=1000, text="T1-S3"),  # fee paid already
        line(4, text="T1-S4"),  # not entered
        line(5, text="T2-S1"),  # another tournament
        line(6, text="Spende"),  # no reference
        line(7, text="T1-S1 Anna"),  # the same booking again
        line(8, text="T1-S1 zweimal", day=2),  # a second payment for one sign-up
        line(9, cents=-1250, text="T1-S5"),  # money out
        line(10, currency="USD", text="T1-S5"),  # not euros
        line(11, problem="amount 'x'"),
        line(12, text="T1-S9"),  # no such sign-up
        line(13, cents=1250, text="t1 - s5", day=3),  # recorded by an earlier import
    ]
    placed = match(1, lines, dues, recorded=frozenset({lines[12].fingerprint}))
    assert [(p.line.number, p.verdict, p.signup_id, p.due) for p in placed] == [
        (1, Verdict.MATCH, 1, 1250),
        (2, Verdict.AMOUNT_DIFFERS, 2, 1250),
        (3, Verdict.RECORDED, 3, 1000),
        (4, Verdict.UNPLACED, None, None),
        (5, Verdict.UNPLACED, None, None),
        (6, Verdict.UNPLACED, None, None),
        (7, Verdict.TWICE, None, None),
        (8, Verdict.TWICE, 1, 1250),
        (9, Verdict.NOT_A_CREDIT, None, None),
        (10, Verdict.NOT_A_CREDIT, None, None),
        (11, Verdict.UNREADABLE, None, None),
        (12, Verdict.UNPLACED, None, None),
        (13, Verdict.RECORDED, None, None),
    ]


def test_the_fingerprint_ignores_the_place_and_the_spacing():
    assert line(1, text="T1-S1 Anna").fingerprint == line(9, text="T1 -S1  anna").fingerprint
    assert line(1).fingerprint != line(1, day=2).fingerprint
    assert Line(1, None, 1, "EUR", "", "").fingerprint != line().fingerprint


@st.composite
def statements(draw):
    dues = draw(
        st.dictionaries(
            st.integers(1, 8),
            st.builds(Due, st.sampled_from([500, 1250]), st.booleans(), st.booleans()),
            max_size=8,
        )
    )
    lines = draw(
        st.lists(
            st.builds(
                line,
                st.just(0),
                st.sampled_from([-500, 500, 1250, 1300]),
                st.builds("T{}-S{} {}".format, st.sampled_from([1, 2]), st.integers(1, 9), words),
                words,
                st.sampled_from(["EUR", "EUR", "CHF"]),
                st.integers(1, 3),
            ),
            max_size=20,
        )
    )
    numbered = [
        Line(n, ln.booked, ln.cents, ln.currency, ln.payer, ln.text)
        for n, ln in enumerate(lines, 1)
    ]
    return dues, numbered


@given(statements())
def test_matches_are_exact_and_once(case):
    dues, lines = case
    placed = match(1, lines, dues)
    assert [p.line for p in placed] == lines
    matched = [p for p in placed if p.verdict == Verdict.MATCH]
    for p in matched:  # independently: a line of this tournament's open fee, to the cent
        assert p.line.text.startswith(f"T1-S{p.signup_id} ")
        assert p.line.cents == dues[p.signup_id].cents
        assert p.line.currency == "EUR"
        assert dues[p.signup_id].entered
        assert not dues[p.signup_id].paid
    assert len({p.signup_id for p in matched}) == len(matched)
    assert len({p.line.fingerprint for p in matched}) == len(matched)
    # imported again once the matches are recorded: nothing matches twice
    paid = {**dues, **{p.signup_id: Due(p.due or 0, True) for p in matched}}
    again = match(1, lines, paid, frozenset(p.line.fingerprint for p in matched))
    assert not [p for p in again if p.verdict == Verdict.MATCH]
    assert [p.verdict for p in again if p.line in {m.line for m in matched}] == [
        Verdict.RECORDED
    ] * len(matched)


def test_dkb_layout_with_its_gendered_headers():
    text = (
        '"Girokonto";"DE89370400440532013000"\n\n'
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";'
        '"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";'
        '"Kundenreferenz"\n'
        '"05.12.26";"05.12.26";"Gebucht";"Eva Elster";"Doko-Club";"T3-S9 Open";"Eingang";'
        '"DE02120300000000202051";"12,50 €";"";"";""\n'
    )
    (only,) = read_statement(text.encode())
    assert (only.booked, only.payer, only.text, only.cents) == (
        datetime.date(2026, 12, 5),
        "Eva Elster",
        "T3-S9 Open",
        1250,
    )
