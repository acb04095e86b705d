"""Every page links its icon, and /favicon.ico (which browsers ask for anyway) is an icon."""

from __future__ import annotations

import pytest
from django.test import Client


def test_favicon_ico_leads_to_the_icon_itself(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.ico"

    icon = client.get(response["Location"])
    assert icon.status_code == 200
    assert icon["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    assert b"".join(icon.streaming_content)[:4] == b"\x00\x00\x01\x00"  # the ICO header


@pytest.mark.django_db
def test_every_page_names_its_icon(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
