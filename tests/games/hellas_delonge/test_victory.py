"""Victory (spec §9, seed VI): ten cities at the end of one's own turn, no city left, and the stall option."""

from __future__ import annotations

from rich.console import Console

from hellenika.engine.state import TERMINAL

from .builders import DARK, GAME, LIGHT, pass_turn, play, position


def spread(light: int, dark: int):
    """Islands far apart (only the owner counts here): ``light`` for Light, then ``dark`` for Dark."""
    cells = [(q, r) for r in range(-6, 7, 3) for q in range(-6, 7, 3) if (q, r) != (0, 0)]
    tiles = [t.id for t in GAME.catalogue.tiles]
    out = []
    for i in range(light + dark):
        q, r = cells[i]
        out.append((tiles[i], q, r, 0, LIGHT if i < light else DARK, 1, 0))
    return out


def test_case_26_ten_cities_at_the_end_of_the_turn_win():
    s = position(spread(10, 9), stack=[])
    pass_turn(s)
    assert s.current_player() == TERMINAL and s.winner == LIGHT and s.winners() == [LIGHT]
    assert s.scores() == [10.0, 9.0] and s.returns() == [1.0, -1.0]


def test_case_26_the_opponent_s_nine_do_nothing_and_nine_go_on():
    s = position(spread(9, 9), stack=[])
    pass_turn(s)
    assert s.current_player() == DARK and s.turn == 4


def test_ten_cities_reached_by_a_voyage_win_at_the_end_of_that_turn():
    tiles = spread(9, 1)
    tiles[0] = ("T01", 1, 0, 0, LIGHT, 1, 1)
    s = play(position(tiles, stack=["T03"]), "voyage", "tile T03", "at 0 1")
    # Nothing can move into the new city and no card is held: the turn ends by itself, with the win.
    assert s.cities(LIGHT) == 10 and s.is_terminal() and s.winner == LIGHT


def test_a_player_without_cities_loses_at_once():
    tiles = [("T12", 1, 0, 0, LIGHT, 3, 1), ("T08", 0, 1, 5, DARK, 1, 1)]
    s = play(position(tiles), "attack 2", "commit 1", "resolve")
    assert s.is_terminal() and s.winner == LIGHT and s.reason == "no city left"
    assert s.ranking() == [1, 2]


def test_stall_rule_ends_a_game_without_changes():
    s = position(spread(3, 3), stack=[], options={"stall": 4})
    for _ in range(4):
        pass_turn(s)
    assert s.is_terminal() and s.reason == "stall" and s.winner == -1
    assert s.ranking() == [1, 1] and s.returns() == [0.0, 0.0]  # same cities, same Greeks: a draw
    tiles = spread(3, 3)
    tiles[0] = ("T01", -6, -6, 0, LIGHT, 2, 0)
    s = position(tiles, stack=[], options={"stall": 4})
    for _ in range(4):
        pass_turn(s)
    assert s.winner == LIGHT  # more Greeks on the map


def test_stall_zero_plays_the_printed_rules():
    s = position(spread(3, 3), stack=[], options={"stall": 0})
    for _ in range(60):
        pass_turn(s)
    assert not s.is_terminal()


def test_stall_counts_only_net_progress():
    """A city taken and retaken does not reset the stall count; a new highest city count does."""
    s = position(spread(3, 3), stack=[], options={"stall": 4})
    s.best_cities = (3, 3)
    s.last_change = s.turn
    light, dark = s.owned
    moved = dark & -dark  # one of Dark's cities
    s.owned = [light | moved, dark & ~moved]  # Light takes it: 4 cities, a new high for Light
    s.turn += 1
    s._ownership_changed()
    assert s.best_cities == (4, 3) and s.last_change == s.turn
    # Both players see the record to beat and how long it has stood.
    for seat in (LIGHT, DARK, None):
        view = s.view(seat)
        assert [p["record_cities"] for p in view["players"]] == [4, 3]
        assert view["turns_since_change"] == 0
    s.owned = [light, dark]  # Dark takes it back: 3 each, nobody beyond their best
    s.turn += 1
    s._ownership_changed()
    assert s.best_cities == (4, 3) and s.last_change == s.turn - 1


def _picture(s) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(s, LIGHT, ["Ann", "Bob"]))
    return " ".join(console.export_text().split())


def test_the_terminal_picture_tells_when_the_stall_rule_stops_the_game():
    s = position(spread(4, 3), stack=[], options={"stall": 4})
    s.best_cities = (5, 2)  # Light once held five; Dark never more than the three it holds
    s.last_change = s.turn - 1
    picture = _picture(s)
    assert f"Most cities held: Ann 5, Bob 3. The game stops at the end of turn {s.turn + 3}" in picture
    for _ in range(3):
        pass_turn(s)
    assert f"at the end of turn {s.turn}" in _picture(s)  # the last turn: it ends with this one
    pass_turn(s)
    assert s.is_terminal() and s.reason == "stall"
    assert "Most cities held" not in _picture(s)
    assert "stall rule" not in _picture(position(spread(4, 3), stack=[], options={"stall": 0}))


def test_the_other_player_is_checked_too_at_the_end_of_a_turn():
    # Spec §9: after the active player, the engine checks the other one (normally unreachable).
    s = position(spread(9, 10), stack=[])
    pass_turn(s)
    assert s.is_terminal() and s.winner == DARK and s.reason == "10 cities"
    assert s.ranking() == [2, 1]


# The default stall rule counts only once no tile left can be laid (spec Q9, issue 19): before that a voyage
# can still change the game, and the printed rules would go on.


def test_the_default_never_ends_a_game_by_stall_while_a_tile_can_be_laid():
    s = position(spread(3, 3), stack=["T07", "T08"])  # default options: stall=40
    assert s.stall_limit == 40 and s.can_grow()
    for _ in range(120):
        pass_turn(s)
    assert not s.is_terminal() and s.end_reason() is None
    view = s.view(None)
    assert view["map_closed"] is False and view["turns_since_change"] == 0
    assert "it counts only once no tile left in the stack can be laid" in _picture(s)


def test_the_default_still_ends_a_game_that_can_no_longer_progress():
    """An empty stack: no voyage is possible, and 40 turns with no new record of cities end the game."""
    s = position(spread(4, 3), stack=[])
    start = s.turn - 1
    assert not s.can_grow() and s.view(None)["map_closed"] is True
    for _ in range(39):
        pass_turn(s)
    assert not s.is_terminal() and s.end_reason() is None
    pass_turn(s)
    assert s.is_terminal() and s.reason == "stall" and s.winner == LIGHT and s.turn == start + 40
    assert s.end_reason() == (
        f"ended by the stall rule after {s.turn} turns "
        "(40 in a row with no tile left to lay and no new record of cities)"
    )
    assert "the game ends by the stall rule; {p0} wins" in s.events[-1].text
    assert f"Ann wins ({s.end_reason()})." in _picture(s)


def test_tiles_that_fit_nowhere_close_the_map_too():
    # T21 has two sea regions: beside the dolphin alone one of them would make a new sea (P4), and no other
    # site has two placed neighbours. The stack never empties, yet the game cannot grow.
    s = position(spread(3, 3), stack=["T21"])
    assert s.stack_size() == 1 and not s.can_grow()
    for _ in range(40):
        pass_turn(s)
    assert s.is_terminal() and s.reason == "stall" and s.end_reason() is not None


def test_the_stall_clock_starts_when_the_last_tile_that_fits_is_laid():
    tiles = spread(3, 3)
    tiles[0] = ("T01", 1, 0, 0, LIGHT, 1, 1)
    s = position(tiles, stack=["T07"])
    for _ in range(60):  # 60 quiet turns while a tile could still be laid: none of them counts
        pass_turn(s)
    assert not s.is_terminal() and s.active == LIGHT
    play(s, "voyage", "tile T07", "at 0 1")
    while s.active == LIGHT:
        pass_turn(s)
    laid = s.turn - 1
    assert not s.can_grow() and s.last_change == laid
    for _ in range(39):
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal() and s.reason == "stall" and s.turn == laid + 40
    assert s.winner == LIGHT  # four cities to three


def test_the_backstop_ends_a_game_in_which_nobody_sails_for_ten_times_the_limit():
    """An open map: 400 turns (10 x stall) with no new record of cities end the game, for players who never
    sail although a tile fits; those turns say so, and shorter quiet runs never end a game."""
    s = position(spread(3, 3), stack=["T07", "T08"])
    assert s.can_grow() and s.last_record == 0
    while s.turn < 10 * s.stall_limit:  # the check comes at the end of each turn
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal() and s.reason == "stall" and s.can_grow() and s.turn == 400
    quiet = "400 in a row with no new record of cities"
    assert s.end_reason() == f"ended by the stall rule after 400 turns ({quiet})"
    text = "No player passed their best city count in 400 turns: the game ends by the stall rule"
    assert text in s.events[-1].text


def test_the_backstop_counts_from_the_last_new_record_of_cities():
    s = position(spread(3, 3), stack=["T07", "T08"], options={"stall": 2})
    assert s.stall_limit == 2
    for _ in range(5):
        pass_turn(s)
    s.last_record = s.turn  # as a new record would (``_ownership_changed``)
    for _ in range(20):  # turns record+0 .. record+19
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)  # the end of turn record+20
    assert s.is_terminal() and s.end_reason() is not None and "(20 in a row" in s.end_reason()
