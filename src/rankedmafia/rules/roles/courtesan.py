"""Путана, who plays alone or, by house rule, on the maniac's side.
1. `infect` — the client dies at the end of the next night, unless the doctor heals him tonight or the next
   night, or a girl visits him tonight (a girl the next night does not help); 50% he cannot vote tomorrow.
   A shahid dying of it takes his mark with 50% (shahid.py).
2. `seduce` — no infection, but the client cannot vote tomorrow (100%).
"Сегодня Вася лишен возможности голосовать" is announced."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rankedmafia.rules import protection
from rankedmafia.rules.chance import HALF
from rankedmafia.rules.model import Act, Player, Side
from rankedmafia.rules.role import Action, BlockTier, Deal, Role, Stage

if TYPE_CHECKING:
    from rankedmafia.rules.context import NightContext

STRIKE_ORDER = 10  # after the kills: last night's infections, then the dandelion's deaths (dandelion.py)


def _infect(night: NightContext, act: Act) -> None:
    client = act.targets[0]
    if night.protected_from(client, act.actor):
        return
    girls = [v for v in night.visitors(client, (BlockTier.TOWN,)) if night.player(v).role == "girl"]
    doctor = night.marked(protection.HEAL, client)
    if girls or (doctor is not None and protection.may_treat(night, doctor, client)):
        return
    infected = (night.number, act.actor)
    night.later(lambda state: state.role_memory("courtesan").__setitem__(client, infected))
    if night.draw(f"infection_silence:{client}", HALF):
        night.silence(client, by=act.actor, cause="infection")


def _infections_strike(night: NightContext) -> None:
    """Last night's infections kill tonight (whether she lives or not); older ones are spent."""
    infected: dict[str, tuple[int, str]] | None = night.state.memos.get("courtesan")
    if not infected:
        return
    for client, (when, courtesan) in infected.items():
        if when == night.number - 1 and night.player(client).alive:
            night.attack(courtesan, client, source="courtesan", kind="infection")
    number = night.number
    night.later(lambda state: state.memos.__setitem__(
        "courtesan", {c: v for c, v in infected.items() if v[0] >= number}))


def _seduce(night: NightContext, act: Act) -> None:
    night.silence(act.targets[0], by=act.actor, cause="seduction")


def _deal_team(deal: Deal, player: Player, side: str | None, clan: str | None) -> None:
    """House rule `courtesan_team`: she plays alone (the default) or wins with the maniac."""
    if deal.rules.courtesan_team == "maniac":
        player.team = "maniac"


COURTESAN = Role(
    id="courtesan", side=Side.LONERS, team="courtesan", at_deal=_deal_team,
    names={"ru": ("путана", "путаны"), "en": ("courtesan", "courtesan")},
    at_kills=(STRIKE_ORDER, _infections_strike),
    actions=(
        Action("infect", effects=((Stage.EFFECT, _infect),)),
        Action("seduce", effects=((Stage.EFFECT, _seduce),)),
    ),
)
