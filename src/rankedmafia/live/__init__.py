"""Running games, for every front end (the web server, the Telegram bot): commands through the log,
deadlines and follow-up steps, notifications of new versions. No front end is imported from here."""
