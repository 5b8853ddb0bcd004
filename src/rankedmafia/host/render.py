"""What the host sees: role cards, who is still to act, the live vote count, a phase's texts.

Everything a player receives is built from the engine's views and the text layer's Renderer; the tables
here are for the host's own screen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rich.table import Table

from rankedmafia.forum.cards import card_text, clan_text
from rankedmafia.forum.vocabulary import display
from rankedmafia.host.i18n import t
from rankedmafia.rules.game import Game, PhaseResult
from rankedmafia.rules.model import BLUE, Phase
from rankedmafia.script import phase_record
from rankedmafia.text.clans import card_role
from rankedmafia.text.roles import role_name
from rankedmafia.text.summary import Renderer


def phase_label(phase: Phase, lang: str) -> str:
    return t(lang, f"phase_{phase.kind.value}", number=phase.number)


def role_cards(game: Game, renderer: Renderer) -> tuple[Table, list[tuple[str, str]]]:
    """The host's table of the deal, and each player's card (his role, his clan for the mafia)."""
    lang = renderer.lang
    table = Table(title=t(lang, "cards_title"))
    for key in ("col_name", "col_role", "col_clan"):
        table.add_column(t(lang, key))
    cards: list[tuple[str, str]] = []
    for player in game.players():
        view = game.view(player.name)
        clan = clan_text(game, player.name, lang) if view.clan else ""
        table.add_row(player.name, card_role(view.role, view.ranks, lang), clan)
        cards.append((player.name, card_text(game, player.name, renderer)))
    return table, cards


def awaiting_table(game: Game, lang: str) -> Table:
    """Who still has to send an action tonight, with his role and the actions he may send."""
    table = Table(title=t(lang, "awaiting_title"))
    for key in ("col_name", "col_role", "col_actions"):
        table.add_column(t(lang, key))
    for name in game.awaiting():
        view = game.view(name)
        table.add_row(name, role_name(view.role, lang), ", ".join(action_usage(game, name, lang)))
    return table


def action_usage(game: Game, name: str, lang: str = "ru") -> list[str]:
    """`убить [1–2]`, `лечить от роли <роль>`: what a player may send now as the engine offers it
    (`Game.choices`: nothing tonight's rules refuse, such as heal_from at ten alive, and the counts
    tonight allows), by the names the host may type, with their arity."""
    usage = []
    for choice in game.choices(name):
        least, most = (min(choice.counts), max(choice.counts)) if choice.counts else (0, 0)
        arity = "" if most == 0 else f" [{least}]" if least == most else f" [{least}–{most}]"
        option = f" <{t(lang, 'option_' + choice.option)}>" if choice.option else ""
        usage.append(f"{display(choice.action, lang)}{arity}{option}")
    return usage


def vote_counts(game: Game) -> list[tuple[str, int]]:
    """Today's raw vote count, one per voter (no weights: they are hidden information)."""
    counts = Counter(game.state.votes.values())
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0] == BLUE, kv[0]))


def vote_table(game: Game, lang: str) -> Table:
    title = t(lang, "vote_table")
    table = Table(title=title, min_width=len(title) + 4)
    table.add_column(t(lang, "col_candidate"))
    table.add_column(t(lang, "col_votes"), justify="right")
    for choice, count in vote_counts(game):
        table.add_row(t(lang, "blue") if choice == BLUE else choice, str(count))
    return table


def not_voted(game: Game) -> list[str]:
    return [name for name in game.alive() if name not in game.state.votes]


@dataclass(slots=True)
class PhaseTexts:
    title: str
    public: list[str]
    private: dict[str, list[str]] = field(default_factory=dict)


def phase_texts(game: Game, result: PhaseResult, renderer: Renderer) -> PhaseTexts:
    """The summary to post (title first) and each player's private messages, as the record has them."""
    rec = phase_record(game, result, renderer)
    return PhaseTexts(renderer.title(rec["phase"], rec["number"]), list(rec["public"]), dict(rec["private"]))
