# Arbiter: the Discord bot. The SQLite database lives on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ARBITER_DB=/data/arbiter.db \
    PIP_NO_CACHE_DIR=1

RUN useradd --create-home --uid 10001 arbiter && mkdir -p /data /app && chown arbiter:arbiter /data

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
COPY renderers ./renderers
COPY data ./data
# A regular install: the data packs travel inside the package (arbiter_data), as with pip or pipx.
RUN pip install . && chown -R arbiter:arbiter /app

USER arbiter
VOLUME ["/data"]
ENTRYPOINT ["arbiter", "run"]
