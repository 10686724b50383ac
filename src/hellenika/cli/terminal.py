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
from hellenika.engine.errors import HellenikaError, IllegalAction
from hellenika.engine.events import render_names
from hellenika.engine.rng import Rng
from hellenika.i18n import ENGLISH, Msg, _m
from hellenika.i18n import render as say

if TYPE_CHECKING:
    from hellenika.engine.state import State

HELP = _m("cli.play.help")


def and_list(items: list[Msg]) -> Msg:
    """``a``, ``a and b``, ``a, b and c`` in the reader's language."""
    if len(items) == 1:
        return items[0]
    return _m("cli.and_list", items=tuple(items[:-1]), last=items[-1])


class QuitGame(Exception):
    """The human asked to stop (``deliberate``), or input ended."""

    def __init__(self, reason: Msg, *, deliberate: bool = False) -> None:
        super().__init__(say(reason))
        self.reason = reason
        self.deliberate = deliberate


class TerminalSession:
    """Shared by the human agents and the step hook: prints each new log line once, in order.

    ``viewer`` is whose eyes the log is read with: the human's seat when one human plays, else None (only
    public lines, as at a table where several people share the screen).
    """

    def __init__(
        self, console: Console, names: list[str], stream: TextIO, viewer: int | None, lang: str = ENGLISH
    ) -> None:
        self.console = console
        self.lang = lang
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
                self.console.print(
                    f"[dim]·[/dim] {escape(event.render(self.names, self.lang))}", highlight=False
                )
        self.shown = len(events)

    def read_line(self, prompt: str) -> str:
        self.console.print(prompt, end="")
        line = self.stream.readline()
        if not line:
            self.console.print()
            raise QuitGame(_m("cli.quit.input_ended"))
        return line.strip()


class HumanAgent:
    """A person at the terminal choosing from numbered, labelled choices."""

    name = "human"

    def __init__(self, session: TerminalSession) -> None:
        self.session = session

    def choose(self, observation: Observation, rng: Rng) -> Action:
        console = self.session.console
        names = self.session.names
        lang = self.session.lang
        self.session.catch_up()
        console.print(observation.render(self.session.names, lang))
        legal = observation.legal_actions
        self._print_choices(observation, legal)
        while True:
            prompt = _m("cli.play.prompt", player=names[observation.seat], count=len(legal))
            text = self.session.read_line(f"[bold]{escape(say(prompt, lang))}[/bold] ")
            lowered = text.lower()
            if lowered in ("q", "quit", "exit"):
                raise QuitGame(_m("cli.quit.at_prompt"), deliberate=True)
            if lowered in ("?", "h", "help"):
                console.print(escape(say(HELP, lang)))
                continue
            if lowered in ("b", "board"):
                console.print(observation.render(self.session.names, lang))
                self._print_choices(observation, legal)
                continue
            if lowered in ("l", "log"):
                for line in observation.log(names, lang):
                    console.print(f"  {escape(line)}", highlight=False)
                continue
            if not text:
                nudge = say(_m("cli.play.type_a_number"), lang)
                console.print(f"[yellow]{escape(nudge)}[/yellow]")
                continue
            if text.isdigit():
                index = int(text)
                if 1 <= index <= len(legal):
                    return legal[index - 1]
                wrong = _m("cli.play.no_such_choice", index=index, count=len(legal))
                console.print(f"[yellow]{escape(say(wrong, lang))}[/yellow]")
                continue
            try:
                action = observation.check(observation.game.parse_action(text))
            except IllegalAction as exc:
                console.print(f"[yellow]{escape(exc.render(lang))}[/yellow]")
                continue
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
                escape(
                    render_names(say(observation.label_msg(action), self.session.lang), self.session.names)
                ),
                escape(action.notation()),
            )
        self.session.console.print(table)
