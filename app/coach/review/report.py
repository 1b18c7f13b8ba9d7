"""What `python -m app.coach review` prints, made from data: no file, no printing here.

- `record_from_text(text, game=0)`: a game record (JSON) or a Brettspielwelt log
  (imported with `app.engine.bsw.import_bsw`, its game `game`) into a record, with notes
  on what a damaged log left out;
- `review_report(record, seat, round_index=None, ...)`: the review of one round, or of
  every complete round, as the JSON object `--json` prints;
- `text_report(report)`: the same as lines of text.

docs/review.md gives both outputs exactly. Refusals raise `ReviewRefused`.
"""

from __future__ import annotations

import json

from app.engine.bsw import ERROR, import_bsw, looks_like_bsw

from .decisions import ReviewRefused, check_request, check_seat, read_record
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
    """The review of round `round_index` (None: every complete round) for `seat`."""
    check_settings(deals, share, gain)
    rec = read_record(record)
    if round_index is None:
        rounds = [r for r, done in enumerate(rec.complete) if done]
        if not rounds:
            check_seat(rec, seat)  # a seat not there is the clearer refusal
            raise ReviewRefused("this record has no complete round to review")
        check_request(rec, seat, rounds[0])
    else:
        rounds = [round_index]
        check_request(rec, seat, round_index)
    reviews = [examine_round(rec, seat, r, deals, share, gain, seed) for r in rounds]
    return {
        "seat": seat,
        "ruleset": rec.ruleset,
        "rounds": rounds,
        "settings": {"deals": deals, "share": share, "gain": gain, "seed": seed},
        "unit": "places" if rec.ruleset == "grandseigneur" else "points",
        "decisions": sum(r.decisions for r in reviews),
        "flags": [f.as_dict() for r in reviews for f in r.flags],
    }


def text_report(report: dict) -> str:
    """A headline, then one line per flagged decision."""
    s = report["settings"]
    rounds = report["rounds"]
    which = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {', '.join(map(str, rounds))}"
    gain = f"{s['gain'] / PLACE_POINTS:g} places" if report["unit"] == "places" else f"{s['gain']:g} points"
    flags = report["flags"]
    head = (f"Seat {report['seat']}, {which} ({report['ruleset']}): {report['decisions']} decisions "
            f"compared on {s['deals']} deals or more each; {len(flags)} flagged (an alternative better by "
            f"at least {gain} per round on average, and surely better)")
    return "\n".join([head] + [noted_line(flag_line(f), f) for f in flags])
