"""Per-user notifications: who hears what, written to an outbox in the transaction of the change
that causes it, and delivered afterwards by a background drain over e-mail (SMTP) and webhooks.

- ``prefs``: a person's settings (events, channels, the quiet rule, the digest) and their defaults.
- ``outbox``: ``enqueue_for_table`` decides who must hear of a table change and inserts the rows (deduped).
- ``messages``: the words of each notification (plain text, escaped HTML, the webhook body).
- ``mail``: sending over SMTP (aiosmtplib), or to the log when no SMTP server is configured.
- ``webhooks``: checking a webhook address (SSRF rules) and posting the signed body.
- ``worker``: the ``Notifier``: claims due rows, applies the quiet rule, delivers, retries with back-off,
  the daily digest and the deadline-soon check.

docs/WEB.md's "Notifications" section describes the guarantees.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.notify.outbox import enqueue_for_table, withdraw_for_tables

__all__ = ["enqueue_for_table", "withdraw_for_tables"]
