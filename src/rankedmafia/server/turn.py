"""What a player is to do now: the line at the top of his page, his tab's title, and his alerts.

Read from what his page already holds, all of it the core's answers (`Game.choices` through his forms,
the Game's follow-up step through `me.follow_up`, his own action or vote from his view, the phase and the
status): nothing here decides a rule. A move is *his* (urgent: the title, the icon and the alerts say
so) when the core offers him an action he has not sent, asks him in its follow-up step, or it is a day he
may vote in and he has not voted yet.
"""

from __future__ import annotations

from typing import Any


def turn_of(data: dict[str, Any]) -> dict[str, Any]:
    """{key, urgent, thread}: `key` names the line's text (`turn_<key>` in the i18n table); `thread`:
    the move is made on the thread's page (the vote)."""
    game, me = data["game"], data["me"]
    status, phase = game["status"], game["phase"]
    sent = me.get("sent") or {}
    key, urgent = "lobby", False
    if status == "over":
        key = "over"
    elif status == "paused":
        key = "paused"
    elif status == "lobby":
        key = "lobby"
    elif me.get("follow_up"):
        key, urgent = "revive", True
    elif game.get("resolving"):
        key = "resolving"
    elif not me.get("alive", True):
        key = "dead"
    elif phase == "night":
        if sent.get("action"):
            key = "sent"
        elif me.get("actions"):
            key, urgent = "act", True
        elif me.get("revive_later"):
            key = "later"  # the core asks him after everyone else (its follow-up step)
        else:
            key = "wait_night"
    elif phase == "day":
        if sent.get("vote"):
            key = "voted"
        elif me.get("vote"):
            key, urgent = "vote", True
        else:
            key = "silenced"  # an announced silence: the core offers him no vote
    return {"key": key, "urgent": urgent, "thread": key in ("vote", "voted", "silenced")}
