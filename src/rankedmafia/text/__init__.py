"""Texts the players see: events rendered in Russian (default) or English, for plain text, BBCode or
Markdown. No rule logic lives here: it only renders what the engine decided."""
