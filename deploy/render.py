"""Write a deployment's configuration from its settings: the nginx site, Redis's configuration
and the systemd units, all from one environment file (deploy/tichu.env.example).

    python deploy/render.py /etc/tichu/tichu.env --out /etc/tichu/rendered
    # then, as the page docs/operations.md says: copy each file to its place

Ports, paths and names are settings, never written into the templates (deploy/templates/);
`deploy/local.py` and the tests render the same templates with ports of their own.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import urlparse

from jinja2 import Environment, FileSystemLoader, StrictUndefined

TEMPLATES = Path(__file__).resolve().parent / "templates"
EXAMPLE = Path(__file__).resolve().parent / "tichu.env.example"
# What each rendered file is called and where it is meant to go.
FILES = {
    "nginx-site.conf": "/etc/nginx/conf.d/tichu.conf",
    "redis.conf": "/etc/tichu/redis.conf",
    "tichu@.service": "/etc/systemd/system/tichu@.service",
    "tichu-redis.service": "/etc/systemd/system/tichu-redis.service",
}


class SettingsError(ValueError):
    """A setting is missing or does not fit with the others: the message names it."""


def read_env(path: Path) -> dict[str, str]:
    """NAME=value lines as systemd's EnvironmentFile= reads them (comments and blank lines
    skipped, one pair of surrounding quotes removed)."""
    settings = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        name, sep, value = line.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name.strip()):
            raise SettingsError(f"{path}:{number}: not NAME=value: {line!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        settings[name.strip()] = value
    return settings


def _need(settings: dict, name: str) -> str:
    value = settings.get(name, "").strip()
    if not value:
        raise SettingsError(f"{name} is not set (deploy/tichu.env.example says what it is)")
    return value


def _port(settings: dict, name: str) -> str:
    value = _need(settings, name)
    if not value.isdigit() or not 0 < int(value) < 65536:
        raise SettingsError(f"{name} must be a port number, not {value!r}")
    return value


def _listen(port: str, bind: str | None) -> str:
    return f"{bind}:{port}" if bind else port


def context(settings: dict, env_file: str, config_dir: str = "/etc/tichu", bind: str | None = None) -> dict:
    """What the templates are filled with, checked: every missing or inconsistent setting is
    refused with its name. `bind` listens nginx on one address only (the tests: 127.0.0.1)."""
    ports = settings.get("TICHU_PORTS", "").split()
    if not ports:
        raise SettingsError("TICHU_PORTS is not set: the ports of the server processes, e.g. 5001 5002")
    for port in ports:
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise SettingsError(f"TICHU_PORTS: {port!r} is not a port number")
    cert, key = settings.get("TICHU_TLS_CERT", "").strip(), settings.get("TICHU_TLS_KEY", "").strip()
    if bool(cert) != bool(key):
        raise SettingsError("TICHU_TLS_CERT and TICHU_TLS_KEY go together: set both for HTTPS, or neither")
    redis_url = settings.get("TICHU_REDIS_URL", "").strip()
    redis_port = settings.get("TICHU_REDIS_PORT", "6379")
    if redis_url:
        redis_port = _port(settings, "TICHU_REDIS_PORT")
    if redis_url:
        parsed = urlparse(redis_url)
        if parsed.hostname in ("127.0.0.1", "localhost", "::1") and str(parsed.port or 6379) != redis_port:
            raise SettingsError(f"TICHU_REDIS_URL ({redis_url}) names port {parsed.port or 6379}, but this "
                                f"machine's Redis listens on TICHU_REDIS_PORT={redis_port}")
    drain = settings.get("TICHU_DRAIN_SECONDS", "10").strip() or "10"
    if not re.fullmatch(r"\d+(\.\d+)?", drain):
        raise SettingsError(f"TICHU_DRAIN_SECONDS must be a number of seconds, not {drain!r}")
    return {
        "source": env_file,
        "ports": ports,
        "server_name": settings.get("TICHU_SERVER_NAME", "").strip() or "_",
        "http_listen": _listen(_port(settings, "TICHU_HTTP_PORT"), bind),
        "https_port": settings.get("TICHU_HTTPS_PORT", "443").strip() or "443",
        "https_listen": _listen(_port(settings, "TICHU_HTTPS_PORT"), bind) if cert else "",
        "tls": bool(cert),
        "tls_cert": cert,
        "tls_key": key,
        "redis": bool(redis_url),
        "redis_port": redis_port,
        "redis_dir": settings.get("TICHU_REDIS_DIR", "").strip() or "/var/lib/tichu/redis",
        "redis_server": shutil.which("redis-server") or "/usr/bin/redis-server",
        "redis_cli": shutil.which("redis-cli") or "/usr/bin/redis-cli",
        "home": _need(settings, "TICHU_HOME"),
        "user": _need(settings, "TICHU_USER"),
        "data_dir": _need(settings, "TICHU_DATA_DIR"),
        "env_file": env_file,
        "config_dir": config_dir,
        # systemd waits a little longer than the drain before it kills.
        "stop_seconds": int(float(drain)) + 10,
    }


def render(name: str, values: dict) -> str:
    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined,
                      keep_trailing_newline=True, autoescape=False)
    return env.get_template(name).render(**values)


def render_all(settings: dict, env_file: str, out: Path, bind: str | None = None) -> dict[str, Path]:
    """Every file of FILES rendered into `out`; the Redis files only where Redis is used."""
    values = context(settings, env_file, bind=bind)
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for name in FILES:
        if "redis" in name and not values["redis"]:
            continue
        path = out / name
        path.write_text(render(name, values))
        written[name] = path
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env_file", help="the settings (a copy of deploy/tichu.env.example)")
    parser.add_argument("--out", default="rendered", help="the folder to write into (./rendered)")
    args = parser.parse_args(argv)
    try:
        settings = read_env(Path(args.env_file))
        written = render_all(settings, str(Path(args.env_file).resolve()), Path(args.out))
    except (OSError, SettingsError) as exc:
        print(f"render: {exc}", file=sys.stderr)
        return 2
    for name, path in written.items():
        print(f"{path}  ->  {FILES[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
