"""A whole game (spec §4, §5, §8): the round structure end to end, the end of round 8, and the interfaces
(labels, illegal-action messages, view, terminal picture, command line)."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine import IllegalAction, InvalidAction, Rng
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Conquer,
    Pass,
)

from .builders import GAME, draw, game, give, log_text, own, play_out, reveal, top, trigger


def test_case_39_round_8_income_chits_final_supply_then_scoring_and_no_round_9():
    s = game(
        2,
        expansion=True,
        civs=["messene", "patras"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
    )
    s.round = 8  # the reveal of round 8 (stack C)
    give(s, 0, strength=9, inh=5, food=2, wood=1, coins=3)
    give(s, 1, strength=1, food=9)
    own(s, 0, reserved=("A12",))
    reveal(s, "C01", "C02", "C08", "C03", "C05")
    # Player 1's 3 coins buy nothing here: he passes without a decision; player 2 passes.
    s.apply(Pass(), seat=1)
    assert top(s) == (step.CHIT,)  # income done; now the round's 3 chits
    draw(s, "blank", "plague", "drought")
    # The final supply round: feeding, the reserved Bridge (2 wood; 1 wood, no luxury: it falls), conflict.
    log = log_text(s)
    end = log.index("The eighth round is over")
    assert log.index("Player 1: income") < log.index("Disaster chit drawn: blank") < end
    assert end < log.index("Supply round", end) < log.index("Internal conflict", end)
    assert "gives up Bridge A12" in log[end:]
    assert top(s) == (step.CLOVERS, 0)
    s.apply(AssignCloverleaves(2), seat=0)
    s.apply(AssignCloverleaves(0), seat=1)
    assert s.is_terminal() and s.round == 8 and "Round 9" not in log_text(s)
    assert log_text(s).splitlines()[-1].startswith("Winner:")


def test_a_whole_base_game_has_eight_rounds_three_supply_rounds_and_every_disaster_once():
    s = play_out(game(3, log=True), seed=5)
    log = log_text(s)
    assert [f"Round {r} (stack {'AAABBBCC'[r - 1]})" in log for r in range(1, 9)] == [True] * 8
    assert log.count("Supply round") == 3
    for name in ("Plague", "Drought", "Earthquake", "Tempest", "Decline"):
        assert log.count(f"{name} strikes!") == 1
    assert sum(s.pool) == 0 and s.placed[:5] == [3, 3, 3, 3, 3]


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_expansion_game_draws_three_chits_a_round_and_the_persians_attack_twice(seed):
    s = play_out(game(4, expansion=True, log=True), seed=seed)
    log = log_text(s)
    assert log.count("Supply round") == 3
    assert log.count("The Persians attack") == 2
    assert log.count("Internal conflict") >= 3


def test_chance_nodes_list_outcomes_with_probabilities():
    s = game(2)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 15 and sum(p for _, p in outcomes) == pytest.approx(1)
    sample = s.sample_chance(Rng(1))
    assert sample in [a for a, _ in outcomes]


def test_deals_are_uniform_over_what_is_left():
    s = GAME.new_state(3, {"expansion": True}, log=False)
    assert len(s.legal_actions()) == 8
    s.apply(s.legal_actions()[0])
    assert len(s.legal_actions()) == 7


def test_json_round_trip_mid_bid():
    s = game(3, civs=["messene", "patras", "arkadia"])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    data = json.loads(json.dumps(s.to_json()))
    restored = GAME.state_from_json(data)
    assert restored.to_json() == s.to_json()
    assert restored.legal_actions() == s.legal_actions()
    restored.apply(BidAmount(2), seat=0)
    s.apply(BidAmount(2), seat=0)
    assert restored.to_json() == s.to_json()


def test_illegal_actions_name_the_rule_and_change_nothing():
    s = game(2, civs=["messene", "patras"])
    own(s, 1, "A01")
    reveal(s, "A05", "A12", "A07", "A09", "A14")
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match="peloponnes §4 phase 2: 'amount 3' is not possible now"):
        s.apply(BidAmount(3))
    with pytest.raises(IllegalAction, match="peloponnes §4 phase 2: Forest A07 is the conquest row"):
        s.apply(BidOn("A07"))
    with pytest.raises(IllegalAction, match="§10: there is no tile 'Z99'"):
        s.apply(BidOn("Z99"))
    assert json.dumps(s.to_json()) == before
    s.apply(Pass(), seat=0)
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalAction, match=r"peloponnes §4\.4: Wheat fields A05 .* shares no income good"):
        s.apply(BidOn("A05"))
    assert json.dumps(s.to_json()) == before


def test_illegal_coins_message():
    s = game(2, civs=["argos", "patras"])
    reveal(s, "A12", "A14", "A03", "A07", "A01")
    s.apply(Pass(), seat=1)
    with pytest.raises(IllegalAction, match="conquering Silver hills needs 7 coins; you can pay 5"):
        s.apply(Conquer("A03"), seat=0)


def test_labels_are_plain_words():
    s = game(2, civs=["messene", "patras"])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    labels = [s.label(a) for a in s.legal_actions()]
    assert (
        labels[0] == "Bid on Bridge A12 (building, min 1, 4 PP, cost 2 wood, +2 inh, income 1 food): 1+ coins"
    )
    assert "Conquer Forest A07 (land, min 2, 2 PP, +2 inh, income 3 wood) for 5 coins" in labels
    assert labels[-1] == "Pass (+1 coin)"


def test_parse_round_trip_and_bad_notation():
    for text in (
        "bid A12",
        "amount 3",
        "conquer A07",
        "pass",
        "save A12 yes",
        "finish C08 stone",
        "clovers 2",
    ):
        assert GAME.parse_action(text).notation() == text
    with pytest.raises(InvalidAction):
        GAME.parse_action("bid")


def test_view_is_json_shows_stack_sizes_not_contents():
    s = game(3, expansion=True)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    view = s.view(0)
    json.dumps(view)
    assert view["tile_stacks"] == {"A": 10, "B": 15, "C": 10}
    assert view["chit_stacks"]["face_down"] == 24 and view["chit_stacks"]["under_stack_2"] == []
    assert [e["tile"]["id"] for e in view["regular_row"]] == ["A12", "A14", "A07"]
    assert view["decision"]["step"] == "bidding" and view["your_turn"] == (s.current_player() == 0)
    assert "pool" not in json.dumps(view)
    assert s.determinize(0, Rng(3)).view(0) == view


@pytest.mark.parametrize(
    ("players", "options"), [(5, {}), (8, {"expansion": True}), (1, {"expansion": True})]
)
def test_terminal_picture_fits_100_columns(players, options):
    s = play_out(game(players, **options), seed=2)
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(s, 0, s.participant_names()))
    text = console.export_text()
    assert "Final scores" in text
    assert max(len(line) for line in text.splitlines()) <= 100
    s = game(players, **options)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(s, 0))
    assert "Tiles on offer" in console.export_text()


runner = CliRunner()


def test_cli_lists_and_prints_the_rules():
    result = runner.invoke(app, ["games"], terminal_width=200)
    assert result.exit_code == 0 and "peloponnes" in result.output and "1-8" in result.output
    result = runner.invoke(app, ["rules", "peloponnes"])
    assert result.exit_code == 0 and "Solo against Angelos" in result.output


def test_cli_play_with_piped_input_answers_bad_input_and_finishes(tmp_path):
    lines = ["hello", "0", "999", "bid Z99", "amount 99", "?", "b"] + ["1"] * 600
    result = runner.invoke(
        app,
        [
            "play",
            "peloponnes",
            "--players",
            "3",
            "--option",
            "expansion=true",
            "--seat",
            "human",
            "--seed",
            "4",
            "--record",
            str(tmp_path / "game.json"),
        ],
        input="\n".join(lines) + "\n",
        terminal_width=100,
    )
    out = result.output
    assert result.exit_code == 0, out[-3000:]
    assert "unknown action kind 'hello'" in out
    assert "There is no choice 0" in out and "There is no choice 999" in out
    assert "peloponnes §" in out
    assert "Final scores" in out and "Winner:" in out and "Traceback" not in out


def test_cli_play_solo_against_angelos():
    result = runner.invoke(
        app,
        [
            "play",
            "peloponnes",
            "--players",
            "1",
            "--option",
            "expansion=true",
            "--option",
            "angelos=stratigos",
        ],
        input="\n".join(["1"] * 300) + "\n",
        terminal_width=100,
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert "Angelos" in result.output and "Final scores" in result.output


def test_cli_bad_options_are_one_line_errors():
    result = runner.invoke(app, ["play", "peloponnes", "--players", "7"])
    assert result.exit_code == 2 and "1 to 5 players" in result.output
    result = runner.invoke(app, ["play", "peloponnes", "--option", "negotiation=true"])
    assert (
        result.exit_code == 2
        and "'negotiation' applies only with 2-8 players and expansion=true" in result.output
    )


def test_greedy_and_random_bots_finish_every_variant():
    from hellenika.bots import GreedyBot, RandomBot
    from hellenika.engine import play_match

    for players, options in GAME.configurations():
        seats = [GreedyBot() if i % 2 == 0 else RandomBot() for i in range(players)]
        result = play_match(GAME, players, seats, options=options, seed=players)
        assert result.state.is_terminal()


def test_supply_round_via_trigger_keeps_the_round_going():
    s = game(2, civs=["messene", "patras"])
    trigger(s, (step.SUPPLY,))
    assert top(s) == (step.REVEAL,)


def test_no_log_text_is_built_without_a_log(monkeypatch):
    """Search clones keep no log: every log line is guarded, so no text is built (the hot path)."""
    from hellenika.games.peloponnes.state import PeloponnesState

    def refuse(*args, **kwargs):
        raise AssertionError("log text built for a state without a log")

    monkeypatch.setattr(PeloponnesState, "log", refuse)
    for players, options in GAME.configurations():
        play_out(game(players, log=False, **options), seed=players)


def test_a_standing_bid_shows_its_coins_first_in_80_columns():
    s = game(3, civs=["messene", "patras", "arkadia"])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(3), seat=0)
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render(s, 1, ["Player 1", "Player 2", "Player 3"]))
    lines = console.export_text().splitlines()
    row = next(line for line in lines if "Bridge A12" in line)
    assert "3 · Player" in row
    assert max(len(line) for line in lines) <= 80
