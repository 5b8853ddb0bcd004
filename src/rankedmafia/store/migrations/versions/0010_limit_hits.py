"""The moving window's hits in a table of their own, found by their key through an index (before, each
hit was a counter row under `key` + a separator + a suffix, found by a prefix that no index served: every
command scanned every counter; docs/performance.md). On PostgreSQL a hit is taken by one call of the
function `rm_take_hit` (store/limit_counts.py), one round trip where it took five. Existing rows are
untouched; hits kept the old way simply expire.

Revision ID: 0010_limit_hits
Revises: 0009_tgcluster
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_limit_hits"
down_revision = "0009_tgcluster"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rm_limit_hits",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(400), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("rm_limit_hits_key", "rm_limit_hits", ["key", "expires_at"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(TAKE_HIT)


# Each statement of a volatile PL/pgSQL function reads a fresh snapshot (read committed): the count
# after the key's lock sees every hit committed before the lock was granted. The counters need not reach
# the disk before the answer (a crash forgets a few hits): `synchronous_commit` off for this transaction.
TAKE_HIT = """
CREATE OR REPLACE FUNCTION rm_take_hit(hit_key text, most integer, expiry double precision,
                                       amount integer, now double precision) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    taken integer;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    INSERT INTO rm_limits (key, count, expires_at) VALUES (hit_key, 0, now + expiry)
        ON CONFLICT (key) DO UPDATE SET count = rm_limits.count, expires_at = now + expiry;
    SELECT count(*) INTO taken FROM rm_limit_hits WHERE key = hit_key AND expires_at > now;
    IF taken + amount > most THEN
        RETURN false;
    END IF;
    INSERT INTO rm_limit_hits (key, expires_at) SELECT hit_key, now + expiry FROM generate_series(1, amount);
    RETURN true;
END;
$$
"""


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS rm_take_hit(text, integer, double precision, integer, double precision)")
    op.drop_index("rm_limit_hits_key", "rm_limit_hits")
    op.drop_table("rm_limit_hits")
