"""The lobby's "trained" bot level: a shipped policy network (hellenika.bots.policy) as a table's bot."""

from __future__ import annotations

from hellenika import games
from hellenika.bots.policy import PolicyBot, shipped_player_counts
from hellenika.engine.agent import Observation
from hellenika.engine.record import Record
from hellenika.engine.rng import Rng
from tests.server.harness import LiveServer
from tests.server.helpers import play_out


def test_games_list_the_player_counts_with_a_trained_bot(server: LiveServer) -> None:
    listed = {g["name"]: g for g in server.player("reader").get("/api/games").json()["games"]}
    assert listed["hellas"]["trained_players"] == shipped_player_counts("hellas") == [2]
    assert "trained" in listed["hellas"]["bot_levels"]
    assert listed["attika"]["trained_players"] == []


def test_a_trained_bot_is_refused_where_no_network_is_shipped(server: LiveServer) -> None:
    host = server.player("host")
    seats = [{"kind": "me"}, {"kind": "bot", "level": "trained"}, {"kind": "bot", "level": "easy"}]
    answer = host.post("/api/tables", {"game": "hellas", "players": 3, "seats": seats})
    assert answer.status_code == 422
    assert "no trained bot plays hellas" in answer.json()["detail"].lower()
    assert "player counts with one: 2" in answer.json()["detail"]
    assert host.get("/api/tables/mine").json()["tables"] == []


def test_the_trained_bot_plays_the_shipped_networks_moves(server: LiveServer) -> None:
    host = server.player("host")
    table = host.create(game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "trained"}])
    assert table["seats"][1]["level"] == "trained"
    host.ok(host.post(f"/api/tables/{table['id']}/start"))
    final = play_out({0: host}, table["id"], seed=3)
    assert final["finished"]
    # Replay the record: every decision of the bot's seat is the shipped network's greedy choice there.
    record = Record.from_json(host.ok(host.get(f"/api/tables/{table['id']}/record")))
    game = games.get("hellas")
    state = game.new_state(record.players, record.options, log=False)
    policy = PolicyBot()
    checked = 0
    for item in record.actions:
        action = game.action_from_json(item)
        if state.current_player() == 1:
            assert policy.choose(Observation(state, 1), Rng(0)) == action
            checked += 1
        state.apply(action)
    assert checked > 10
