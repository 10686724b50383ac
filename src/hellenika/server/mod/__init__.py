"""Moderation: reports about people, suspended accounts, stuck tables; the operators' routes."""
