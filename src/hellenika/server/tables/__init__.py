"""A table outside its game state: settings, seats, status and timing, read from the database in one query.
Every domain that speaks of tables (the lobby, the round, chat, people, notifications, moderation) reads them
here.
"""
