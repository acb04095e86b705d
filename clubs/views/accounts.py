"""Signing up (for invitees and organisers); logging in and passwords are Django's own views."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from clubs.forms import SignupForm


def _next_url(request: HttpRequest) -> str:
    """Where to go afterwards (an invitation link, say): only a page of this site."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _next_url(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})
