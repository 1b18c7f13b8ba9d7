"""A table's status: waiting for players, playing a game, or its game over."""

WAITING, PLAYING, OVER = "waiting", "playing", "over"
