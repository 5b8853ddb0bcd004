"""The pure rules core: no I/O, no clock, no global random.

Given a setup, a seed and the ordered commands, it always yields the same game.
"""
