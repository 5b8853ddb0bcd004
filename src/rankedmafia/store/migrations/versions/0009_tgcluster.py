"""Several Telegram bot processes on one token: the lease of the one taking updates, the updates a webhook
worker took for it, each outbox row's claim by the process delivering it, and the groups' recent calls (the
rate limits' counts survive a restart); docs/telegram.md, "Several processes". Existing rows are untouched.

Revision ID: 0009_tgcluster
Revises: 0008_limits
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_tgcluster"
down_revision = "0008_limits"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rm_tg_outbox", sa.Column("claim", sa.String(64), nullable=True))
    op.add_column("rm_tg_outbox", sa.Column("claim_until", sa.Float, nullable=True))
    op.create_table(
        "rm_tg_leases",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_tg_inbox",
        sa.Column("update_id", sa.BigInteger, primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "rm_tg_calls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("chat_id", sa.BigInteger, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("rm_tg_calls_at", "rm_tg_calls", ["at"])


def downgrade() -> None:
    op.drop_index("rm_tg_calls_at", "rm_tg_calls")
    op.drop_table("rm_tg_calls")
    op.drop_table("rm_tg_inbox")
    op.drop_table("rm_tg_leases")
    with op.batch_alter_table("rm_tg_outbox") as batch:
        batch.drop_column("claim_until")
        batch.drop_column("claim")
