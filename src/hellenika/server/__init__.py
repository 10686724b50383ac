"""The Hellenika web server: a FastAPI application that lets people play every registered game in the browser.

``create_app(settings)`` builds the application; ``hellenika serve`` runs it under uvicorn. See docs/WEB.md
for the HTTP and WebSocket API and docs/ARCHITECTURE.md for how the parts fit together.
"""

from __future__ import annotations

from hellenika.server.app import create_app
from hellenika.server.core.config import Settings

__all__ = ["Settings", "create_app"]
