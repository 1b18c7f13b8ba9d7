"""The operator's endpoints: `/readyz` (may this process take players now?) and `/metrics`.

`/healthz` (liveness: the process answers) is in routes.py. `/readyz` answers 200
`{"ok": true, "checks": {...}}`, or 503 with the checks that fail named: the store
(SQLite writable, or Redis answering within a second: store/readiness.py) and the
process (not draining before it stops). `archive` says how the archive's last sweep went
("ok", what stopped it, or "none" without one): never a 503, as games go on without it.
`/metrics` is Prometheus's text (live/metrics.py), answered to loopback only unless
`TICHU_METRICS_ALLOW` names other addresses or networks.
"""

from __future__ import annotations

import ipaddress
import logging

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from app import __version__

from ..live import metrics as live_metrics
from ..live.lifecycle import Lifecycle
from ..store.readiness import StoreCheck

log = logging.getLogger(__name__)
blueprint = Blueprint("health", __name__)


def parse_allowed(text: str | None) -> list:
    """`TICHU_METRICS_ALLOW`: comma-separated addresses or CIDR networks; a bad entry is
    logged once and left out (never opens more than asked)."""
    networks = []
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            log.warning("TICHU_METRICS_ALLOW: %r is no address or network: left out", item[:60])
    return networks


def may_scrape(address: str | None, networks: list, proxied: bool) -> bool:
    """Loopback may read the metrics, unless the request came through a proxy that this
    process does not know of (then loopback is the proxy, not the monitor); and the
    allowed networks."""
    try:
        ip = ipaddress.ip_address((address or "").split("%")[0])
    except ValueError:
        return False
    if ip.is_loopback and not proxied:
        return True
    return any(ip in net for net in networks if net.version == ip.version)


@blueprint.get("/readyz")
def ready():
    lifecycle: Lifecycle = current_app.extensions["tichu_lifecycle"]
    problem = current_app.extensions["tichu_store_check"].problem()
    checks = {"store": problem or "ok", "process": "draining" if lifecycle.draining else "ok"}
    ok = all(value == "ok" for value in checks.values())
    # The archive as its last sweep found it: said, never a reason to take no players (the
    # games go on in the live store and move once it answers again).
    archiver = current_app.extensions.get("tichu_archiver")
    archive = "none" if archiver is None else (archiver.problem or "ok")
    return jsonify(ok=ok, checks=checks, archive=archive, version=lifecycle.version), 200 if ok else 503


@blueprint.get("/metrics")
def metrics():
    proxied = ("X-Forwarded-For" in request.headers or "Forwarded" in request.headers) \
        and not current_app.config.get("TICHU_PROXIES")
    if not may_scrape(request.remote_addr, current_app.extensions["tichu_metrics_allow"], proxied):
        return jsonify(ok=False, code="forbidden", message="metrics are for the monitoring address"), 403
    return Response(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)


def register(app: Flask, store, capacity) -> None:
    app.extensions["tichu_store_check"] = StoreCheck(store)
    app.extensions["tichu_metrics_allow"] = parse_allowed(app.config.get("TICHU_METRICS_ALLOW"))
    app.register_blueprint(blueprint)
    # Every page carries the server's version; the table page compares it with the server's
    # in each join's answer (static/js/version.js).
    app.context_processor(lambda: {"tichu_version": __version__})
    _count_for_metrics(app, capacity)


def _count_for_metrics(app: Flask, capacity) -> None:
    """The app's counts for /metrics, read when scraped."""
    hub = app.extensions["tichu"]
    lifecycle = app.extensions["tichu_lifecycle"]
    reviews = app.extensions.get("tichu_reviews")

    def read(_app) -> dict[str, float]:
        tables = hub.registry.all()
        return {"tichu_tables_in_memory": len(tables),
                "tichu_tables_open": sum(1 for t in tables if t.clients),
                "tichu_connections": capacity.open,
                "tichu_review_queue": reviews.pending() if reviews is not None else 0,
                "tichu_draining": 1 if lifecycle.draining else 0}

    live_metrics.APP_GAUGES.watch(app, read)
