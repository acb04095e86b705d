"""axe-core in the browser tests: WCAG 2.1 A and AA, from ``axe-playwright-python``.

The package carries axe-core (nothing from a CDN); Playwright adds it to a context as an init
script, which the page's Content-Security-Policy does not govern: the app's strict CSP stays
on, unbypassed, for every page the tests read.
"""

from __future__ import annotations

import json
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}


def with_axe(context: BrowserContext) -> BrowserContext:
    """``context``'s pages carry axe from their first script on."""
    context.add_init_script(Axe().axe_script)
    return context


def violations(page: Page) -> list[str]:
    """axe's WCAG 2.1 A/AA violations on the page as it stands, one line per rule and node."""
    # Only the violations come back: axe's whole result (every rule's description, tags and
    # help) is tens of kilobytes that Playwright would check field by field, for nothing.
    found: list[dict[str, Any]] = page.evaluate(
        f"axe.run(document, {json.dumps(AXE_OPTIONS)}).then(results => results.violations)"
    )
    return [
        f"{rule['id']} ({rule['impact']}): {node['target']} {node['failureSummary']!r}"
        for rule in found
        for node in rule["nodes"]
    ]
