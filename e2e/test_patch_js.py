"""The browser's patch applier (static/js/patch.js) rebuilds what the server's diff describes."""

from __future__ import annotations

import json
import random

from app.web.protocol import diff


def random_value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 2 or roll < 0.4:
        return rng.choice([None, True, False, 0, 1, 2, 7, "", "a", "R10", "Ph"])
    if roll < 0.7:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice("abcd"): random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def mutate(rng: random.Random, value):
    if isinstance(value, dict):
        kept = [(k, v) for k, v in value.items() if rng.random() < 0.9]
        out = {k: (mutate(rng, v) if rng.random() < 0.5 else v) for k, v in kept}
        if rng.random() < 0.3:
            out[rng.choice("abcdef")] = random_value(rng)
        return out
    if isinstance(value, list):
        out = [mutate(rng, v) if rng.random() < 0.3 else v for v in value]
        if rng.random() < 0.4:
            out += [random_value(rng) for _ in range(rng.randint(1, 3))]
        elif out and rng.random() < 0.3:
            out = out[:rng.randint(0, len(out) - 1)]
        return out
    return random_value(rng) if rng.random() < 0.5 else value


def test_js_patch_applier_matches_the_server_diff(server, contexts):
    rng = random.Random(5)
    cases = []
    for _ in range(300):
        old = {"doc": random_value(rng), "history": [random_value(rng) for _ in range(rng.randint(0, 3))]}
        new = mutate(rng, old)
        cases.append({"old": old, "ops": diff(old, new), "new": new})
    page = contexts().new_page()
    page.goto(server + "/")
    results = page.evaluate("""async (cases) => {
        const { applyPatch } = await import("/static/js/patch.js");
        return cases.map((c) => JSON.stringify(applyPatch(c.old, c.ops)));
    }""", [{"old": c["old"], "ops": c["ops"]} for c in cases])
    for case, text in zip(cases, results):
        assert json.loads(text) == case["new"], case
        assert json.dumps(json.loads(text), sort_keys=True) == json.dumps(case["new"], sort_keys=True)
