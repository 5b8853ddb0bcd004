"""The roster: every role the engine knows, by id. Adding a role is adding a module and a line here."""

from rankedmafia.rules.roles.base import Role
from rankedmafia.rules.roles.civilian import CIVILIAN
from rankedmafia.rules.roles.commissar import COMMISSAR
from rankedmafia.rules.roles.cop import COP
from rankedmafia.rules.roles.doctor import DOCTOR
from rankedmafia.rules.roles.girl import GIRL
from rankedmafia.rules.roles.lawyer import LAWYER
from rankedmafia.rules.roles.mafia import MAFIA1, MAFIA2, MAFIA3
from rankedmafia.rules.roles.mafia_journalist import MAFIA_JOURNALIST
from rankedmafia.rules.roles.maniac import MANIAC
from rankedmafia.rules.roles.prosecutor import PROSECUTOR
from rankedmafia.rules.roles.sergeant import SERGEANT
from rankedmafia.rules.roles.sheriff import SHERIFF
from rankedmafia.rules.roles.town_journalist import TOWN_JOURNALIST
from rankedmafia.rules.roles.vagrant import VAGRANT
from rankedmafia.rules.roles.witness import WITNESS

ROLES: dict[str, Role] = {
    role.id: role
    for role in (
        CIVILIAN, MAFIA1, MAFIA2, MAFIA3, MAFIA_JOURNALIST, LAWYER, COMMISSAR, SERGEANT, DOCTOR, GIRL, COP,
        TOWN_JOURNALIST, WITNESS, SHERIFF, VAGRANT, PROSECUTOR, MANIAC,
    )
}

__all__ = ["ROLES", "Role"]
