from __future__ import annotations

import pytest
from django.db import OperationalError
from django.test import Client


@pytest.mark.django_db
def test_healthz_says_ok_when_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.text == "ok"


class BrokenConnection:
    def cursor(self) -> None:
        raise OperationalError("connection refused")


def test_healthz_is_503_and_logs_the_reason_when_the_database_is_down(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr("tenbou.views.connection", BrokenConnection())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.text == "database unavailable"
    assert "connection refused" in caplog.text
