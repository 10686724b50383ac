"""Placeholder."""


def evaluate(s, seat):
    return float(s.cities(seat) - s.cities(1 - seat))
