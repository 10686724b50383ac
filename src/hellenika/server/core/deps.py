"""``Annotated`` dependencies every domain's routes share: the CSRF check, the settings, the store, and the
way a route reaches a part of the running server.

The parts (the master, the lobby, the accounts ...) are built together in ``server/services.py`` and kept on
``app.state.services``. A domain's routes ask for the parts they use by name with :func:`part`, typed with the
part's own class, so no domain imports the module that builds them all (it sits above every domain).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request

from hellenika.server.core.config import Settings
from hellenika.server.core.fanout import Fanout
from hellenika.server.core.hub import Hub
from hellenika.server.core.security import require_csrf
from hellenika.server.store import Store


def part(name: str) -> Any:
    """The dependency that answers the running server's part called ``name`` (an attribute of ``Services``).

    Use it in an ``Annotated`` alias: ``MasterDep = Annotated[Master, part("master")]``."""

    # async, like every dependency here: FastAPI runs a plain def dependency in the thread pool.
    async def get(request: Request) -> Any:
        return getattr(request.app.state.services, name)

    get.__name__ = get.__qualname__ = f"get_{name}"
    return Depends(get)


SettingsDep = Annotated[Settings, part("settings")]
StoreDep = Annotated[Store, part("store")]
#: The open WebSockets of this process, and the notes to the other processes.
HubDep = Annotated[Hub, part("hub")]
FanoutDep = Annotated[Fanout, part("fanout")]

#: Put on every state-changing route: ``dependencies=CSRF``.
CSRF = [Depends(require_csrf)]
