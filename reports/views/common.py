"""What every PDF download shares: the bytes inline, or a clear 503 when no font can print them."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse

from reports.render import NoJapaneseFont

SERVICE_UNAVAILABLE = 503


def pdf_response(render: Callable[[], bytes], filename: str) -> HttpResponse:
    """The report as ``filename``; never a PDF of empty boxes where Japanese should be."""
    try:
        pdf = render()
    except NoJapaneseFont as error:
        return HttpResponse(
            str(error), status=SERVICE_UNAVAILABLE, content_type="text/plain; charset=utf-8"
        )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
