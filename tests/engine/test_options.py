"""Option validation: defaults, coercion from text, and errors that say what is allowed."""

import pytest

from hellenika.engine.errors import InvalidOption
from hellenika.engine.options import OptionSpec, parse_option_pairs, validate_options

SPECS = (
    OptionSpec("variant", "standard", "rules variant", choices=("standard", "simplified")),
    OptionSpec("expansion", False, "use the expansion"),
    OptionSpec("rank", 1, "solo rank", minimum=1, maximum=4),
)


def test_defaults_fill_in():
    assert validate_options(SPECS, None) == {"variant": "standard", "expansion": False, "rank": 1}


def test_text_values_are_coerced():
    opts = validate_options(SPECS, {"variant": "simplified", "expansion": "yes", "rank": "3"})
    assert opts == {"variant": "simplified", "expansion": True, "rank": 3}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"variant": "hard"}, "must be one of standard, simplified"),
        ({"expansion": "perhaps"}, "must be true or false"),
        ({"rank": "x"}, "must be a whole number"),
        ({"rank": 9}, "between 1 and 4"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_explained(raw, message):
    with pytest.raises(InvalidOption, match=message):
        validate_options(SPECS, raw)


def test_option_pairs():
    assert parse_option_pairs(["a=1", " b = two "]) == {"a": "1", "b": "two"}
    with pytest.raises(InvalidOption, match="key=value"):
        parse_option_pairs(["novalue"])
