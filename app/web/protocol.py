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
import marshal

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
    """Equal as JSON values: `==` says 1 == True == 1.0, so equal containers are also
    compared by their marshal bytes (format 2: no back-references that depend on
    reference counts), which keep those types apart and are fast."""
    if type(a) is not type(b):
        return False
    if a is b:
        return True
    if not a == b:
        return False
    return type(a) not in (dict, list) or marshal.dumps(a, 2) == marshal.dumps(b, 2)


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
