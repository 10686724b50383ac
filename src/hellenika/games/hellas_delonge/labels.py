"""Plain-words labels (placeholder)."""

from __future__ import annotations


def label(s, action) -> str:
    return action.notation()
