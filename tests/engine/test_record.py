"""Records are verified, not trusted: the replay draws every chance outcome again from the seed under the
record's scheme, and computes the result and digest that a record may only repeat."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.errors import RecordError
from hellenika.engine.match import play_match
from hellenika.engine.record import Record
from hellenika.engine.results import forfeit_places
from hellenika.engine.rng import PER_STEP, STREAM, ChanceDraws, Rng, chance_at_step
from hellenika.engine.state import State

GAME_CASES = [("peloponnes", 2), ("hercules", 3), ("hellas", 2), ("attika", 2), ("hellas_delonge", 2)]


def cli_record(game: str = "peloponnes", players: int = 2, seed: int = 11) -> dict[str, Any]:
    agents = [make_agent("random") for _ in range(players)]
    return play_match(games.get(game), players, agents, seed=seed).record.to_json()


def per_step_record(game_name: str = "hercules", players: int = 2, seed: int = 5) -> Record:
    """A game played the server's way: chance at step n drawn from its own generator."""
    game = games.get(game_name)
    state = game.new_state(players, None, log=False)
    choices = Rng(seed + 1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(chance_at_step(seed, state.version)))
        else:
            state.apply(choices.choice(state.legal_actions()))
    record = Record.start(state, [f"seat {i}" for i in range(players)], seed, chance=PER_STEP)
    record.finish(state)
    return record


def forge_last_chance(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The record cut just after its last chance node with a choice, that outcome swapped for another legal
    one, and no result or digest: every action is legal, so only a check against the seed can refuse it."""
    game = games.get(data["game"])
    state = game.new_state(data["players"], data["options"], log=False)
    last: tuple[int, dict[str, Any]] | None = None
    for step, item in enumerate(data["actions"]):
        if state.is_chance_node():
            others = [a.to_json() for a in state.legal_actions() if a.to_json() != item]
            if others:
                last = (step, others[0])
        state.apply(game.action_from_json(item))
    assert last is not None
    step, other = last
    forged = copy.deepcopy(data)
    forged["actions"] = [*forged["actions"][:step], other]
    forged.update(result=None, final_digest=None)
    return forged, step


@pytest.mark.parametrize(("game", "players"), GAME_CASES)
def test_a_cli_record_verifies_and_computes_its_result(game: str, players: int) -> None:
    data = cli_record(game, players)
    assert data["chance"] == STREAM
    state, checked = Record.from_json(data).verify(games.REGISTRY)
    assert checked.final_digest == data["final_digest"] == state.digest()
    assert checked.actions == data["actions"]
    assert checked.result is not None
    for key in ("scores", "places", "breakdown"):
        assert checked.result[key] == data["result"][key], key
    assert checked.result["participants"][:players] == ["random"] * players  # the seats' names


@pytest.mark.parametrize(("game", "players"), GAME_CASES)
def test_a_changed_chance_outcome_is_refused_naming_its_step(game: str, players: int) -> None:
    forged, step = forge_last_chance(cli_record(game, players))
    record = Record.from_json(forged)
    record.replay(games.REGISTRY, check_chance=False)  # every action is legal: the rules alone accept it
    with pytest.raises(RecordError, match=rf"^action {step} .*does not replay: the record's seed draws"):
        record.verify(games.REGISTRY)


def test_a_changed_seed_is_refused() -> None:
    data = cli_record()
    data["seed"] += 1
    with pytest.raises(RecordError, match=r"^action \d+ .*seed draws"):
        Record.from_json(data).verify(games.REGISTRY)


def test_a_record_without_a_seed_cannot_be_verified() -> None:
    data = cli_record()
    data["seed"] = None
    with pytest.raises(RecordError, match="no seed"):
        Record.from_json(data).verify(games.REGISTRY)
    Record.from_json(data).replay(games.REGISTRY, check_chance=False)  # shown without the check


def test_a_record_without_a_scheme_reads_as_the_cli_stream() -> None:
    data = cli_record()
    del data["chance"]
    record = Record.from_json(data)
    assert record.chance == STREAM
    record.verify(games.REGISTRY)


def test_a_per_step_record_verifies_only_under_its_own_scheme() -> None:
    record = per_step_record()
    _state, checked = record.verify(games.REGISTRY)
    assert checked.to_json()["chance"] == PER_STEP
    assert Record.from_json(checked.to_json()).verify(games.REGISTRY)[1] == checked
    as_stream = Record.from_json({**record.to_json(), "chance": STREAM})
    with pytest.raises(RecordError, match="stream chance"):
        as_stream.verify(games.REGISTRY)


def test_an_unknown_scheme_is_refused() -> None:
    with pytest.raises(RecordError, match="'chance' must be one of"):
        Record.from_json({**cli_record(), "chance": "dice-tower"})


def test_a_forged_result_is_refused_naming_the_field() -> None:
    data = cli_record()
    real = data["result"]["scores"]
    for key, value in (("scores", [999, 0]), ("places", [7, 7]), ("breakdown", [])):
        forged = copy.deepcopy(data)
        forged["result"][key] = value
        with pytest.raises(RecordError, match=rf"^result\.{key}: the record says "):
            Record.from_json(forged).verify(games.REGISTRY)
    forged = copy.deepcopy(data)
    forged["result"]["scores"] = [999, 0]
    with pytest.raises(RecordError) as caught:
        Record.from_json(forged).verify(games.REGISTRY)
    assert str(caught.value) == f"result.scores: the record says [999, 0], the replay gives {real}"


def test_a_result_for_a_game_that_is_not_over_is_refused() -> None:
    data = cli_record()
    data["actions"] = data["actions"][:40]
    data["final_digest"] = None
    with pytest.raises(RecordError, match="has a result but its game is not over after 40 actions"):
        Record.from_json(data).verify(games.REGISTRY)
    data["result"] = None
    _state, checked = Record.from_json(data).verify(games.REGISTRY)
    assert checked.result is None and checked.final_digest is not None  # an unfinished game, computed


def test_a_wrong_digest_is_refused_and_a_missing_one_computed() -> None:
    data = cli_record()
    with pytest.raises(RecordError, match=r"^final_digest differs"):
        Record.from_json({**data, "final_digest": "0" * 16}).verify(games.REGISTRY)
    _state, checked = Record.from_json({**data, "final_digest": None, "result": None}).verify(games.REGISTRY)
    assert checked.final_digest == data["final_digest"]
    assert checked.result is not None and checked.result["scores"] == data["result"]["scores"]


def test_a_forfeit_claim_is_accepted_only_before_the_end_and_scored_by_the_replay() -> None:
    data = cli_record()
    data["actions"] = data["actions"][:40]
    data["final_digest"] = None
    data["result"] = {"forfeit": 1, "reason": "timeout", "scores": [5, 5], "places": [2, 1]}
    with pytest.raises(RecordError, match=r"^result\.(scores|places): "):
        Record.from_json(data).verify(games.REGISTRY)
    data["result"] = {"forfeit": 1, "reason": "timeout"}
    state, checked = Record.from_json(data).verify(games.REGISTRY)
    assert checked.result == {
        "participants": ["random", "random"],
        "scores": state.scores(),
        "places": forfeit_places(state, 1),
        "breakdown": state.score_breakdown(),
        "forfeit": 1,
        "reason": "timeout",
        "forfeit_claimed": True,
    }
    assert checked.result["places"][1] == 2
    for bad, message in (
        ({"forfeit": 2}, "seat from 0 to 1"),
        ({"forfeit": True}, "seat from 0 to 1"),
        ({"forfeit": 0, "reason": "bored"}, "result.reason must be one of"),
    ):
        with pytest.raises(RecordError, match=message):
            Record.from_json({**data, "result": bad}).verify(games.REGISTRY)
    finished = cli_record()
    finished["result"]["forfeit"] = 0
    with pytest.raises(RecordError, match="over by the rules after"):
        Record.from_json(finished).verify(games.REGISTRY)


def test_verify_answers_the_canonical_record() -> None:
    data = cli_record()
    data["options"] = {}  # the defaults, filled in by the game
    data["surprise"] = {"deep": [1, 2, 3]}  # unknown top-level fields are ignored and dropped
    data["result"] = {"scores": data["result"]["scores"], "note": "mine"}  # only the replay's result is kept
    _state, checked = Record.from_json(data).verify(games.REGISTRY)
    out = checked.to_json()
    assert "surprise" not in out and "note" not in out["result"]
    assert out["options"] == games.get("peloponnes").validate(2, None)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", "2"),
        ("players", True),
        ("seats", "ab"),
        ("seats", [1, 2]),
        ("seed", "11"),
        ("seed", 1.5),
        ("actions", [1]),
        ("actions", None),
        ("result", [1]),
        ("final_digest", 5),
        ("game", None),
        ("options", [1]),
    ],
)
def test_fields_of_the_wrong_type_are_refused(field: str, value: Any) -> None:
    with pytest.raises(RecordError, match=f"malformed record: '{field}'"):
        Record.from_json({**cli_record(), field: value})


def test_the_chance_schemes_draw_as_before() -> None:
    stream = ChanceDraws(9, STREAM)
    assert stream.at(0) is stream.at(7)  # one generator, drawn from in order
    assert stream.at(0).state == Rng(9).fork("chance").state
    assert ChanceDraws(9, PER_STEP).at(4).state == Rng(9).fork("chance-4").state
    with pytest.raises(ValueError, match="unknown chance scheme"):
        ChanceDraws(9, "other")


def test_forfeit_places_put_the_forfeiting_seat_last() -> None:
    game = games.get("hercules")
    state: State = game.new_state(3, None, log=False)
    places = forfeit_places(state, 0)
    assert places[0] == 3 and sorted(places[1:]) in ([1, 1], [1, 2])
