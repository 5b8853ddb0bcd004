"""The migrations are one chain, and running it builds exactly the tables `store/schema.py` declares, on
SQLite and on PostgreSQL: a database made by any earlier release upgrades to what the code reads."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

import rankedmafia.store as store_package
from rankedmafia.store.db import connect
from rankedmafia.store.schema import metadata
from server.helpers import pg_schema

MIGRATIONS = Path(store_package.__file__).parent / "migrations"


def test_the_migrations_are_one_chain_with_one_head() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    assert len(script.get_heads()) == 1
    chain = [rev.revision for rev in script.walk_revisions()]  # from the head down to the first
    assert chain[-1] == "0001"
    numbers = [int(rev.split("_", 1)[0]) for rev in reversed(chain)]
    assert numbers == list(range(1, len(numbers) + 1))  # numbered in the order they run


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_upgrading_builds_every_table_and_column_the_schema_declares(tmp_path: Path, kind: str) -> None:
    if kind == "sqlite":
        database = connect(tmp_path / "data")
        _compare(database.engine)
    else:
        with pg_schema(f"rm_migrations_{os.getpid()}") as url:
            database = connect(tmp_path / "data", url)
            try:
                _compare(database.engine)
            finally:
                database.engine.dispose()


def _compare(engine: object) -> None:
    found = inspect(engine)
    for table in metadata.sorted_tables:
        assert found.has_table(table.name), table.name
        columns = {column["name"] for column in found.get_columns(table.name)}
        assert columns == {column.name for column in table.columns}, table.name
