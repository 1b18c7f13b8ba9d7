"""`python -m app`: start the game server (see `app.web.server`).

It first starts itself again with glibc's per-thread malloc cache off (app/malloc_tune.py:
memory stays flat with a thread per connection). In gevent mode (the default, unless
TICHU_ASYNC_MODE=threading) the standard library is patched before anything else is
imported, as gevent requires.
"""

from app.malloc_tune import restart_tuned

restart_tuned()

from app.web.async_mode import SERVER_DEFAULT, env_mode, patch_for  # noqa: E402

patch_for(env_mode() or SERVER_DEFAULT)

from app.web.server import main  # noqa: E402

main()
