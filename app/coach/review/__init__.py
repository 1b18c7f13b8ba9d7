"""The round review: a seat's decisions in a finished round, each compared with
its alternatives on deals the seat could not tell apart, and the clearly worse ones flagged.

Pure (no I/O, no clock: its time is counted in play-outs) and reproducible for a seed. Imports
the engine and the bots only.

- `review_round(record, seat, round_index, deals=24, share=0, gain=15, seed=0) -> [Flag]`;
  `examine_round(...)` also says how many decisions were compared;
- `review_game(record, seat, ...) -> GameReview`: every complete round of a game, and its three
  costliest flagged decisions first (`game.py`);
- `ReviewRefused`: a review that cannot be made (one line for people);
- `record_from_text`, `review_report`, `text_report`: what `python -m app.coach review`
  prints (the command line itself, reading the file and printing, is in app/bots/__main__.py);
- `page.review_for_page(...)`: the review as the web page shows it (each flag with the seat's view of
  its position and the choices that count as found); `python -m app.coach.review.worker`
  makes it in a process of its own for the web layer (JSON lines on standard input and output).

Modules, one job each: `decisions` (replay a record, find the seat's decisions and what it
knew), `candidates` (the alternatives), `deals` (deals consistent with what it knew),
`rollout` (the rest of the round by the Hard bot's policy), both used through the evaluator
the Hard bot's searches share (`app.bots.evaluation`), `verdict` (the criterion),
`hint_check` (what the hint would have done), `review` (all of it for one round), `game` (every
round of a game, its costliest decisions first), `words`
(choices in words), `notes` (what a flag adds: how sure, by the game, the hint), `report`
(the command line's output). docs/review.md explains.
"""

from .decisions import ReviewRefused, read_record
from .game import GameReview, review_game
from .report import record_from_text, review_report, text_report
from .review import DEALS, GAIN, SHARE, Flag, RoundReview, examine_round, review_round

__all__ = ["DEALS", "GAIN", "SHARE", "Flag", "GameReview", "ReviewRefused", "RoundReview", "examine_round",
           "read_record", "record_from_text", "review_game", "review_report", "review_round", "text_report"]
