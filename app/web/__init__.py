"""The web table: Flask app factory, pages, Socket.IO events. It never interprets cards."""
