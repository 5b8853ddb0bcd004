"""The forum host's helpers: a thread's pages read as posts and votes, players' private messages read as
night actions, Russian names matched through declension and typos. The terminal host (host/) uses them;
they know nothing of it."""
