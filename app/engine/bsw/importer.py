"""A whole BSW log into one record: its rounds grouped into games, checked end to end.

Pure: text in, an `ImportResult` out. Every round is converted on its own
(convert.py); a game's record then holds its rounds up to the first one that
could not be imported, and the finished record is replayed once more with the
engine's `replay` as the last check. A file may hold several games: they end
at an `--END GAME--` line, or where our rules end the game and the log goes on
(noted). `round=` picks one round of the game for a record of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..record import FORMAT, replay
from ..rulesets import Rules
from ..scoring import game_winner
from .convert import BSW_OPTIONS, OK, REDEALT, convert_round
from .diagnostics import ERROR, Diagnostic, error, note
from .parse import is_round_header, parse_log, split_lines

_LEADING_BLANKS = re.compile(r"[\ufeff\s]*")


@dataclass
class ImportResult:
    record: dict | None  # None where there is nothing to write
    diagnostics: list = field(default_factory=list)
    games: int = 0  # games found in the file
    game: int | None = None  # the one imported
    round: int | None = None  # the one round asked for, if one was
    refused: bool = False  # not a log, or no such game or round: nothing imported

    @property
    def ok(self) -> bool:
        """Everything asked for is in the record (notes aside)."""
        return not self.refused and not any(d.level == ERROR for d in self.diagnostics)

    @property
    def rounds(self) -> int:
        return len(self.record["rounds"]) if self.record else 0

    @property
    def exit_code(self) -> int:
        return 2 if self.refused else 0 if self.ok else 1

    def summary(self) -> dict:
        """What `python -m app.engine import-bsw` reports on standard error."""
        return {"ok": self.ok, "games": self.games, "game": self.game, "round": self.round,
                "rounds": self.rounds, "diagnostics": [d.as_dict() for d in self.diagnostics]}


def looks_like_bsw(text) -> bool:
    """Whether `text` is a BSW Tichu log: its first line that is not blank is the
    ---------------Gr.Tichukarten------------------ line of a first round."""
    if not isinstance(text, str):
        return False
    start = _LEADING_BLANKS.match(text).end()  # only the start is looked at: an upload may be large
    return bool(text[start:]) and is_round_header(split_lines(text[start:start + 200])[0])


def decode_bsw(data: bytes) -> str:
    """The text of a log file: UTF-8 (with or without its byte order mark), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def import_bsw(text: str, anonymous: bool = False, *, game: int = 0,
               round: int | None = None) -> ImportResult:
    """The record of game `game` of a BSW log (or of its round `round` alone).

    `anonymous` names the seats "Seat 0" .. "Seat 3" instead of their BSW nicknames,
    in the record and in the diagnostics.
    """
    if not looks_like_bsw(text):
        return _refusal("not_a_log", "this is not a Brettspielwelt Tichu log: its first line is not "
                        "---------------Gr.Tichukarten------------------")
    log = parse_log(text)
    games = _games(log, anonymous)
    if not 0 <= game < len(games):
        return _refusal("no_such_game", f"the log holds {_count(len(games), 'game')} "
                        f"(0 to {len(games) - 1}), not a game {game}", games=len(games))
    chosen = games[game]
    diagnostics = list(chosen.notes)
    if len(games) > 1:
        diagnostics.append(note("games", f"the file holds {len(games)} games; this is game {game} "
                                "(--game chooses another)"))
    if round is None:
        imported = []
        for index, rnd in enumerate(chosen.rounds):
            diagnostics += _placed(rnd.diagnostics, game, index)
            if rnd.status != OK:
                break
            imported.append(rnd)
        diagnostics += _placed(_substitutes(imported, anonymous), game, None)
    else:
        played = len(chosen.rounds)
        if not 0 <= round < played:
            return _refusal("no_such_round", f"game {game} of the log has {_count(played, 'round')}, not a "
                            f"round {round}", games=len(games))
        rnd = chosen.rounds[round]
        diagnostics += _placed(rnd.diagnostics, game, round)
        imported = [rnd] if rnd.status == OK else []
    record, checked = _record(imported, anonymous)
    if checked is not None:
        diagnostics.append(Diagnostic(ERROR, "internal", checked, game=game))
    if round is not None and not record["rounds"]:
        record = None  # the round asked for is not importable: nothing to write
    return ImportResult(record, diagnostics, games=len(games), game=game, round=round)


# -- games --------------------------------------------------------------------------


@dataclass
class _Game:
    rounds: list = field(default_factory=list)  # RoundImport, redealt rounds left out
    notes: list = field(default_factory=list)  # about the game as a whole
    totals: list = field(default_factory=lambda: [0, 0])
    over: bool = False  # our rules have ended it
    clean: bool = True  # every round so far imported (totals known)


def _games(log, anonymous: bool) -> list:
    rules = Rules.of("standard", BSW_OPTIONS)
    games: list[_Game] = []
    for log_game in sorted({r.game for r in log.rounds}):
        current = _Game()
        for parsed in (r for r in log.rounds if r.game == log_game):
            rnd = convert_round(parsed, log.last_line, anonymous)
            if rnd.status == REDEALT:
                current.notes += _placed(rnd.diagnostics, len(games), len(current.rounds))
                continue
            if current.over:
                # Our rules ended the game, yet the log goes on: the next game begins here.
                where = parsed.first_line
                current.notes.append(note(
                    "game_over", f"by our rules the game is over after round {len(current.rounds) - 1} "
                    f"({_show(current.totals)}); the log goes on without --END GAME--, so line {where} "
                    f"begins game {len(games) + 1}"))
                games.append(current)
                current = _Game(notes=[note("new_game", f"this game begins at line {where}, where the "
                                            "previous one ended by our rules", where)])
            current.rounds.append(rnd)
            if rnd.status == OK and current.clean:
                current.totals = [t + s for t, s in zip(current.totals, rnd.scores, strict=True)]
                current.over = game_winner(rules, current.totals, len(current.rounds)) is not None
            else:
                current.clean = False
        if log_game in log.game_ends and current.clean and not current.over and current.rounds:
            current.notes.append(note("game_not_over", "the log ends this game (--END GAME--) though by our "
                                      f"rules nobody has won yet ({_show(current.totals)})"))
        games.append(current)
    for index, g in enumerate(games):
        for d in g.notes:
            d.game = index
    return games


def _substitutes(rounds: list, anonymous: bool) -> list:
    """Notes where a seat's nickname changes from one round to the next."""
    notes = []
    for index in range(1, len(rounds)):
        before, now = rounds[index - 1].nicknames, rounds[index].nicknames
        for seat in range(4):
            if before[seat] != now[seat]:
                text = (f"seat {seat}'s nickname changes from round {index} on" if anonymous else
                        f"seat {seat} is '{now[seat]}' from round {index} on ('{before[seat]}' before)")
                d = note("nickname", text + " (the seat number is what counts)",
                         rounds[index].parsed.first_line)
                d.round = index
                notes.append(d)
    return notes


# -- the record ----------------------------------------------------------------------


def _record(rounds: list, anonymous: bool) -> tuple[dict, str | None]:
    """The record of these rounds, checked with `replay`; and what went wrong if it fails
    (a fault of the importer: each round has been replayed already)."""
    names = lambda rnd: [f"Seat {s}" for s in range(4)] if anonymous else list(rnd.nicknames)
    doc = {"format": FORMAT, "ruleset": "standard", "options": dict(BSW_OPTIONS)}
    if rounds:
        doc["players"] = names(rounds[0])  # optional fields: replay reads neither these nor a round's
    doc["rounds"] = [{"hands": rnd.hands, "actions": rnd.actions, "players": names(rnd)} for rnd in rounds]
    result = replay(doc)
    for index, rnd in enumerate(rounds):
        summary = result["rounds"][index] if index < len(result["rounds"]) else None
        if summary is None or summary["scores"] != list(rnd.scores):
            doc["rounds"] = doc["rounds"][:index]
            why = result["error"]["message"] if result["error"] else "its score differs"
            return doc, f"the record does not replay from round {index} on ({why}): a fault of the importer"
    return doc, None


# -- small helpers ---------------------------------------------------------------------


def _placed(diagnostics: list, game: int, round_index: int | None) -> list:
    for d in diagnostics:
        d.game = game
        if round_index is not None:
            d.round = round_index
    return diagnostics


def _refusal(code: str, message: str, games: int = 0) -> ImportResult:
    return ImportResult(None, [error(code, message)], games=games, refused=True)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def _show(totals) -> str:
    return f"{totals[0]} - {totals[1]}"

