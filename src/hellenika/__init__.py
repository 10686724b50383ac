"""Hellenika: five Greek-themed board games with their full rules.

The package is layered (see docs/ARCHITECTURE.md): ``engine`` is the game-agnostic core, ``games`` holds one
package per game, and ``bots`` and ``cli`` build on both.
"""

__version__ = "0.1.0"
