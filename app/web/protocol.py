"""The wire protocol: versioned envelopes and per-viewer diffs of JSON documents.

Every client holds one document (its seat's view of the table) and the table
version it belongs to. The server sends either

- a snapshot: `{"t": "snapshot", "v": version, "doc": {...}}`, or
- a patch:    `{"t": "patch", "base": version, "v": new version, "ops": [...]}`,

and a client applies a patch only when `base` is the version it holds; it
drops anything older (a duplicate) and asks for a snapshot on a gap. A change
the viewer cannot see still advances its version with an empty patch, so the
versions a client sees are contiguous (lichess does the same).

Patch operations are small lists, a hand-written cousin of JSON Patch; a
path is a list of keys and list indexes from the document's root:

- `["s", path, value]`: set (add or replace) the value at path (`[]` is the root);
- `["d", path]`: delete a key of an object;
- `["a", path, items]`: append items to the list at path (histories grow this way);
- `["t", path, n]`: truncate the list at path to its first n items.

`diff` compares values as JSON does: 1, 1.0 and true are three different values.
"""

from __future__ import annotations

import copy

SET, DELETE, APPEND, TRUNCATE = "s", "d", "a", "t"


def snapshot_message(version: int, doc: dict) -> dict:
    return {"t": "snapshot", "v": version, "doc": doc}


def patch_message(base: int, version: int, ops: list) -> dict:
    return {"t": "patch", "base": base, "v": version, "ops": ops}


def diff(old, new, path: tuple = ()) -> list:
    """The operations that turn `old` into `new` (neither is modified)."""
    ops: list = []
    _diff(old, new, list(path), ops)
    return ops


def _same(a, b) -> bool:
    """Equal as JSON values: `==` says 1 == True == 1.0, so types are compared all the way
    down. Shared parts (the views reuse what did not change, view_cache.py) are the same
    object and end the walk at once."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        if len(a) != len(b):
            return False
        for (ka, va), (kb, vb) in zip(a.items(), b.items()):
            if type(ka) is not type(kb) or ka != kb or (va is not vb and not _same(va, vb)):
                return False
        return True
    if kind is list:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if x is not y and not _same(x, y):
                return False
        return True
    return a == b


def _diff(old, new, path: list, ops: list) -> None:
    kind = type(new)
    if kind is not type(old):
        ops.append([SET, path, new])
    elif kind is dict:
        for key, value in new.items():
            if key not in old:
                ops.append([SET, path + [key], value])
                continue
            before = old[key]
            if type(value) is list and type(before) is list:
                _diff_list(before, value, path + [key], ops)  # checks equality itself
            elif not _same(before, value):
                _diff(before, value, path + [key], ops)
        for key in old:
            if key not in new:
                ops.append([DELETE, path + [key]])
    elif kind is list:
        _diff_list(old, new, path, ops)
    elif not _same(old, new):
        ops.append([SET, path, new])


def _diff_list(old: list, new: list, path: list, ops: list) -> None:
    n_old, n_new = len(old), len(new)
    if n_new > n_old and _same(new[:n_old], old):
        ops.append([APPEND, path, new[n_old:]])
    elif n_new < n_old and _same(old[:n_new], new):
        ops.append([TRUNCATE, path, n_new])
    elif n_new == n_old:
        if _same(old, new):
            return
        changed = [i for i in range(n_new) if not _same(old[i], new[i])]
        # When most items changed (a hand that lost a card shifts every index), sending
        # the list again is smaller than patching it item by item.
        if len(changed) > max(1, n_new // 2):
            ops.append([SET, path, new])
        else:
            for i in changed:
                _diff(old[i], new[i], path + [i], ops)
    else:
        ops.append([SET, path, new])


def diff_shared(old: dict, new: dict, cache: dict, path: tuple = ()) -> list:
    """`diff(old, new)` of two documents, section by section, sharing the work between viewers.

    Connections of one audience hold the same document; the audiences of a table
    share the section `table` and, inside `game`, every part all seats see alike
    (view_cache.py builds those once per version). So each pair of objects is
    diffed once per version, keyed by their ids; the cache keeps both alive, so
    their ids cannot be reused meanwhile. A part the new version took over
    unchanged is the same object: nothing to do. The operations are exactly those
    of `diff(old, new)`: the document's sections and `game`'s parts in order, then
    the deleted keys.
    """
    ops: list = []
    for key, value in new.items():
        if key not in old:
            ops.append([SET, list(path + (key,)), value])
            continue
        before = old[key]
        if before is value:
            continue
        kind = type(value)
        if kind is not dict and kind is not list:  # a plain value: nothing to share
            if not _same(before, value):
                ops.append([SET, list(path + (key,)), value])
            continue
        slot = (path, key, id(before), id(value))
        cached = cache.get(slot)
        if cached is None:
            where = path + (key,)
            if not path and kind is dict and type(before) is dict:
                found = diff_shared(before, value, cache, where)  # one level down: `game`'s parts
            else:
                found = diff(before, value, where)
            cached = cache[slot] = (before, value, found)
        ops.extend(cached[2])
    for key in old:
        if key not in new:
            ops.append([DELETE, list(path + (key,))])
    return ops


class PatchError(ValueError):
    """A patch that does not fit the document it is applied to."""


def apply_patch(doc, ops: list):
    """Apply operations to `doc` in place where possible; returns the new document.

    The reference implementation of what static/js/patch.js does in the browser;
    tests and the benchmark's clients use it.
    """
    for op in ops:
        try:
            kind, path = op[0], op[1]
            if kind in (APPEND, TRUNCATE):
                target = doc
                for key in path:
                    target = target[key]
                if kind == APPEND:
                    target.extend(copy.deepcopy(op[2]))
                else:
                    del target[op[2]:]
            elif kind in (SET, DELETE):
                if not path:
                    if kind == DELETE:
                        raise PatchError("the root cannot be deleted")
                    doc = copy.deepcopy(op[2])
                    continue
                parent = doc
                for key in path[:-1]:
                    parent = parent[key]
                if kind == SET:
                    parent[path[-1]] = copy.deepcopy(op[2])
                else:
                    del parent[path[-1]]
            else:
                raise PatchError(f"unknown operation {kind!r}")
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise PatchError(f"operation {op!r} does not fit the document: {exc}") from None
    return doc


class Viewer:
    """What one connection last received: the base of its next patch, and the room
    (`hub.room_name`) whose messages it follows."""

    __slots__ = ("version", "doc", "room")

    def __init__(self):
        self.version: int | None = None
        self.doc: dict | None = None
        self.room: str | None = None

    def follows(self, version: int) -> bool:
        """Whether a patch can bring this viewer to `version`."""
        return self.doc is not None and self.version == version - 1

    def message(self, version: int, doc: dict, ops: list | None = None) -> dict:
        """The envelope that brings this viewer to `doc` at `version`; remembers it as sent.

        A patch when the viewer holds the previous version, else a snapshot. `ops`
        may be given when the caller has computed the diff from `self.doc` already.
        """
        if not self.follows(version):
            msg = snapshot_message(version, doc)
        else:
            if ops is None:
                ops = diff(self.doc, doc)
            msg = patch_message(self.version, version, ops)
        self.sent(version, doc)
        return msg

    def snapshot(self, version: int, doc: dict) -> dict:
        self.sent(version, doc)
        return snapshot_message(version, doc)

    def sent(self, version: int, doc: dict) -> None:
        """The viewer now holds `doc` at `version` (a message to its room brought it there)."""
        self.version = version
        self.doc = doc
