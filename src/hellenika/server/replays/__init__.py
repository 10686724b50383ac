"""Replays: uploaded records checked by replaying them, and finished tables shown step by step."""
