"""The e-mails to self-registrants: a place, the waiting list, a place come free, a refusal.

Each is written in the language the registrant signed up in, from two templates under
``tournaments/mail/`` (``<kind>_subject.txt`` and ``<kind>.txt``), and sent by the views once the
change is saved (a mail is never sent for a change rolled back). Where it goes is the
deployment's: the console in development, SMTP when ``EMAIL_HOST`` is set (README).
"""

from __future__ import annotations

import logging
import smtplib

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import timezone, translation

from tournaments.models import Registration
from tournaments.registration import waiting_position

logger = logging.getLogger(__name__)

PLACE, WAITING, MOVED_UP, REFUSED = "place", "waiting", "moved_up", "refused"


def tell(registration: Registration, kind: str, withdraw_url: str) -> bool:
    """Send the registrant the e-mail ``kind``; False when the mail server refused it (the
    change stands: the organiser's page and the registrant's own page say what it was)."""
    tournament = registration.tournament
    context = {
        "registration": registration,
        "tournament": tournament,
        "club": tournament.club,
        "position": waiting_position(registration),
        "withdraw_url": withdraw_url,
    }
    with translation.override(registration.language), timezone.override(tournament.club.time_zone):
        subject = render_to_string(f"tournaments/mail/{kind}_subject.txt", context)
        body = render_to_string(f"tournaments/mail/{kind}.txt", context)
    try:
        send_mail(" ".join(subject.split()), body.strip() + "\n", None, [registration.email])
    except (smtplib.SMTPException, OSError):
        logger.exception("The %s mail to registration %s was not sent", kind, registration.pk)
        return False
    return True
