"""What `python -m app.coach review` prints, made from data: no file, no printing here.

- `record_from_text(text, game=0)`: a game record (JSON) or a Brettspielwelt log
  (imported with `app.engine.bsw.import_bsw`, its game `game`) into a record, with notes
  on what a damaged log left out;
- `review_report(record, seat, round_index=None, ...)`: the review of one round, or of the
  whole game (every complete round, `game.review_game`: its costliest decisions first, then
  round by round), as the JSON object `--json` prints;
- `text_report(report)`: the same as lines of text.

docs/review.md gives both outputs exactly. Refusals raise `ReviewRefused`.
"""

from __future__ import annotations

import json

from app.engine.bsw import ERROR, import_bsw, looks_like_bsw

from .decisions import ReviewRefused, check_request, read_record
from .game import RANKED_BY_GAME, review_game
from .notes import noted_line
from .review import DEALS, GAIN, SHARE, check_settings, examine_round
from .rollout import PLACE_POINTS
from .words import flag_line


def record_from_text(text: str, game: int = 0) -> tuple[dict, list[str]]:
    """(record, notes) from a file's text: a JSON record, or a BSW log imported; where the
    log could only be imported in part, a note says where it stopped and why."""
    if looks_like_bsw(text):
        result = import_bsw(text, game=game)
        if result.record is None or not result.record["rounds"]:
            first = result.diagnostics[0].message if result.diagnostics else "nothing could be imported"
            raise ReviewRefused(f"the Brettspielwelt log cannot be imported: {first}")
        notes = []
        for d in result.diagnostics:
            if d.level == ERROR:
                where = f"round {d.round}" if d.round is not None else "a round"
                notes.append(f"the log is imported up to {where} only ({d.message})")
        return result.record, notes
    try:
        return json.loads(text), []
    except ValueError:
        raise ReviewRefused("this is neither a game record (JSON) nor a Brettspielwelt log") from None


def review_report(record: dict, seat: int, round_index: int | None = None, deals: int = DEALS,
                  share: float = SHARE, gain: float = GAIN, seed: int = 0) -> dict:
    """The review of round `round_index` for `seat`; None: the whole game, with `costliest` (the
    game's costliest flags, greatest gain first) and `by_round` (each round's decisions compared
    and flags) besides the flags of every round in order."""
    check_settings(deals, share, gain)
    rec = read_record(record)
    if round_index is None:
        game = review_game(rec, seat, deals, share, gain, seed)
        reviews = game.rounds
    else:
        check_request(rec, seat, round_index)
        reviews = [examine_round(rec, seat, round_index, deals, share, gain, seed)]
    report = {
        "seat": seat,
        "ruleset": rec.ruleset,
        "rounds": [r.round for r in reviews],
        "settings": {"deals": deals, "share": share, "gain": gain, "seed": seed},
        "unit": "places" if rec.ruleset == "grandseigneur" else "points",
        "decisions": sum(r.decisions for r in reviews),
        "flags": [f.as_dict() for r in reviews for f in r.flags],
    }
    if round_index is None:
        report["costliest"] = [f.as_dict() for f in game.costliest]
        report["by_round"] = [{"round": r.round, "decisions": r.decisions, "kinds": r.kinds,
                               "flags": [f.as_dict() for f in r.flags]} for r in reviews]
    return report


def text_report(report: dict) -> str:
    """A headline, then one line per flagged decision; for a whole game, its costliest decisions
    first, then round by round with how many decisions each compared."""
    s = report["settings"]
    rounds = report["rounds"]
    which = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {', '.join(map(str, rounds))}"
    gain = f"{s['gain'] / PLACE_POINTS:g} places" if report["unit"] == "places" else f"{s['gain']:g} points"
    flags = report["flags"]
    head = (f"Seat {report['seat']}, {which} ({report['ruleset']}): {report['decisions']} decisions "
            f"compared on {s['deals']} deals or more each; {len(flags)} flagged (an alternative better by "
            f"at least {gain} per round on average, and surely better)")

    def line(flag: dict) -> str:
        return noted_line(flag_line(flag, ruleset=report["ruleset"]), flag)

    if "costliest" not in report:
        return "\n".join([head] + [line(f) for f in flags])
    top = report["costliest"]
    lines = [head]
    if top:
        how = RANKED_BY_GAME if any(f["judged"] == "game" for f in top) else "ranked by the gain per round"
        named = "costliest decision" if len(top) == 1 else f"{len(top)} costliest decisions"
        lines.append(f"The {named} of the game ({how}):")
        lines += ["  " + line(f) for f in top]
    for r in report["by_round"]:
        lines.append(f"Round {r['round']}: {r['decisions']} decisions compared, {len(r['flags'])} flagged")
        lines += ["  " + line(f) for f in r["flags"]]
    return "\n".join(lines)

