"""`python -m app`: start the game server (see `app.web.server`).

With TICHU_ASYNC_MODE=gevent the standard library is patched before anything else
is imported, as gevent requires.
"""

from app.web.async_mode import env_mode, patch_for

patch_for(env_mode())

from app.web.server import main  # noqa: E402

main()
