"""Learning: post-game reviews, hints at the table and the first guided game."""
