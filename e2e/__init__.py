"""End-to-end tests: a real server and Chromium, driven through the page."""
