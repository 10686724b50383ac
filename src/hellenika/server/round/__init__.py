"""The round: a started table's game, where it changes (the master), what each seat sees, the live cache,
the sockets' pushes, bots at the table, turn deadlines and vacations, and the processes kept in step.
"""
