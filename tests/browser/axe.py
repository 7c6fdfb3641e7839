"""axe-core in a real page: the accessibility rules a browser can check (contrast, labels, names,
landmarks, ARIA), run on the page as it stands.

axe-core is a pinned devDependency in package.json (``npm ci`` installs it; bin/test does when
node_modules is missing); its script is injected into the page under test.
"""

from playwright.sync_api import Page

from tests.conftest import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

RUN = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }));
}"""


def violations(page: Page, impacts: tuple[str, ...] = SERIOUS) -> list[dict]:
    """axe's violations on ``page`` of the given impacts (serious and critical by default)."""
    assert AXE.exists(), f"{AXE} is missing: run `npm ci`"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [found for found in page.evaluate(RUN) if found["impact"] in impacts]


def described(found: dict[str, list[dict]]) -> str:
    """The violations per page, one line a failing element, for an assertion message."""
    lines = []
    for name, page_violations in found.items():
        for violation in page_violations:
            lines.append(f"{name}: {violation['id']} ({violation['impact']}): {violation['help']}")
            lines.extend(f"    {node}" for node in violation["nodes"])
    return "\n".join(lines)
