"""The ``hellenika`` command line: play, simulate, replay, bench, games, rules."""
