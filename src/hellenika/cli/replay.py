"""``hellenika replay``: step through a recorded game, forward and back, and verify it replays exactly.

The record is checked first with the engine's :meth:`Record.verify`, as the server checks an upload: every
action with full checking, every chance outcome against the seed, and the result and digest it claims.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from hellenika import games
from hellenika.engine.record import Record
from hellenika.engine.state import State
from hellenika.i18n import ENGLISH

REPLAY_HELP = "Enter: next action   b: back one   NUMBER: go to that step   e: end   q: quit"


def _names(record: Record, state: State) -> list[str]:
    return [f"P{i + 1} {spec}" for i, spec in enumerate(record.seats)] + state.participant_names()[
        record.players :
    ]


def replay_to_end(path: Path, console: Console, show_log: bool, lang: str = ENGLISH) -> int:
    record = Record.load(path)
    state, _checked = record.verify(games.REGISTRY, log=True)
    names = _names(record, state)
    game = games.get(record.game)
    if show_log:
        for line in state.iter_log(names, omniscient=True, lang=lang):
            console.print(f"[dim]·[/dim] {escape(line)}", highlight=False)
    console.print(game.render(state, None, names, lang))
    verdict = "matches" if record.final_digest else "(no digest in the record)"
    console.print(f"Replayed {len(record.actions)} actions; final state {state.digest()} {verdict}.")
    console.print(f"Every chance outcome is the one seed {record.seed} draws ({record.chance} chance).")
    return 0


def replay_interactive(path: Path, console: Console, stream: TextIO, lang: str = ENGLISH) -> int:
    record = Record.load(path)
    game = games.get(record.game)
    final, _checked = record.verify(games.REGISTRY)  # the whole record first
    names = _names(record, final)
    total = len(record.actions)
    step = 0
    console.print(REPLAY_HELP)
    while True:
        state = record.replay(games.REGISTRY, upto=step, check_chance=False)
        console.rule(f"step {step} of {total}")
        if step:
            last = game.action_from_json(record.actions[step - 1])
            console.print(f"last action: {escape(last.notation())}", highlight=False)
            for event in state.visible_events(None, omniscient=True):
                if event.step == step - 1:
                    console.print(f"[dim]·[/dim] {escape(event.render(names, lang))}", highlight=False)
        console.print(game.render(state, None, names, lang))
        console.print("> ", end="")
        line = stream.readline()
        if not line:
            return 0
        command = line.strip().lower()
        if command in ("q", "quit"):
            return 0
        if command == "b":
            step = max(0, step - 1)
        elif command == "e":
            step = total
        elif command.isdigit():
            step = min(total, int(command))
        elif command == "":
            step = min(total, step + 1)
        else:
            console.print(f"[yellow]{REPLAY_HELP}[/yellow]")
