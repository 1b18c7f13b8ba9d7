"""A table's milestones, told once by the process that commits them: created, game over.

One log line each (the operator's page lists them) and a counter for /metrics.
"""

from __future__ import annotations

import logging

from ..table.status import OVER
from ..table.table import Table
from . import metrics

log = logging.getLogger("app.web.tables")


def status_before(table: Table) -> str | None:
    """The status as last stored (None for a table never stored): compared after a commit."""
    return table.saved.summary.get("status") if table.saved is not None else None


def after_commit(table: Table, before: str | None, created: bool) -> None:
    """Log and count what the commit that just stored the table's new state began or ended."""
    if created:
        metrics.TABLES_CREATED.inc()
        log.info("table created: ruleset %s", table.ruleset, extra={"table": table.code})
    status = table.status
    if status == OVER and before != OVER:
        metrics.GAMES_OVER.inc()
        log.info("game over: game %d", table.game_no, extra={"table": table.code})
