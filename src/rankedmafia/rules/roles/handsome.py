"""Красавчик: "Не лечится, не палится сывороткой, не вешается. Кто убьет красавчика получит отмазку на
голосовании. При убийстве роль раскрывается всегда." (The killer's defense: consequences.py; the
gallows: day.py.)"""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

HANDSOME = Role(
    id="handsome", side=Side.TOWN, unhealable=True, serum_shows="", unhangable=True, always_revealed=True,
    names={"ru": ("красавчик", "красавчика"), "en": ("handsome", "handsome")},
)
