"""One observation encoder per game (see :mod:`hellenika.rl.layout`)."""
