"""End-to-end tests: the real discord.py client against a loopback stand-in for Discord."""
