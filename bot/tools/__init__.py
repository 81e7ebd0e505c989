"""The command-line tools that are not the bot: ``arbiter bench`` (:mod:`~bot.tools.bench`, with its
figures of scale, :mod:`~bot.tools.bench_scale`, the drones' phase, :mod:`~bot.tools.bench_drones`, and
several processes on PostgreSQL, :mod:`~bot.tools.bench_processes`) and ``arbiter simulate``
(:mod:`~bot.tools.simulate`). Their SQL, where they need any, is the store package's."""
