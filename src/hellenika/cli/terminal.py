"""Terminal play: the human seat's prompt and the running commentary of what the others do.

Input comes line by line from a stream (stdin by default), so a game can be driven by piped input. Anything
unexpected at the prompt gets a message and the prompt again; the end of input ends the game cleanly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.errors import HellenikaError
from hellenika.engine.events import render_names
from hellenika.engine.rng import Rng

if TYPE_CHECKING:
    from hellenika.engine.state import State

HELP = """Type the number of a choice, or an action in notation (the grey text beside each choice).
  b / board   show the board again      l / log   show the whole log
  ? / help    this help                 q / quit  stop (the record is still saved)"""


class QuitGame(Exception):
    """The human asked to stop (``deliberate``), or input ended."""

    def __init__(self, reason: str, *, deliberate: bool = False) -> None:
        super().__init__(reason)
        self.deliberate = deliberate


class TerminalSession:
    """Shared by the human agents and the step hook: prints each new log line once, in order.

    ``viewer`` is whose eyes the log is read with: the human's seat when one human plays, else None (only
    public lines, as at a table where several people share the screen).
    """

    def __init__(self, console: Console, names: list[str], stream: TextIO, viewer: int | None) -> None:
        self.console = console
        self.names = names
        self.stream = stream
        self.viewer = viewer
        self.state: State | None = None
        self.shown = 0

    def catch_up(self) -> None:
        if self.state is None:
            return
        events = self.state.visible_events(None, omniscient=True)
        for event in events[self.shown :]:
            if event.visible_to(self.viewer):
                self.console.print(f"[dim]·[/dim] {escape(event.render(self.names))}", highlight=False)
        self.shown = len(events)

    def read_line(self, prompt: str) -> str:
        self.console.print(prompt, end="")
        line = self.stream.readline()
        if not line:
            self.console.print()
            raise QuitGame("input ended")
        return line.strip()


class HumanAgent:
    """A person at the terminal choosing from numbered, labelled choices."""

    name = "human"

    def __init__(self, session: TerminalSession) -> None:
        self.session = session

    def choose(self, observation: Observation, rng: Rng) -> Action:
        console = self.session.console
        names = self.session.names
        self.session.catch_up()
        console.print(observation.render(self.session.names))
        legal = observation.legal_actions
        self._print_choices(observation, legal)
        while True:
            text = self.session.read_line(
                f"[bold]{escape(names[observation.seat])}, your choice (1-{len(legal)}, ? for help):[/bold] "
            )
            lowered = text.lower()
            if lowered in ("q", "quit", "exit"):
                raise QuitGame("quit at the prompt", deliberate=True)
            if lowered in ("?", "h", "help"):
                console.print(HELP)
                continue
            if lowered in ("b", "board"):
                console.print(observation.render(self.session.names))
                self._print_choices(observation, legal)
                continue
            if lowered in ("l", "log"):
                for line in observation.log(names):
                    console.print(f"  {escape(line)}", highlight=False)
                continue
            if not text:
                console.print("[yellow]Please type the number of a choice.[/yellow]")
                continue
            if text.isdigit():
                index = int(text)
                if 1 <= index <= len(legal):
                    return legal[index - 1]
                console.print(f"[yellow]There is no choice {index}; pick 1 to {len(legal)}.[/yellow]")
                continue
            try:
                action = observation.check(observation.game.parse_action(text))
            except HellenikaError as exc:
                console.print(f"[yellow]{escape(str(exc))}[/yellow]")
                continue
            return action

    def _print_choices(self, observation: Observation, legal: list[Action]) -> None:
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        table.add_column(style="dim")
        for i, action in enumerate(legal, 1):
            table.add_row(
                str(i),
                escape(render_names(observation.label(action), self.session.names)),
                escape(action.notation()),
            )
        self.session.console.print(table)
