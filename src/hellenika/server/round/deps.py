"""``Annotated`` dependencies of the round for routes in any domain: the master of this process's tables."""

from __future__ import annotations

from typing import Annotated

from hellenika.server.core.deps import part
from hellenika.server.round.master import Master

MasterDep = Annotated[Master, part("master")]
