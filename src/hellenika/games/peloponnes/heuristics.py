"""placeholder"""


def evaluate(s, seat):
    sc = s.scores()
    return sc[seat] - max(v for p, v in enumerate(sc) if p != seat) if len(sc) > 1 else sc[seat]
