"""The tokens a practice app's kernel sends its verdicts with: the student they are for, signed.

A token names its subject (a student's id, or ``hub:<user>`` under JupyterHub) and carries an
HMAC of it with the class's secret, so a kernel can post verdicts for its own student and
nobody else. Made where the secret is (the class server for each page, the hub's configuration
for each student's server) and checked by the board; no other import, so that the hub's
configuration can use it.
"""

from __future__ import annotations

import hashlib
import hmac

#: the header an app's request carries to its kernel (Voila hands it over as ``HTTP_X_RULEBOOK_STUDENT``)
STUDENT_HEADER = "X-Rulebook-Student"
#: with it, the student's name, percent-encoded (``HTTP_X_RULEBOOK_NAME``; empty under JupyterHub)
NAME_HEADER = "X-Rulebook-Name"
#: and the path of "not me" that comes back to the app (``HTTP_X_RULEBOOK_NOT_ME``; empty under JupyterHub)
NOT_ME_HEADER = "X-Rulebook-Not-Me"


def verdict_token(secret: str, subject: str) -> str:
    """What a practice kernel sends with a verdict for ``subject``."""
    mac = hmac.new(secret.encode(), f"verdict:{subject}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"{subject}.{mac}"


def verdict_subject(secret: str, token: object) -> str | None:
    """The subject a verdict token names, if the token is genuine."""
    if not isinstance(token, str) or len(token) > 300 or "." not in token:
        return None
    subject = token.rsplit(".", 1)[0]
    return subject if hmac.compare_digest(verdict_token(secret, subject), token) else None


__all__ = ["NAME_HEADER", "NOT_ME_HEADER", "STUDENT_HEADER", "verdict_subject", "verdict_token"]
