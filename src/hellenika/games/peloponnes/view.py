"""placeholder"""


def build_view(s, seat):
    return {"game": "peloponnes"}
