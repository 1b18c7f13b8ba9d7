"""A process of the cluster, put together: its store, registry, hub, runner and janitor."""

from __future__ import annotations

from ..live import clocks
from ..live.bots_runner import first_lead_pause_default
from ..live.registry import bomb_window_default
from ..store.redis import RedisStore
from .hub import SharedHub
from .janitor import Janitor
from .leases import Membership
from .registry import SharedRegistry
from .runner import SharedBots, SharedTimers


def build(app, socketio, url: str):
    """The registry and hub of a scale-out process, its bots, heartbeat and janitor started."""
    config = app.config
    prefix = config["TICHU_REDIS_PREFIX"]
    store = RedisStore.from_url(url, prefix)
    membership = Membership(store.redis, prefix, ttl=float(config["TICHU_LEASE_SECONDS"]))
    registry = SharedRegistry(store, membership, channel=socketio.server.manager.channel,
                              testing=config["TICHU_TESTING"],
                              idle_seconds=config["TICHU_IDLE_SECONDS"],
                              bomb_window=bomb_window_default(config))
    hub = SharedHub(registry, socketio, membership, clock=clocks.configured(config))
    registry.hub = hub
    socketio.server.manager.wanted = hub.holds_connections  # other tables' messages: dropped unread
    membership.start()
    bots = SharedBots(hub, registry, membership, delay=config["TICHU_BOT_DELAY"],
                      workers=config["TICHU_BOT_WORKERS"], first_lead_pause=first_lead_pause_default(config))
    hub.bots = bots
    # Deadlines (grace periods, turn timers, bomb windows) are watched where the bots run.
    hub.timers = SharedTimers(hub.expire, bots, clock=hub.clock, poll=clocks.poll_seconds(hub.clock))
    registry.on_load = hub.loaded
    janitor = Janitor(hub, bots, membership)
    janitor.start()
    app.extensions["tichu_cluster"] = {"membership": membership, "janitor": janitor}
    return store, registry, hub
