"""People: accounts and sessions, profiles, friends, mutes and blocks, ratings."""
