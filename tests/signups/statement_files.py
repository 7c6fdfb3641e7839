"""The bank statements of the tests: files in ``fixtures/`` with the sign-ups' references and
amounts filled in (``{REF_A}``, ``{AMOUNT_A}``, …), in the file's own encoding."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"
ENCODINGS = {"sparkasse-csv-camt.csv": "cp1252"}


def statement(name: str, **values: str) -> bytes:
    encoding = ENCODINGS.get(name, "utf-8")
    text = (FIXTURES / f"{name}.template").read_bytes().decode(encoding)
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text.encode(encoding)
