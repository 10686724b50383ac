"""Schemathesis hooks for tests/server/fuzz.py (loaded through ``SCHEMATHESIS_HOOKS``): log in as the fuzzing
user, and log in again whenever an answer is 401, since the fuzzer itself calls ``POST /api/auth/logout``."""

from __future__ import annotations

import os
from typing import Any

import httpx
import schemathesis


@schemathesis.auth(retry_on=[401])
class SessionAuth:
    """A fresh session (cookie and CSRF token) for the user named in ``HELLENIKA_FUZZ_USER``."""

    def get(self, _case: Any, _ctx: Any) -> dict[str, str]:
        base = os.environ["HELLENIKA_FUZZ_BASE"]
        with httpx.Client(base_url=base, timeout=30) as client:
            client.get("/api/session")
            csrf = client.cookies.get("hellenika_csrf") or ""
            answer = client.post(
                "/api/auth/login",
                json={
                    "name": os.environ["HELLENIKA_FUZZ_USER"],
                    "password": os.environ["HELLENIKA_FUZZ_PASSWORD"],
                },
                headers={"X-CSRF-Token": csrf},
            )
            answer.raise_for_status()
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        return {"cookie": cookie, "csrf": csrf}

    def set(self, case: Any, data: dict[str, str], _ctx: Any) -> None:
        case.headers = dict(case.headers or {})
        case.headers["Cookie"] = data["cookie"]
        case.headers["X-CSRF-Token"] = data["csrf"]
