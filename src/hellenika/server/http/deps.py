"""The whole of the running server, for the few routes of the HTTP layer that ask several domains at once
(readiness: the store, the fan-out and the master). A domain's own routes ask for their parts by name
(core/deps.py), never for this."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from hellenika.server.services import Services


async def services(request: Request) -> Services:
    # async, like every dependency here: FastAPI runs a plain def dependency in the thread pool.
    found: Services = request.app.state.services
    return found


ServicesDep = Annotated[Services, Depends(services)]
