"""What players see: the per-seat view (nothing hidden on Yucata, no stack order anywhere), the terminal
picture (fits 100 columns), labels, the log, and the command line driven as a user would."""

from __future__ import annotations

import json

from rich.console import Console
from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine import Rng
from hellenika.engine.record import Record
from hellenika.games.hellas.actions import (
    Build,
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    PlaceTile,
    Reveal,
    TakeMarble,
)

from .builders import (
    BLUE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    choose,
    decline_everything,
    mine,
    place,
    set_pillars,
    setup,
    take_marble,
)

runner = CliRunner()


def test_view_is_public_and_json():
    s = setup(3)
    place(s, RED, "house", "1,4")
    place(s, BLUE, "palace", "1,5")
    place(s, GREEN, "statue", "4,4")
    set_pillars(s, T8=2)
    choose(s, "palace")
    view = s.view(BLUE)
    json.dumps(view)
    assert view["seat"] == BLUE and view["your_turn"] is False and view["to_move"] == RED
    assert view["board"] == "minotaur" and view["round"] == 1
    assert view["current_action"]["space"] == "palace" and view["current_action"]["deciding"] == RED
    assert [p["marble"] for p in view["players"]] == [10, 10, 10]  # marble is public on Yucata
    assert {"space": "1,4", "piece": "house", "owner": RED} in view["pieces"]
    assert {"space": "4,4", "piece": "statue", "owner": None} in view["pieces"]
    assert view["temples"][-1] == {"id": "T8", "space": "3,5", "slots": 8, "pillars": 2}
    assert view["tile_stack"]["count"] == 37
    assert view["tile_stack"]["tiles"] == sorted(view["tile_stack"]["tiles"])  # a set, never an order
    assert view["track"][4] == {
        "id": "palace", "title": "Build a palace", "kind": "palace", "shared": True, "marker": RED,
        "cost": 0, "pillars": 0, "gain": 0,
    }  # fmt: skip
    assert view["track"][9] | {"marker": None} == {
        "id": "temple5", "title": "Temple: 5 pillars for 10 marble", "kind": "temple", "shared": False,
        "marker": None, "cost": 10, "pillars": 5, "gain": 0,
    }  # fmt: skip
    # The board's geometry and prices, for drawing it (the web board).
    assert view["board_title"] == "Minotaur" and len(view["board_rows"]) == 11
    assert view["board_rows"][3][5] == "8" and view["board_rows"][0][5] == "Q"
    assert view["costs"] == {"house": [1, 2], "square": [1, 2], "palace": [5, 7], "statue": [0, 7]}
    assert view["markers_left"] == [3, 4, 4]

    def public(v):
        return {k: x for k, x in v.items() if k not in ("seat", "your_turn")}

    for seat in (RED, GREEN, None):
        assert public(s.view(seat)) == public(view)  # the same for every seat
    assert s.determinize(BLUE, Rng(3)).view(BLUE) == view
    # nothing is hidden on Yucata: a determinized copy is the true state
    assert json.dumps(s.determinize(BLUE, Rng(3)).to_json()) == json.dumps(s.to_json())


def test_view_of_quarries_hides_closed_tops_and_shows_the_worker():
    s = setup(3)
    mine(s, "mine1")
    s.apply(Reveal(7))
    s.apply(MoveWorker("9,3"))
    quarries = {q["id"]: q for q in s.view(None)["quarries"]}
    closed = {"id": "2,10", "coast": True, "state": "closed", "top": None, "yield": None}
    assert quarries["2,10"] == {**closed, "tiles": 1, "worker": False}
    assert quarries["5,5"]["state"] == "active" and quarries["5,5"]["top"] == 7
    assert quarries["9,3"]["worker"] is True and quarries["9,3"]["state"] == "empty"


def test_view_lists_cities_and_villages():
    s = setup(3)
    set_pillars(s, T4=4)
    place(s, RED, "house", "2,6", "3,6")
    place(s, RED, "palace", "1,6")
    place(s, RED, "house", "10,5")
    groups = s.view(None)["players"][RED]["groups"]
    kinds = sorted((g["kind"], g["size"], tuple(g["temples"])) for g in groups)
    assert kinds == [("city", 3, ("T4", "T8")), ("village", 1, ())]


def render_text(s, seat=None, names=None, width=100):
    console = Console(width=width, record=True, color_system=None)
    console.print(GAME.render(s, seat, names))
    return console.export_text()


def test_render_fits_100_columns_and_shows_the_board():
    s = setup(4)
    place(s, RED, "house", "1,4")
    place(s, BLUE, "palace", "1,5")
    place(s, GREEN, "square", "0,4")
    place(s, RED, "statue", "4,4")
    set_pillars(s, T8=3)
    choose(s, "house1")
    text = render_text(s, RED, ["Ann", "Bob", "Cy", "Di"])
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert "…" not in text  # no truncated column
    assert "Minotaur side" in text and "Ann: Build a house" in text
    row1 = next(line for line in lines if line.startswith(" 1 "))
    assert "H1" in row1 and "P2" in row1
    assert "[12]" in text and "[W ]" in text and "3/8" in text and " ST " in text
    assert "Ann* (you)" in text


def test_render_at_the_end_shows_final_scores():
    s = setup(2)
    decline_everything(s)
    text = render_text(s)
    assert "game over" in text and "Final places:" in text and "+Marble" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_labels_of_every_kind():
    s = setup(3)
    assert s.label(ChooseAction("palace")) == "Build a palace (everyone in turn, 5/7 marble)"
    assert s.label(ChooseAction("temple2")) == (
        "Temple: exactly 2 pillars for 4 marble, +1 ring; start next round"
    )
    assert s.label(ChooseAction("mine1")) == "Mine marble (everyone earns, then you may draw up to 4 tiles)"
    choose(s, "mine1")
    assert s.label(DrawTiles()) == "Draw quarry tiles (up to 4; no stopping once you have drawn)"
    assert s.label(Decline()) == "Decline (draw no quarry tiles; the income stays paid)"
    s.apply(DrawTiles())
    assert s.label(Reveal(25)) == "Quarry tile 25 is drawn"
    s.apply(Reveal(7))
    assert s.label(MoveWorker("9,3")) == "Move the quarry worker to 9,3 (coast quarry)"
    s.apply(MoveWorker("9,3"))
    choose(s, "house1")  # Blue
    place(s, BLUE, "palace", "1,6")
    assert s.label(Build("house", "2,6")) == "Build a house on 2,6 (interior, 2 marble): city of 2"
    assert s.label(PlaceTile("0,5")).startswith("Put tile")


def test_log_names_participants_with_placeholders():
    s = setup(3)
    choose(s, "marble")
    assert s.label(TakeMarble()) == "Take 3 marble (10 -> 13)"
    assert s.label(Decline()) == "Decline (take no marble)"
    s.apply(TakeMarble())
    texts = [e.text for e in s.events]
    assert "{p0} chose 'Take 3 marble'" in texts
    assert "{p0} took 3 marble (now 13)" in texts
    assert list(s.iter_log(["Ann", "Bob", "Cy"]))[-1] == "Ann took 3 marble (now 13)"


def test_states_without_a_log_record_nothing():
    s = setup(3, log=False)
    take_marble(s)
    assert s.events == []


def test_cli_lists_and_explains_hellas():
    result = runner.invoke(app, ["games"], terminal_width=200)
    assert "hellas" in result.output and "2-4" in result.output
    result = runner.invoke(app, ["rules", "hellas"])
    assert result.exit_code == 0 and "Villages and cities" in result.output


def test_cli_play_with_piped_input_answers_bad_input_and_finishes(tmp_path):
    record_path = tmp_path / "hellas.json"
    lines = ["hello", "0", "99", "decline", "build house 0,5", "choose nowhere", "?", "b"] + ["1"] * 400
    result = runner.invoke(
        app,
        ["play", "hellas", "--players", "3", "--seat", "human", "--seed", "3", "--record", str(record_path)],
        input="\n".join(lines) + "\n",
        terminal_width=100,
    )
    out = result.output
    assert result.exit_code == 0, out[-2000:]
    assert "unknown action kind 'hello'" in out
    assert "There is no choice 0" in out and "There is no choice 99" in out
    assert "hellas §4.2" in out  # declining instead of placing a marker
    assert "hellas §4.5" in out or "hellas §4.2" in out
    assert "Final places:" in out and "Winner:" in out
    assert "Traceback" not in out
    record = Record.load(record_path)
    assert record.result is not None and record.game == "hellas"


def test_cli_play_quits_cleanly():
    result = runner.invoke(app, ["play", "hellas", "--players", "2", "--seed", "1"], input="q\n")
    assert result.exit_code == 0 and "Traceback" not in result.output


def test_cli_simulate_replay_bench_transcript(tmp_path):
    result = runner.invoke(app, ["simulate", "hellas", "--games", "4", "--players", "4", "--seat", "greedy"])
    assert result.exit_code == 0 and "P1 greedy" in result.output
    record_path = tmp_path / "r.json"
    runner.invoke(
        app,
        [
            "play",
            "hellas",
            "--players",
            "2",
            "--seat",
            "random",
            "--seat",
            "greedy",
            "--record",
            str(record_path),
        ],
    )
    result = runner.invoke(app, ["replay", str(record_path), "--to-end"], terminal_width=100)
    assert result.exit_code == 0, result.output[-1000:]
    result = runner.invoke(app, ["bench", "hellas", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0 and '"games_per_second"' in result.output
    a = runner.invoke(app, ["transcript", "hellas", "--players", "3", "--seed", "5"])
    b = runner.invoke(app, ["transcript", "hellas", "--players", "3", "--seed", "5"])
    assert a.exit_code == 0 and a.output == b.output and "# digest" in a.output


def test_decline_everything_helper_never_builds():
    s = setup(3)
    decline_everything(s)
    assert not any(s.houses) and not any(s.palaces) and s.statues == 0 and sum(s.pillars) == 0
    assert Decline() not in s.legal_actions()


def test_render_without_colour_tells_coast_from_interior_and_shows_every_player():
    s = setup(4)
    for p, space in enumerate(("1,4", "1,5", "1,6", "1,7")):
        place(s, p, "house", space)
    place(s, YELLOW, "palace", "0,6")
    text = render_text(s, None, ["Ann", "Bob", "Cy", "Di"])
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(" 0 "))
    row = {int(line[:2]): line for line in lines[start : start + 11]}
    # row 0 of Minotaur is "....cQcc.....": coast 0,4, quarry 0,5, Di's palace on 0,6, coast 0,7
    assert row[0].split() == ["0", "~", "[12]", "P4", "~"]
    assert "H1" in row[1] and "H2" in row[1] and "H3" in row[1] and "H4" in row[1]
    assert " · " in row[4] and " ~ " in row[4]  # row 4 "cciiiiiiicc..": both kinds of free space
    assert "~ coast" in text and "· interior" in text
    for name in ("Ann", "Bob", "Cy", "Di"):
        assert name in text


def test_final_places_say_point_and_points():
    s = setup(2)
    decline_everything(s)
    s.marble = [5, 10]  # 1 and 2 marble points
    text = render_text(s)
    assert ": 1 point, 0 marble over" in text and ": 2 points, 0 marble over" in text


def test_the_stack_in_the_view_is_what_every_player_saw_leave_it():
    """The view lists the tiles still in the stack; that is public (every drawn tile was shown face up): it
    equals the 40 tiles minus those the public log shows drawn. Nothing about their order is anywhere."""
    from hellenika.engine import TERMINAL

    s = GAME.new_state(3)
    rng = Rng(9)
    while s.current_player() != TERMINAL:
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        if s.current_player() >= 0:
            view = s.view(s.current_player())
            shown = {int(a.tile) for a in s.history() if isinstance(a, Reveal)}
            assert view["tile_stack"]["tiles"] == sorted(set(range(1, 41)) - shown)
            assert "stack" not in view and "aside" not in view
            for q in view["quarries"]:
                if q["state"] == "closed":
                    assert q["top"] is None and q["yield"] is None  # a closed pile is face down
