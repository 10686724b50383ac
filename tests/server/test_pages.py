"""Pages and static files: the shell's pages at their addresses, unknown addresses 404 with a detail."""

from __future__ import annotations

import pytest

from hellenika.bots.policy import shipped_player_counts
from hellenika.server.http.pages import PAGES
from tests.server.harness import LiveServer


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("/", "index"),
        ("/login", "login"),
        ("/lobby", "lobby"),
        ("/tables/abc", "table"),
        ("/replays/abc", "replay"),
        ("/leaderboard", "leaderboard"),
        ("/replays/abc/review", "review"),
        ("/learn", "learn"),
    ],
)
def test_pages_serve_their_file_or_404(server: LiveServer, path: str, page: str) -> None:
    answer = server.player().get(path)
    exists = (server.settings.static_dir / PAGES[page]).is_file()
    if exists:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/html")
    else:
        assert answer.status_code == 404
        assert "detail" in answer.json()


def test_static_files_and_unknown_addresses(server: LiveServer) -> None:
    client = server.player()
    assert client.get("/static/js/board-host.js").status_code == 200
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    assert missing.json() == {"detail": "Not Found"}
    assert client.get("/static/nothing.js").status_code == 404


def test_any_response_hands_out_the_csrf_cookie(server: LiveServer) -> None:
    client = server.player()
    assert client.csrf
    answer = client.http.get("/api/games")
    assert "hellenika_csrf" not in answer.headers.get("set-cookie", "")  # kept, not renewed


def test_games_list_every_registered_game(server: LiveServer) -> None:
    from hellenika import games

    listed = server.player().ok(server.player().get("/api/games"))["games"]
    assert [g["name"] for g in listed] == games.names()
    hercules = next(g for g in listed if g["name"] == "hercules")
    assert hercules["min_players"] == 1 and hercules["options"] and hercules["rules"]
    assert hercules["bot_levels"] == ["easy", "medium", "hard", "expert", "trained"]
    assert hercules["trained_players"] == shipped_player_counts("hercules")
