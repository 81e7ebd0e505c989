"""Which Discord shards a bot process holds, and so which games it announces.

Discord splits a bot's guilds among ``shard_count`` shards by ``(guild_id >> 22) % shard_count`` (DMs go to
shard 0). A process started with ``arbiter run --shards 0-3 --shard-count 8`` holds shards 0 to 3: the
gateway sends it the interactions of those guilds, and it announces only their games; a change another
process commits to one of them reaches it by a PostgreSQL notification (``bot/store/postgres/pg_store.py``).
"""

from __future__ import annotations

from dataclasses import dataclass


class BadShards(ValueError):
    """The shard options cannot be read; the message says what to write."""


@dataclass(frozen=True)
class ShardPlan:
    ids: tuple[int, ...] | None = None
    """The shards this process holds; None: the whole bot in one process (no sharding)."""
    count: int = 1

    @classmethod
    def parse(cls, shards: str | None, count: int | None) -> ShardPlan:
        """``shards`` as ``0-3``, ``0,2,5`` or ``4``, out of ``count`` shards; neither: one process."""
        if not shards and count is None:
            return cls()
        if not shards or count is None:
            raise BadShards("--shards and --shard-count go together, as in --shards 0-3 --shard-count 8.")
        if count < 1:
            raise BadShards(f"--shard-count must be at least 1 (got {count}).")
        ids: set[int] = set()
        for part in shards.replace(" ", "").split(","):
            first, _, last = part.partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                raise BadShards(f"Cannot read the shards {shards!r}: write a range (0-3) or a list (0,2,5).")
            low, high = int(first), int(last or first)
            if low > high or high >= count:
                raise BadShards(f"Shards {part} are not within 0-{count - 1} (--shard-count {count}).")
            ids.update(range(low, high + 1))
        return cls(tuple(sorted(ids)), count)

    @property
    def sharded(self) -> bool:
        return self.ids is not None

    def shard_of(self, guild: str | None) -> int:
        """The shard that serves ``guild`` (a Discord id as text); 0 for none (DMs, terminal games)."""
        if not guild or not guild.isdigit():
            return 0
        return (int(guild) >> 22) % self.count

    def holds(self, guild: str | None) -> bool:
        """Whether this process holds the shard of ``guild`` (always, unsharded)."""
        return self.ids is None or self.shard_of(guild) in self.ids

    def describe(self) -> str:
        if self.ids is None:
            return "all shards"
        return f"shards {','.join(map(str, self.ids))} of {self.count}"
