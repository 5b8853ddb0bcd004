"""The web platform: a FastAPI app around `Game`, backed by the append-only store."""
