"""The roster: every role the engine knows, by id. Adding a role is adding a module and a line here."""

from rankedmafia.rules.role import Role, RoleBook
from rankedmafia.rules.roles.alcoholic import ALCOHOLIC
from rankedmafia.rules.roles.avenger import AVENGER
from rankedmafia.rules.roles.cardsharp import CARDSHARP
from rankedmafia.rules.roles.civilian import CIVILIAN
from rankedmafia.rules.roles.commissar import COMMISSAR
from rankedmafia.rules.roles.cop import COP
from rankedmafia.rules.roles.courtesan import COURTESAN
from rankedmafia.rules.roles.dandelion import DANDELION
from rankedmafia.rules.roles.detective import DETECTIVE
from rankedmafia.rules.roles.doctor import DOCTOR
from rankedmafia.rules.roles.double_agent import DOUBLE_AGENT
from rankedmafia.rules.roles.fan import FAN
from rankedmafia.rules.roles.girl import GIRL
from rankedmafia.rules.roles.handsome import HANDSOME
from rankedmafia.rules.roles.highlander import HIGHLANDER
from rankedmafia.rules.roles.joker import JOKER
from rankedmafia.rules.roles.lawyer import LAWYER
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS, MAFIA1, MAFIA2, MAFIA3, MAFIA4
from rankedmafia.rules.roles.mafia_blockers import BLACKMAILER, THUG
from rankedmafia.rules.roles.mafia_journalist import MAFIA_JOURNALIST
from rankedmafia.rules.roles.maniac import MANIAC
from rankedmafia.rules.roles.mercenary import MERCENARY
from rankedmafia.rules.roles.postman import POSTMAN
from rankedmafia.rules.roles.prosecutor import PROSECUTOR
from rankedmafia.rules.roles.rake import RAKE
from rankedmafia.rules.roles.reanimator import REANIMATOR
from rankedmafia.rules.roles.sergeant import SERGEANT
from rankedmafia.rules.roles.shahid import SHAHID
from rankedmafia.rules.roles.sheriff import SHERIFF
from rankedmafia.rules.roles.sniper import SNIPER
from rankedmafia.rules.roles.town_journalist import TOWN_JOURNALIST
from rankedmafia.rules.roles.vagrant import VAGRANT
from rankedmafia.rules.roles.werewolf import WEREWOLF
from rankedmafia.rules.roles.witness import WITNESS

ROLES = RoleBook(
    (
        CIVILIAN, MAFIA1, MAFIA2, MAFIA3, MAFIA4, MAFIA_JOURNALIST, LAWYER, ALCOHOLIC, BLACKMAILER, THUG,
        COMMISSAR, SERGEANT, DOCTOR, GIRL, COP, TOWN_JOURNALIST, SHAHID, RAKE, WITNESS, AVENGER, SHERIFF,
        VAGRANT, PROSECUTOR, HANDSOME, MERCENARY, REANIMATOR, DANDELION, POSTMAN, WEREWOLF,
        MANIAC, COURTESAN, JOKER, DOUBLE_AGENT, SNIPER, FAN, DETECTIVE, CARDSHARP, HIGHLANDER,
    ),
    boss_actions=BOSS_ACTIONS,
)

__all__ = ["ROLES", "Role", "RoleBook"]
