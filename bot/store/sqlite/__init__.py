"""The SQLite store (the embedded default) and its tools."""
