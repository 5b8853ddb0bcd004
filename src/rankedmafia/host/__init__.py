"""Hosting a game in the terminal: `rankedmafia host` (see docs/hosting.md)."""

from rankedmafia.host.cli import host_command

__all__ = ["host_command"]
