"""Request bodies (the *Create* models of the FastAPI template): what a client may send, typed and bounded.
Each domain keeps its own bodies beside its routes; they all derive from :class:`Strict`.

Answers are plain dicts built by ``TableInfo.to_json``, ``UserPublic.to_json`` and ``table_model``, whose
shapes docs/WEB.md documents; a secret field (a password hash, a seed, an invite token for others) is simply
never put into them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    # strict: a value of another JSON type is refused, not coerced (0 is not false, "3" is not 3), so the
    # server accepts exactly what the OpenAPI schema says.
    model_config = ConfigDict(extra="forbid", strict=True)
