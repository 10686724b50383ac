"""The lobby: tables before they start (creating, joining, invitations, listing), *play again*, and
automatic matching of people who ask for a game.
"""
