"""Leagues and ratings, as plain data and pure functions: ratings (OpenSkill), reliability, points and
standings, and the scheduling of a league's rounds. The table and the Discord adapter store and show
them; nothing here reads a clock, a database or Discord."""
