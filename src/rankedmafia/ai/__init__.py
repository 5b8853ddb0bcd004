"""AI players behind any OpenAI-compatible chat API, their talk, an arena that rates agents, and a text
environment for research (docs/ai.md).

Every prompt is built from one seat's view (`Game.view`), its legal choices (`Game.choices`) and the
posts it may read; every answer is checked by the engine before it is sent."""
