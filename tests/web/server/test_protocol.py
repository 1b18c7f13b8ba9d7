"""The diff protocol: patches rebuild the new document exactly, and stay small."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.web.protocol import PatchError, Viewer, apply_patch, diff


def as_json(value) -> str:
    return json.dumps(value, sort_keys=True)


def roundtrip(old, new):
    ops = diff(old, new)
    json.dumps(ops)  # a patch is plain JSON
    kept = copy.deepcopy(old)
    # A client holds its document as decoded JSON: no object is shared between two places.
    result = apply_patch(json.loads(json.dumps(old)), json.loads(json.dumps(ops)))
    assert as_json(result) == as_json(new)
    assert as_json(old) == as_json(kept), "diff must not modify its input"
    return ops


def test_unchanged_document_gives_an_empty_patch():
    doc = {"a": [1, 2, {"b": None}], "c": "x"}
    assert diff(doc, copy.deepcopy(doc)) == []


def test_changed_key_is_set_where_it_is():
    ops = roundtrip({"game": {"turn": 1, "wish": None}}, {"game": {"turn": 2, "wish": None}})
    assert ops == [["s", ["game", "turn"], 2]]


def test_added_and_removed_keys():
    ops = roundtrip({"a": 1, "b": 2}, {"a": 1, "c": 3})
    assert ["s", ["c"], 3] in ops and ["d", ["b"]] in ops


def test_history_growth_is_an_append():
    old = {"history": [{"seat": 0, "act": "pass"}]}
    new = {"history": [{"seat": 0, "act": "pass"}, {"seat": 1, "act": "pass"}]}
    assert roundtrip(old, new) == [["a", ["history"], [{"seat": 1, "act": "pass"}]]]


def test_shortened_list_is_a_truncation():
    assert roundtrip({"l": [1, 2, 3]}, {"l": [1]}) == [["t", ["l"], 1]]


def test_one_changed_item_is_patched_in_place():
    old = {"players": [{"cards": 14}, {"cards": 14}, {"cards": 14}, {"cards": 14}]}
    new = copy.deepcopy(old)
    new["players"][2]["cards"] = 12
    assert roundtrip(old, new) == [["s", ["players", 2, "cards"], 12]]


def test_list_with_most_items_changed_is_sent_again():
    old = {"hand": ["SA", "R9", "G7", "B5", "S3"]}
    new = {"hand": ["SA", "G7", "B5", "S3"]}
    assert roundtrip(old, new) == [["s", ["hand"], ["SA", "G7", "B5", "S3"]]]


@pytest.mark.parametrize("old,new", [
    ({"x": 1}, {"x": True}),
    ({"x": [1]}, {"x": [True]}),
    ({"x": {"y": 0}}, {"x": {"y": False}}),
    ({"x": 1}, {"x": 1.0}),
    ({"x": [1, 2]}, {"x": [1.0, 2, 3]}),
    ({"x": None}, {"x": {"y": 1}}),
    ([1], {"a": 1}),
])
def test_json_types_are_kept_apart(old, new):
    roundtrip(old, new)


def test_root_replacement():
    assert apply_patch({"a": 1}, [["s", [], {"b": 2}]]) == {"b": 2}


def test_patch_that_does_not_fit_is_an_error():
    with pytest.raises(PatchError):
        apply_patch({"a": 1}, [["s", ["missing", "deep"], 1]])
    with pytest.raises(PatchError):
        apply_patch({"a": 1}, [["x", ["a"], 1]])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.5, 1.0, -0.0])
    | st.text("ab", max_size=2),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text("abc", max_size=2), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(old=json_values, new=json_values)
def test_any_document_pair_round_trips(old, new):
    roundtrip(old, new)


@settings(max_examples=200, deadline=None)
@given(base=json_values, edits=st.lists(json_values, min_size=1, max_size=3))
def test_nested_edits_round_trip(base, edits):
    old = {"doc": base, "log": [base]}
    new = {"doc": edits[-1], "log": [base, *edits]}
    roundtrip(old, new)


def test_viewer_sends_snapshot_first_then_contiguous_patches():
    viewer = Viewer()
    first = viewer.message(5, {"a": 1})
    assert first == {"t": "snapshot", "v": 5, "doc": {"a": 1}}
    second = viewer.message(6, {"a": 2})
    assert second == {"t": "patch", "base": 5, "v": 6, "ops": [["s", ["a"], 2]]}
    unchanged = viewer.message(7, {"a": 2})
    assert unchanged == {"t": "patch", "base": 6, "v": 7, "ops": []}


def test_viewer_out_of_line_gets_a_snapshot():
    viewer = Viewer()
    viewer.message(5, {"a": 1})
    assert viewer.message(9, {"a": 3})["t"] == "snapshot"
