"""Мирный житель: no night action; he votes by day."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

CIVILIAN = Role(id="civilian", side=Side.TOWN, names={"ru": ("мирный житель", "мирного жителя"),
                                                      "en": ("civilian", "civilian")})
