"""Serve bots from another import root: the far end of `remote.py`, run as a script.

    python app/bots/remote_server.py ROOT [--gc=20000,50,100]

Puts ROOT first on `sys.path` (and drops this script's own folder), so `app`
here is ROOT's package, e.g. an older revision extracted by `revision.py`,
with its own engine and bots; nothing of the calling tree is imported. That
is why this file uses the standard library only and is never imported itself.

It reads one JSON request per line on stdin and answers one JSON line on
stdout:

- `{"op": "new", "id": 1, "bot": "hard", "seat": 0, "rng": [...], "options": {...}}`
  makes a bot of that level (or `package.module:Class`) of ROOT's `app.bots`,
  its `random.Random` set to the state given (`Random.getstate()` as lists);
- `{"op": "decide", "id": 1, "view": {...}}` answers `{"ok": true, "action": ...}`;
- `{"op": "explain", "id": 1, "view": {...}}` answers `{"ok": true, "decision": ...}`, the
  bot's `decide_explained` as JSON (`app.bots.decision.decision_as_json`; ROOTs before it
  answer "unknown op");
- `{"op": "attr", "id": 1, "name": "last_search"}` answers `{"ok": true, "value": ...}`,
  an attribute of the bot (JSON-ready), for tests that compare what bots saw;
- `{"op": "check", "bot": "hard"}` answers whether ROOT has that bot, `{"op": "ping"}`
  where its `app` comes from (and its collector's thresholds);
- any request may carry `"drop": [ids]`, bots the caller no longer uses.

`--gc` sets the garbage collector's thresholds after ROOT is imported, with
what is alive then frozen out of later scans, as the caller's own processes
do (`app/gc_tune.py` of the calling tree passes them).

A failure answers `{"ok": false, "error": "<traceback>"}`. What a bot prints
goes to stderr, so stdout carries the protocol only. It ends at end of input.
"""

import gc
import json
import os
import random
import sys
import traceback


def _import_root(root: str):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    sys.path.insert(0, os.path.abspath(root))
    import app  # noqa: F401 (ROOT's)

    where = os.path.dirname(os.path.dirname(os.path.abspath(app.__file__)))
    if where != os.path.abspath(root):
        raise SystemExit(f"app was imported from {where}, not from {root}")


def _make_bot(request: dict):
    from app.bots import load_bot

    rng = random.Random()
    state = request.get("rng")
    if state is not None:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    return load_bot(request["bot"])(request["seat"], rng=rng, **request.get("options", {}))


def _explain(bot, view: dict) -> dict:
    """The answer to `explain`: the decision as JSON, or "unknown op" from a revision whose bots
    do not explain their decisions."""
    try:
        from app.bots.decision import decision_as_json
    except ImportError:
        return {"ok": False, "error": "unknown op 'explain' (this revision's bots do not explain)"}
    return {"ok": True, "decision": decision_as_json(bot.decide_explained(view))}


def serve(stdin, stdout) -> None:
    bots: dict = {}
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            for bot_id in request.get("drop", ()):
                bots.pop(bot_id, None)
            op = request.get("op")
            if op == "new":
                bots[request["id"]] = _make_bot(request)
                answer = {"ok": True}
            elif op == "decide":
                answer = {"ok": True, "action": bots[request["id"]].decide(request["view"])}
            elif op == "explain":
                answer = _explain(bots[request["id"]], request["view"])
            elif op == "attr":  # what a bot noted (JSON-ready), e.g. Hard's last search
                answer = {"ok": True, "value": getattr(bots[request["id"]], request["name"], None)}
            elif op == "check":  # is there such a bot here?
                from app.bots import load_bot

                load_bot(request["bot"])
                answer = {"ok": True}
            elif op == "ping":
                import app

                answer = {"ok": True, "app": app.__file__, "gc": list(gc.get_threshold())}
            else:
                answer = {"ok": False, "error": f"unknown op {op!r}"}
        except Exception:  # the caller raises it with this traceback
            answer = {"ok": False, "error": traceback.format_exc()}
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


def _tune_gc(option: str) -> None:
    try:
        thresholds = [int(n) for n in option.split(",")]
    except ValueError:
        raise SystemExit(f"--gc wants numbers, like --gc=20000,50,100: {option!r}") from None
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def main() -> None:
    args = sys.argv[1:]
    gc_options = [a.split("=", 1)[1] for a in args if a.startswith("--gc=")]
    roots = [a for a in args if not a.startswith("--gc=")]
    if len(roots) != 1 or len(gc_options) > 1:
        raise SystemExit("usage: remote_server.py ROOT [--gc=N0,N1,N2]")
    _import_root(roots[0])
    if gc_options:
        _tune_gc(gc_options[0])
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    sys.stdout = sys.stderr  # a bot's prints must not break the protocol
    serve(sys.stdin, protocol)


if __name__ == "__main__":
    main()
