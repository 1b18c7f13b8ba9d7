"""`python -m app`: start the game server (see `app.web.server`)."""

from app.web.server import main

main()
