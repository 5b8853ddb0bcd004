"""Реаниматор: "Ходит последним и знает всех убитых за прошедшую ночь. Лечит любого (одного) из них на
свой выбор. Себя лечить не может." Not the same player two nights running (lifted when three are alive).
He is told tonight's dead privately; the one he revives counts as healed, so the night is resolved again
and whatever depended on that death is undone (night.py, `_reanimation`)."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Action, Role

REANIMATOR = Role(
    id="reanimator", side=Side.TOWN,
    names={"ru": ("реаниматор", "реаниматора"), "en": ("reanimator", "reanimator")},
    actions=(Action("revive", no_repeat=True, after_everyone=True),),
)
