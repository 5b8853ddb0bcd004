"""The role declarations' building blocks, kept under their old name: they live in rankedmafia.rules.role,
below the roles, so that the state and the night's context can use them without importing a role."""

from rankedmafia.rules.role import Action, BlockTier, Check, Effect, Reaction, Remember, Role, Stage

__all__ = ["Action", "BlockTier", "Check", "Effect", "Reaction", "Remember", "Role", "Stage"]
