"""The cluster: many server processes, one Redis, every table served by any process.

Modules: `build` (a process of the cluster, put together), `registry` (tables caught up
with what other processes stored), `hub` (a change sent per room through the queue),
`watchers` (token-less watchers counted per process), `runner` (bots and deadlines where
the lease is), `janitor` (after a dead process), `leases` (the table lock and process
membership), `message_queue` (Socket.IO's Redis queue, ordered and batched). It builds
on `live` (it subclasses the registry, hub, bot runner and timers) and the Redis store;
nothing below it imports it.

Built by `build.build()` when `TICHU_REDIS_URL` is set; events, routes and tables work
as with one process. What changes:

- The store is `RedisStore`. `SharedRegistry` gives each table a `TableLock`
  across processes; whoever takes it first catches the table up with what other
  processes committed (the new meta, the game's new actions).
- The connections of every process are part of the table's stored state (the
  meta's `extra.conns`: token hash and process per connection), so all
  processes agree on who is online and on the documents of each version. Every
  change is committed, presence included, so a version means the same
  everywhere. Token-less watchers are the exception: only their number is
  public, so each process notes its own in a Redis hash (`t:{code}:watchers`,
  sid -> process), never in the table, and their comings and goings reach the
  others as one coalesced update of the stored count (`extra.watchers`; the
  first watcher of a table is counted at once, so that every process sends the
  watchers' room its messages from then on).
- `SharedHub` sends per room: each connection is in the room of its token
  (anonymous watchers share one), all connections of a room see the same
  document, so the process that made the change computes one patch per room
  and Socket.IO's Redis queue (`message_queue.py`) takes it, in version order,
  to the processes holding those connections. A connection that joins or
  changes room (it sat down, the host let it take a seat, ...) gets a snapshot;
  the room change goes through the queue too, just before the messages of that
  version, so the process that made the change moves connections of any process
  (the stored connections of the version before say where each one was).
- A table's bots and its deadlines (grace periods, turn timers, the bomb window)
  run in the one process holding the table's lease (`runs:{code}`): `SharedBots`
  runs the bots there and `SharedTimers` watches the deadlines only there. The
  first process to store a change that needs them takes the lease; the others
  tell the holder through a Redis channel after a change, and the holder, once
  caught up, watches the new deadlines (or lets the lease go when the table
  needs nothing run any more).
- `Janitor` takes over after a dead process: its connections are removed from
  their tables (they go offline for everybody) and the tables whose lease
  expired (bots and deadlines) resume here.
"""

