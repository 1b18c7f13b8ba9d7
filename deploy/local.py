"""A scale-out on this machine: Redis, N app processes and nginx in front, on free loopback ports.

    python deploy/local.py --processes 2      # then open the printed address; Ctrl-C stops it all

The tests and `bench/web_bench.py --processes N` start the same pieces through
this module: `RedisServer` (Redis's configuration rendered from
deploy/templates/redis.conf), `AppProcess` (`python -m app --redis URL`, or
gunicorn with one worker) and `Nginx` (the site rendered from
deploy/templates/nginx-site.conf, as `deploy/render.py` renders it for a
deployment, with this machine's free ports). Each keeps its files in a
directory of its own and is stopped (or killed) by its own process id.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

try:
    from . import render
except ImportError:  # run as a script: deploy/ is on the path
    import render

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


class Missing(RuntimeError):
    """A program the scale-out needs is not installed."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find(name: str, *paths: str) -> str:
    for path in paths:
        if os.access(path, os.X_OK):
            return path
    found = shutil.which(name)
    if found is None:
        raise Missing(f"{name} is not installed (Debian: apt-get install {name}; scripts/test.sh does)")
    return found


def wait_until(check, timeout: float, what: str, proc: subprocess.Popen | None = None,
               log: Path | None = None):
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return
        except OSError:
            pass
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{what} exited ({proc.returncode}):\n{_tail(log)}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start within {timeout} s:\n{_tail(log)}")
        time.sleep(0.05)


def _tail(log: Path | None) -> str:
    return log.read_text(errors="replace")[-3000:] if log is not None and log.exists() else ""


class Process:
    proc: subprocess.Popen | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    def kill(self) -> None:
        """kill -9, at once: no clean-up of any kind."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()
        except ProcessLookupError:
            pass

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class RedisServer(Process):
    def __init__(self, directory: Path, appendfsync: str = "everysec"):
        self.binary = find("redis-server", "/usr/bin/redis-server")
        self.directory = Path(directory)
        self.port = free_port()
        self.appendfsync = appendfsync

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.directory.mkdir(parents=True, exist_ok=True)
        log = self.directory / "redis.log"
        config = self.directory / "redis.conf"
        config.write_text(render.render("redis.conf", {"source": "deploy/local.py", "redis_port": self.port,
                                                       "redis_dir": str(self.directory)}))
        cmd = [self.binary, str(config), "--bind", "127.0.0.1", "--appendfsync", self.appendfsync,
               "--logfile", str(log)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        wait_until(self.ping, 15, "redis-server", self.proc, log)
        return self

    def ping(self) -> bool:
        with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")


class PostgresServer(Process):
    """A PostgreSQL cluster of its own in `directory`, on a free loopback port (the archive of
    the scale-out). Made with initdb and run as the `postgres` user when started as root (the
    server refuses to run as root); trusted on loopback only."""

    def __init__(self, directory: Path):
        self.bin = Path(find_postgres())
        self.directory = Path(directory)
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_owner(self, cmd: list[str]) -> list[str]:
        return (["runuser", "-u", "postgres", "--"] + cmd) if os.geteuid() == 0 else cmd

    def start(self) -> PostgresServer:
        if os.geteuid() == 0:
            # The `postgres` user must reach its folder: one of its own under /tmp (a test's
            # folder sits in root's private one), removed when the server stops.
            self.directory = Path(tempfile.mkdtemp(prefix="tichu-postgres-"))
            shutil.chown(self.directory, "postgres", "postgres")
        else:
            self.directory.mkdir(parents=True, exist_ok=True)
        data = self.directory / "data"
        log = self.directory / "postgres.log"
        if not data.exists():
            subprocess.run(self._as_owner([str(self.bin / "initdb"), "-D", str(data), "-U", "postgres",
                                           "--auth=trust", "--no-sync", "-E", "UTF8"]),
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.directory)
        cmd = self._as_owner([str(self.bin / "postgres"), "-D", str(data), "-p", str(self.port),
                              "-c", "listen_addresses=127.0.0.1",
                              "-c", f"unix_socket_directories={self.directory}",
                              "-c", "max_connections=60", "-c", "logging_collector=off"])
        with open(log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                         cwd=self.directory)
        wait_until(self.ready, 30, "postgres", self.proc, log)
        return self

    def stop(self) -> None:
        super().stop()
        if os.geteuid() == 0 and self.directory.name.startswith("tichu-postgres-"):
            shutil.rmtree(self.directory, ignore_errors=True)

    def ready(self) -> bool:
        result = subprocess.run([str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return result.returncode == 0


def find_postgres() -> str:
    """The folder of PostgreSQL's programs (Debian keeps them per major version)."""
    import glob

    for initdb in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True):
        return str(Path(initdb).parent)
    found = shutil.which("initdb")
    if found is None:
        raise Missing("postgresql is not installed (Debian: apt-get install postgresql;"
                      " scripts/test.sh does)")
    return str(Path(found).resolve().parent)


class AppProcess(Process):
    """One app process of the scale-out: `python -m app` or gunicorn, each with one worker."""

    def __init__(self, directory: Path, redis_url: str, env: dict | None = None, server: str = "app",
                 threads: int = 600):
        self.directory = Path(directory)
        self.redis_url = redis_url
        self.port = free_port()
        self.env = env or {}
        self.server = server
        self.threads = threads  # threading mode: a thread per connection

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The process that serves, as the app's leases name it: gunicorn's worker (the one
        child of its master; `python -m app` embeds gunicorn too), else the process itself."""
        try:
            children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        except OSError:
            children = []
        return int(children[0]) if len(children) == 1 else self.proc.pid

    def start(self) -> AppProcess:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.log = self.directory / f"app-{self.port}.log"
        env = {**os.environ, "TICHU_REDIS_URL": self.redis_url,
               "TICHU_DATA_DIR": str(self.directory / "data"), **self.env}
        env.pop("PORT", None)
        if self.server == "gunicorn":
            # gthread stops accepting at worker_connections (1,000 by default), whatever its threads.
            cmd = [sys.executable, "-m", "gunicorn", "-w", "1", "--threads", str(self.threads),
                   "--worker-connections", str(self.threads + 100),
                   "-b", f"127.0.0.1:{self.port}", "--graceful-timeout", "3", "--log-level", "warning",
                   "app.web.server:create_app()"]
        else:
            cmd = [sys.executable, "-m", "app", "--port", str(self.port)]
            env.setdefault("TICHU_THREADS", str(self.threads))  # threading mode: a thread per connection
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        wait_until(self.healthy, 30, f"app process on port {self.port}", self.proc, self.log)
        return self

    def healthy(self) -> bool:
        with urllib.request.urlopen(self.base + "/healthz", timeout=1) as resp:
            return resp.status == 200


def site_config(ports: list[int], listen: int, tls: tuple[str, str] | None = None,
                http_port: int | None = None) -> str:
    """The nginx site of a deployment (deploy/templates/nginx-site.conf) for these server
    ports, listening on loopback: plain HTTP on `listen`, or with `tls` (certificate, key)
    HTTPS on `listen` and the redirect from `http_port`."""
    settings = render.read_env(render.EXAMPLE)
    settings.update(TICHU_PORTS=" ".join(map(str, ports)), TICHU_SERVER_NAME="_",
                    TICHU_HTTP_PORT=str(http_port if tls else listen), TICHU_HTTPS_PORT=str(listen),
                    TICHU_TLS_CERT=tls[0] if tls else "", TICHU_TLS_KEY=tls[1] if tls else "")
    return render.render("nginx-site.conf", render.context(settings, "deploy/local.py", bind="127.0.0.1"))


class Nginx(Process):
    def __init__(self, directory: Path, ports: list[int], tls: tuple[str, str] | None = None):
        self.binary = find("nginx", "/usr/sbin/nginx")
        self.directory = Path(directory)
        self.ports = ports
        self.port = free_port()
        self.tls = tls  # (certificate, key): HTTPS on `port`, and HTTP on `http_port` redirects
        self.http_port = free_port() if tls else None

    @property
    def base(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        d = self.directory
        d.mkdir(parents=True, exist_ok=True)
        (d / "tichu.conf").write_text(site_config(self.ports, self.port, self.tls, self.http_port))
        temp = "\n".join(f"  {kind}_temp_path {d / kind};" for kind in
                         ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers write the temp dirs made here
        (d / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {d / 'nginx.pid'};\nerror_log {d / 'error.log'} warn;\n"
            f"events {{ worker_connections 4096; }}\n"
            f"http {{\n  access_log off;\n{temp}\n  include {d / 'tichu.conf'};\n}}\n")
        log = d / "error.log"
        cmd = [self.binary, "-p", str(d), "-c", str(d / "nginx.conf"), "-g", "daemon off;"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(log, "ab"),
                                     start_new_session=True)
        wait_until(self.healthy, 15, "nginx", self.proc, log)
        return self

    def healthy(self) -> bool:
        context = ssl._create_unverified_context() if self.tls else None  # a test's own certificate
        with urllib.request.urlopen(self.base + "/healthz", timeout=1, context=context) as resp:
            return resp.status == 200


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--server", choices=("app", "gunicorn"), default="app",
                        help="app: `python -m app` (gevent); gunicorn: its gthread worker")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)  # stopped by kill: stop every piece too
    with tempfile.TemporaryDirectory(prefix="tichu-local-") as tmp:
        tmp = Path(tmp)
        parts: list[Process] = []
        try:
            redis = RedisServer(tmp / "redis").start()
            parts.append(redis)
            apps = [AppProcess(tmp / "apps", redis.url, server=args.server).start()
                    for _ in range(args.processes)]
            parts += apps
            nginx = Nginx(tmp / "nginx", [a.port for a in apps]).start()
            parts.append(nginx)
            print(f"Tichu on {nginx.base} ({args.processes} processes: "
                  f"{', '.join(str(a.port) for a in apps)}; Redis {redis.url}). Ctrl-C stops.", flush=True)
            while all(p.alive for p in parts):
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        finally:
            for part in reversed(parts):
                part.stop()


if __name__ == "__main__":
    main()
