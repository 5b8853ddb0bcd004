"""Шантажист и Громила: "Лишает возможности совершить НД и с вероятностью 50% лишает голоса". Their block
beats the cop's and the girl's (in a mutual block the town blocker is the one blocked); it protects from
nothing. A bloody kill at their target kills them too. They become boss after the ranked mafia and keep
the block, one action a night: the boss's or the block. Neither may visit himself; the blackmailer has no
other limit, the thug not the same player two nights running (lifted when three are alive)."""

from rankedmafia.rules.model import Side
from rankedmafia.rules.role import Action, BlockTier, Role, Stage
from rankedmafia.rules.roles.girl import visit_silence

BLACKMAILER = Role(
    id="blackmailer", side=Side.MAFIA, succession=6,
    names={"ru": ("шантажист", "шантажиста"), "en": ("blackmailer", "blackmailer")},
    actions=(Action("block", block_tier=BlockTier.MAFIA, effects=((Stage.EFFECT, visit_silence),)),),
)

THUG = Role(
    id="thug", side=Side.MAFIA, succession=7,
    names={"ru": ("громила", "громилы"), "en": ("thug", "thug")},
    actions=(Action("block", no_repeat=True, block_tier=BlockTier.MAFIA,
                    effects=((Stage.EFFECT, visit_silence),)),),
)
