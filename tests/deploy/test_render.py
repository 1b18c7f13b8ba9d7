"""The deployment's files come from its settings: deploy/render.py fills the templates from one
environment file, nginx and systemd accept what it writes, and no port or path is fixed in them.

nginx checks each rendered site (`nginx -t`, the HTTP and the HTTPS one with a certificate
made here by openssl); systemd checks the units (`systemd-analyze verify`). Each is skipped with
a message where the program is not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from deploy import render

ROOT = Path(__file__).resolve().parents[2]


def settings(**changes) -> dict:
    values = render.read_env(render.EXAMPLE)
    user = "root" if os.geteuid() == 0 else os.environ.get("USER", "nobody")
    values.update(TICHU_HOME=str(ROOT), TICHU_USER=user)
    values.update({k: str(v) for k, v in changes.items()})
    return values


def write_env(path: Path, values: dict) -> Path:
    path.write_text("".join(f"{k}={v}\n" for k, v in values.items()))
    return path


def self_signed(folder: Path) -> tuple[Path, Path]:
    if not shutil.which("openssl"):
        pytest.skip("skipped: openssl is not installed, so no certificate can be made for the TLS site")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def test_the_example_settings_render_every_file(tmp_path):
    env = write_env(tmp_path / "tichu.env", settings())
    assert render.main([str(env), "--out", str(tmp_path / "out")]) == 0
    written = {p.name for p in (tmp_path / "out").iterdir()}
    assert written == set(render.FILES)
    site = (tmp_path / "out" / "nginx-site.conf").read_text()
    assert "server 127.0.0.1:5001 " in site and "server 127.0.0.1:5002 " in site
    assert str(env) in site  # says where it came from, to edit that instead


def test_ports_and_paths_are_settings_never_written_into_the_templates(tmp_path):
    changed = settings(TICHU_PORTS="7101 7102 7103", TICHU_HTTP_PORT=8181, TICHU_REDIS_PORT=6500,
                       TICHU_REDIS_URL="redis://127.0.0.1:6500/0", TICHU_REDIS_DIR="/srv/r",
                       TICHU_DATA_DIR="/srv/d", TICHU_HOME="/srv/tichu", TICHU_USER="club")
    values = render.context(changed, "/etc/tichu/tichu.env")
    site = render.render("nginx-site.conf", values)
    redis = render.render("redis.conf", values)
    unit = render.render("tichu@.service", values)
    assert [line.split()[1] for line in site.splitlines() if line.strip().startswith("server 127")] == \
        ["127.0.0.1:7101", "127.0.0.1:7102", "127.0.0.1:7103"]
    assert "listen 8181;" in site
    assert "port 6500" in redis and "dir /srv/r" in redis
    assert "WorkingDirectory=/srv/tichu" in unit and "User=club" in unit and "ReadWritePaths=/srv/d" in unit
    assert "ExecStart=/srv/tichu/.venv/bin/python -m app --host 127.0.0.1 --port %i" in unit
    for name in render.FILES:  # the templates themselves name no port, no folder, no user
        text = (render.TEMPLATES / name).read_text()
        for fixed in ("5001", "5002", "6379", "8080", "/opt/tichu", "/var/lib/tichu"):
            assert fixed not in text, (name, fixed)


def test_settings_that_do_not_fit_are_refused_by_name():
    with pytest.raises(render.SettingsError, match="TICHU_PORTS"):
        render.context(settings(TICHU_PORTS=""), "x")
    with pytest.raises(render.SettingsError, match="TICHU_PORTS"):
        render.context(settings(TICHU_PORTS="5001 http"), "x")
    with pytest.raises(render.SettingsError, match="TICHU_TLS_KEY"):
        render.context(settings(TICHU_TLS_CERT="/etc/cert.pem"), "x")
    with pytest.raises(render.SettingsError, match="TICHU_REDIS_PORT"):
        render.context(settings(TICHU_REDIS_URL="redis://127.0.0.1:6390/0", TICHU_REDIS_PORT=6379), "x")
    with pytest.raises(render.SettingsError, match="TICHU_HOME"):
        render.context(settings(TICHU_HOME=""), "x")
    with pytest.raises(render.SettingsError, match="not NAME=value"):
        render.read_env(Path(__file__))  # a Python file is no environment file


def test_without_redis_no_redis_files_and_the_unit_does_not_wait_for_one(tmp_path):
    values = settings()
    values.pop("TICHU_REDIS_URL")
    written = render.render_all(values, "env", tmp_path)
    assert set(written) == {"nginx-site.conf", "tichu@.service"}
    assert "tichu-redis" not in written["tichu@.service"].read_text()


def test_https_redirects_plain_http_and_sends_hsts(tmp_path):
    site = render.render("nginx-site.conf", render.context(
        settings(TICHU_TLS_CERT="/c.pem", TICHU_TLS_KEY="/k.pem", TICHU_HTTPS_PORT=8443), "x"))
    assert "listen 8443 ssl http2;" in site and "ssl_certificate /c.pem;" in site
    assert "return 301 https://$host:8443$request_uri;" in site
    assert site.count("Strict-Transport-Security") == 2  # in each location: add_header is not inherited
    assert "Secure" in site  # the sticky cookie only over HTTPS


def nginx_accepts(site: str, folder: Path) -> subprocess.CompletedProcess:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if nginx is None:
        pytest.skip("skipped: nginx is not installed, so its configuration cannot be checked")
    (folder / "tichu.conf").write_text(site)
    (folder / "nginx.conf").write_text(
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\nevents {{}}\n"
        f"http {{ access_log off; include {folder / 'tichu.conf'}; }}\n")
    return subprocess.run([nginx, "-t", "-p", str(folder), "-c", str(folder / "nginx.conf")],
                          capture_output=True, text=True)


@pytest.mark.parametrize("tls", [False, True])
def test_nginx_accepts_the_rendered_site(tmp_path, tls):
    changes = {}
    if tls:
        cert, key = self_signed(tmp_path)
        changes = {"TICHU_TLS_CERT": cert, "TICHU_TLS_KEY": key}
    site = render.render("nginx-site.conf", render.context(settings(**changes), "x", bind="127.0.0.1"))
    done = nginx_accepts(site, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "[warn]" not in done.stderr, done.stderr


def test_systemd_accepts_the_rendered_units(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("skipped: systemd-analyze is not installed, so the units cannot be verified")
    written = render.render_all(settings(), str(tmp_path / "tichu.env"), tmp_path)
    # An instance of the template, as `systemctl start tichu@5001` makes it.
    instance = tmp_path / "tichu@5001.service"
    instance.write_text(written["tichu@.service"].read_text())
    done = subprocess.run([analyze, "verify", str(instance), str(written["tichu-redis.service"])],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # Warnings (an unknown key, a value it ignores) do not fail the command: none may name ours.
    assert not [line for line in done.stderr.splitlines() if "tichu" in line], done.stderr
