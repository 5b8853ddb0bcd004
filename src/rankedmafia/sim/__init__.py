"""The balance simulator: many games of one setup under a bot policy, their statistics, exact checks."""
