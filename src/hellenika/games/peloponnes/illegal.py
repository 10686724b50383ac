"""placeholder"""

from hellenika.engine.errors import IllegalAction


def explain(s, action):
    return IllegalAction("peloponnes §4", f"{action.notation()!r} is not legal now")
