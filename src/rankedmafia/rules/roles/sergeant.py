"""Сержант: "При проверке комиссаром человека, узнает о результате проверки вместе с ним. Если комиссара
убивают, сержант занимает его место." (The check is shared in commissar.py; the promotion in
consequences.py, wherever the commissar dies.)"""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Role

SERGEANT = Role(id="sergeant", side=Side.TOWN,
                names={"ru": ("сержант", "сержанта"), "en": ("sergeant", "sergeant")})
