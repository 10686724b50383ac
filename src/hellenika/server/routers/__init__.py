"""One router per resource (the FastAPI full-stack template's layout)."""
