"""aiogram's routers for the bot, by concern, included into one Dispatcher (as aiogram's own examples do):

- `private`: the private chat (deep-link sign-up, /link, the mafia's relay);
- `admin`: the group's commands for its admins (or the sign-up's opener), checked by the `Admin` filter;
- `group`: the group's other commands and its plain messages;
- `buttons`: every inline button.

The services are the dispatcher's workflow data (`dp["conductor"]`), handed to each handler and filter by
its parameter's name. Every update is claimed once in the database before it is handled (`Dedupe`), so a
redelivered update has no second effect; a one-shot keyboard is marked pressed before it acts.
"""

from __future__ import annotations

from aiogram import Dispatcher

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.handlers import admin, buttons, common, group, private
from rankedmafia.telegram.handlers.common import Dedupe

__all__ = ["build_dispatcher"]


def build_dispatcher(conductor: Conductor) -> Dispatcher:
    dp = Dispatcher()
    dp["conductor"] = conductor
    dp.update.outer_middleware(Dedupe())
    # The order matters: each router's catch-all (the relay, the group's chatter) comes after the commands.
    dp.include_routers(*(module.make_router() for module in (common, private, admin, group, buttons)))
    return dp
