"""Players that choose legal actions and votes by a policy, from what their player may know."""
