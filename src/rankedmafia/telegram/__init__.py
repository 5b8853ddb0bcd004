"""Ranked Mafia in Telegram groups: an aiogram 3 bot on the shared game service (`rankedmafia.live`).

The group hosts sign-up, summaries and the day's vote; each player's private chat with the bot gets his
role card, his night keyboards and (for the mafia) the clan's night chat. See docs/telegram.md.
"""
