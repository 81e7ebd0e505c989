"""What a listing reads once (engine/nakamura_tower/listing.py): inside ``listing(state)`` a ``once`` function
is read once per arguments for that state; for another state, after the listing or in another thread it is
read afresh, so a state changed between listings is never answered from an earlier one."""

from __future__ import annotations

import threading

import pytest

from engine.nakamura_tower.listing import listing, once


class Table:
    def __init__(self) -> None:
        self.value, self.reads = 1, 0


@once
def read(table: Table, extra: int = 0) -> list[int]:
    table.reads += 1
    return [table.value + extra]


def test_a_listing_reads_once_per_arguments_and_state() -> None:
    a, b = Table(), Table()
    with listing(a):
        first = read(a)
        assert read(a) is first and a.reads == 1
        assert read(a, 1) == [2] and a.reads == 2
        read(b), read(b)
        assert b.reads == 2  # another state than the one listed: read every time
        with listing(b):
            read(b), read(b)
            assert read(a) == [1] and a.reads == 3  # the inner listing is b's
        assert b.reads == 3 and read(a) is first
    a.value = 5
    assert read(a) == [5] and read(a) == [5] and a.reads == 5  # outside a listing: read every time


def test_a_listing_ends_with_its_block_even_on_an_error() -> None:
    a = Table()
    with pytest.raises(RuntimeError), listing(a):
        read(a)
        raise RuntimeError
    a.value = 2
    assert read(a) == [2] and a.reads == 2


def test_another_thread_reads_afresh() -> None:
    a = Table()
    seen: list[list[int]] = []
    with listing(a):
        read(a)
        a.value = 3  # as another thread might change it while this one lists
        worker = threading.Thread(target=lambda: seen.append(read(a)))
        worker.start()
        worker.join()
    assert seen == [[3]] and a.reads == 2
