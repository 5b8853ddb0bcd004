"""The host's prompt at a terminal: line editing, history (kept beside the save file), and completion of
nicknames, action words and commands (prompt_toolkit).

Ctrl-C and Ctrl-D do not drop the phase: they become `quit`, which asks first if anything was typed.
The session's logic never depends on this module: tests drive it through prompt_toolkit's pipe input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

QUIT_LINE = "quit"


class WordCompleter(Completer):
    """Completes the word under the cursor from a list computed afresh (the living players change)."""

    def __init__(self, words: Callable[[], Iterable[str]]) -> None:
        self.words = words

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        typed = document.get_word_before_cursor(WORD=True).lstrip("\"'«")
        if not typed:
            return
        folded = typed.casefold()
        for word in sorted(set(self.words())):
            if word.casefold().startswith(folded) and word != typed:
                text = f'"{word}"' if " " in word else word
                yield Completion(text, start_position=-len(document.get_word_before_cursor(WORD=True)))


def history_for(save_path: Path | None) -> History:
    """The typed lines of this game, kept beside its save so that `--resume` has them too."""
    if save_path is None:
        return InMemoryHistory()
    try:
        path = save_path.with_name(save_path.name + ".history")
        path.touch()
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def prompt_session(words: Callable[[], Iterable[str]], history: History | None = None,
                   input: Input | None = None, output: Output | None = None) -> PromptSession[str]:
    return PromptSession(history=history or InMemoryHistory(), completer=WordCompleter(words),
                         complete_while_typing=False, input=input, output=output)


def lines(session: PromptSession[str], message: Callable[[], str]) -> Iterator[str]:
    """Typed lines; Ctrl-C or Ctrl-D yields `quit` (the session asks before stopping), then ends if the
    session asks for yet another line after the input is closed."""
    closed = False
    while True:
        try:
            yield session.prompt(f"{message()} > ")
            closed = False
        except (EOFError, KeyboardInterrupt):
            if closed:
                return
            closed = True
            yield QUIT_LINE


def ask(session: PromptSession[str], question: str) -> str | None:
    """One answer at the same prompt (None at Ctrl-C / Ctrl-D)."""
    try:
        return session.prompt(f"{question} ")
    except (EOFError, KeyboardInterrupt):
        return None
