"""Bots of another git revision: extracted once, played in their own process, same decisions."""

import subprocess
import sys
from pathlib import Path

import pytest

from app import gc_tune
from app.bots import load_bot, remote
from app.bots.arena import ArenaConfig, run_arena
from app.bots.remote import RemoteBot, server_for
from app.bots.revision import compile_playout, extract_revision, resolve
from tests.revisions import commit_or_skip


@pytest.fixture(scope="module")
def head_root(tmp_path_factory):
    commit_or_skip("HEAD")  # a tarball or an exported tree has no revision to extract
    return extract_revision("HEAD", parent=str(tmp_path_factory.mktemp("revisions")))


def test_a_revision_is_extracted_once_as_an_import_root(head_root):
    assert (head_root / "app" / "bots" / "__init__.py").is_file()
    assert head_root.name == f"tichu-revision-{resolve('HEAD')}"
    again = extract_revision("HEAD", parent=str(head_root.parent))
    assert again == head_root
    assert [p.name for p in head_root.parent.iterdir()] == [head_root.name]  # no staging left behind


def test_a_revisions_play_out_is_compiled_once_as_its_checkout_had_it(head_root):
    pytest.importorskip("mypyc", reason="mypy (mypyc) is not installed: the play-out runs as Python")
    assert compile_playout(head_root) is None
    note = head_root / ".compile-note"
    made = note.stat().st_mtime_ns
    assert compile_playout(head_root) is None  # the second time: nothing compiled again
    assert note.stat().st_mtime_ns == made
    probe = "from app.bots import native; print(native.COMPILED is not None)"
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=head_root, capture_output=True, text=True)
    assert loaded.stdout.strip() == "True", loaded.stderr


def test_a_revision_from_before_the_compiled_play_out_says_so(tmp_path):
    (tmp_path / "app" / "bots").mkdir(parents=True)
    assert compile_playout(tmp_path) == "this revision has no compiled play-out"


def test_an_unknown_revision_or_bot_is_refused(head_root):
    with pytest.raises(ValueError, match="no commit"):
        load_bot("git:no-such-revision-here:greedy")
    with pytest.raises(ValueError, match="nosuchbot"):
        load_bot("git:HEAD:nosuchbot")
    with pytest.raises(ValueError):
        load_bot("git:HEAD")


def test_the_far_bot_imports_the_revisions_own_code(head_root):
    answer = server_for(str(head_root)).request({"op": "ping"})
    assert answer["app"] == str(head_root / "app" / "__init__.py")
    # It collects garbage as this tree's processes do, so both sides' decisions run alike.
    assert answer["gc"] == list(gc_tune.THRESHOLDS)
    cls = load_bot("git:HEAD:greedy")
    assert issubclass(cls, RemoteBot) and cls.level == "greedy"


def test_the_arena_plays_a_bot_of_another_revision_like_the_same_bot_here(head_root):
    """The greedy and the normal bot of HEAD, played in their own process, make exactly the decisions
    of the same bots here: every duplicate deal comes out even."""
    for level in ("greedy", "normal"):
        report = run_arena(ArenaConfig(a=level, b=f"git:HEAD:{level}", deals=2, workers=1, seed="remote"),
                           progress=False)
        a = report["sides"]["A"]["points_per_round"]
        assert a["n"] == 2 and a["mean"] == 0 and a["se"] == 0
        assert report["illegal_actions"] == 0
        assert report["sides"]["B"]["bot"] == f"git:HEAD:{level}"
        assert report["decision_ms"]["B"]["follow"]["n"] == report["decision_ms"]["A"]["follow"]["n"]


def test_the_command_line_names_the_revision_in_its_help_and_plays_it(head_root):
    out = subprocess.run([sys.executable, "-m", "app.bots", "arena", "--help"], capture_output=True,
                         text=True, timeout=60, check=True)
    assert "git:REVISION:LEVEL" in out.stdout
    out = subprocess.run([sys.executable, "-m", "app.bots", "arena", "--a", "greedy", "--b",
                          "git:HEAD:greedy", "--deals", "2", "--workers", "2", "--chunk", "1", "--quiet"],
                         capture_output=True, text=True, timeout=120, check=True)
    assert "git:HEAD:greedy" in out.stdout and "Illegal actions: 0" in out.stdout


def test_the_bot_server_refuses_a_garbled_gc_option(head_root):
    script = str(Path(remote.__file__).with_name("remote_server.py"))

    def serve(*options):
        return subprocess.run([sys.executable, script, str(head_root), *options], capture_output=True,
                              text=True, input="", timeout=60)

    for bad in (["--gc=many"], ["--gc=1,2,3", "--gc=4,5,6"]):
        done = serve(*bad)
        assert done.returncode != 0 and "--gc" in done.stderr, bad
    assert serve("--gc=1000,5,5").returncode == 0  # a good one: serves until its input ends


def test_gc_tune_sets_the_thresholds_and_freezes_what_is_alive():
    code = ("import gc; from app import gc_tune; gc_tune.tune(); "
            "print(gc.get_threshold() == gc_tune.THRESHOLDS, gc.get_freeze_count() > 1000)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=str(Path(remote.__file__).resolve().parents[2]))
    assert done.stdout.split() == ["True", "True"], done.stderr
