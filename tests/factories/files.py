"""Entry lists as files: workbooks made by openpyxl, and ones whose sheet XML is crafted."""

import io
import zipfile

from openpyxl import Workbook


def xlsx(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


SHEET = "xl/worksheets/sheet1.xml"
SHEET_XML = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b"%b<sheetData>%b</sheetData></worksheet>"
)
LIST_ROWS = (
    b'<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'
    b'<row r="2"><c r="A2" t="inlineStr"><is><t>Anna</t></is></c></row>'
)


def with_sheet(sheet_xml: bytes, *, drop: str = "") -> bytes:
    """A real workbook (made by openpyxl) whose first sheet's XML is ``sheet_xml``."""
    source = zipfile.ZipFile(io.BytesIO(xlsx([["Name"], ["Anna"]])))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename != drop:
                data = sheet_xml if info.filename == SHEET else source.read(info)
                target.writestr(info.filename, data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def sheet(rows: bytes, dimension: bytes = b"") -> bytes:
    return with_sheet(SHEET_XML % (dimension, rows))
