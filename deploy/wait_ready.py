"""Wait until a server process says it is ready (`/readyz` answers 200), or give up.

    python deploy/wait_ready.py PORT [--timeout 60]

systemd runs it after starting a server process (`ExecStartPost=` in tichu@.service), so
`systemctl start` and `systemctl restart tichu@PORT` return only once the process takes
players: a rolling upgrade restarts the processes one after another, each ready before the
next one stops. Exits 0 when ready, 1 when the time is up (systemd then counts the start as
failed and restarts it).
"""

from __future__ import annotations

import argparse
import sys
import time
import urllib.error
import urllib.request


def ready(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with urllib.request.urlopen(f"http://{host}:{port}/readyz", timeout=2) as resp:
            return resp.status == 200
    except (OSError, urllib.error.URLError):
        return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.timeout
    while not ready(args.port):
        if time.monotonic() > deadline:
            print(f"the server on port {args.port} was not ready within {args.timeout:g} s", file=sys.stderr)
            return 1
        time.sleep(0.25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
