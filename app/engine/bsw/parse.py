"""Reading a Brettspielwelt (BSW) log: its lines into typed events, round by round.

Pure: text in, a `ParsedLog` out, no rule checked (convert.py replays the events
with the engine). Every event keeps its line number, counted from 1 as an editor
does, so that whatever goes wrong later can point at its line.

A round is read section by section (docs/bsw-import.md lists the lines):
`Gr.Tichukarten` (four lines of 8 cards), `Startkarten` (four of 14), calls
before the exchange, `Schupfen:` (four exchange lines), optional `BOMBE:` lines,
`Rundenverlauf` (plays, passes, the wish, calls, the Dragon's gift) and last
`Ergebnis`. A line that cannot be read where it stands ends the reading of its
round (`problem`); the next `Gr.Tichukarten` starts the next round. A file that
ends before a round's `Ergebnis` leaves that round `cut_off`; a new round or the
end of a game before it leaves it `broken_at` that line.

Nicknames are kept exactly as written between the seat and the cards (a
no-break space inside one too); only the seat number identifies a seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .notation import card_code, rank_code

GRAND_SECTION, START_SECTION, PLAY_SECTION = "Gr.Tichukarten", "Startkarten", "Rundenverlauf"
EXCHANGE_SECTION, CALLS_SECTION, BOMB_SECTION = "Schupfen", "calls before the exchange", "BOMBE"

_HEADER = re.compile(r"^-{3,}\s*(Gr\.Tichukarten|Startkarten|Rundenverlauf)\s*-{3,}$")
_END_GAME = re.compile(r"^-*\s*END GAME\s*-*$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # as editors count lines (str.splitlines knows more breaks)
_SEATED = re.compile(r"^\((\d+)\)(.*)$")
_CALL = re.compile(r"^(Grosses Tichu|Tichu):\s*\((\d+)\)(.*)$")
_GIFT = re.compile(r"^Drache an:\s*\((\d+)\)(.*)$")
_WISH = re.compile(r"^Wunsch:\s*(.*)$")
_RESULT = re.compile(r"^Ergebnis:\s*(-?\d+)\s*-\s*(-?\d+)$")
_GIVES = re.compile(r"^\((\d+)\)(.*?)\s*gibt:(.*)$")
_PASS = re.compile(r"^(.*?)(?:^|\s)passt\.?$")  # "passt" without its full stop: a line cut at the end
_TOKEN = re.compile(r"[^ \t]+")  # ASCII blanks only: a no-break space belongs to a nickname


# -- events: one per line that means something ---------------------------------------


@dataclass(frozen=True)
class HandLine:
    line: int
    seat: int
    name: str
    cards: tuple  # our card codes, in the log's order
    section: str  # GRAND_SECTION or START_SECTION


@dataclass(frozen=True)
class CallLine:
    line: int
    seat: int
    name: str
    grand: bool  # Grosses Tichu (else Tichu)
    section: str  # CALLS_SECTION or PLAY_SECTION


@dataclass(frozen=True)
class ExchangeLine:
    line: int
    seat: int
    name: str
    gives: tuple  # ((recipient's nickname, our card code), ...) in the log's order


@dataclass(frozen=True)
class BombLine:
    line: int
    seats: tuple  # ((seat, nickname), ...)


@dataclass(frozen=True)
class PlayLine:
    line: int
    seat: int
    name: str
    cards: tuple  # our card codes, in the log's order (where a Phoenix stands matters)


@dataclass(frozen=True)
class PassLine:
    line: int
    seat: int
    name: str


@dataclass(frozen=True)
class WishLine:
    line: int
    rank: str  # our rank name


@dataclass(frozen=True)
class GiftLine:
    line: int
    seat: int  # the seat the Dragon's trick is given to
    name: str


@dataclass(frozen=True)
class ResultLine:
    line: int
    scores: tuple  # (seats 0+2, seats 1+3)


@dataclass(frozen=True)
class Problem:
    line: int
    message: str


@dataclass
class ParsedRound:
    first_line: int  # its Gr.Tichukarten line
    game: int  # the log's game, counted by --END GAME-- lines
    grand_hands: dict = field(default_factory=dict)  # seat -> HandLine
    start_hands: dict = field(default_factory=dict)  # seat -> HandLine
    calls: list = field(default_factory=list)  # CallLine, before the exchange
    exchanges: dict = field(default_factory=dict)  # seat -> ExchangeLine
    bomb_lines: list = field(default_factory=list)
    play: list = field(default_factory=list)  # PlayLine, PassLine, WishLine, GiftLine, CallLine
    result: ResultLine | None = None
    problem: Problem | None = None  # the first line that cannot be read where it stands
    stray: bool = False  # not a round: lines outside any round
    cut_off: bool = False  # the file ends before its Ergebnis
    broken_at: int | None = None  # where a new round or a game's end interrupts it
    last_line: int = 0  # its last non-blank line
    state: str = "grand"

    @property
    def done(self) -> bool:
        return self.result is not None

    def names(self) -> list:
        """(line, seat, nickname, section) for every mention of a seat, in the order of the lines."""
        out = []
        for hands in (self.grand_hands, self.start_hands):
            out += [(h.line, h.seat, h.name, h.section) for h in hands.values()]
        out += [(c.line, c.seat, c.name, c.section) for c in self.calls]
        out += [(e.line, e.seat, e.name, EXCHANGE_SECTION) for e in self.exchanges.values()]
        for b in self.bomb_lines:
            out += [(b.line, seat, name, BOMB_SECTION) for seat, name in b.seats]
        for ev in self.play:
            if isinstance(ev, (PlayLine, PassLine, GiftLine, CallLine)):
                out.append((ev.line, ev.seat, ev.name, PLAY_SECTION))
        return sorted(out, key=lambda m: m[0])


@dataclass
class ParsedLog:
    rounds: list  # ParsedRound, in the order of the file
    game_ends: set  # the log games closed by an --END GAME-- line
    last_line: int  # the file's last non-blank line


class _Unreadable(Exception):
    pass


# -- the file ------------------------------------------------------------------------


def split_lines(text: str) -> list[str]:
    return _LINE_BREAK.split(text)


def is_round_header(line: str) -> bool:
    match = _HEADER.match(line.strip())
    return bool(match and match.group(1) == GRAND_SECTION)


def parse_log(text: str) -> ParsedLog:
    """Every round of the text, with its events, problems and where it stops."""
    rounds: list[ParsedRound] = []
    game_ends: set = set()
    game = 0
    current: ParsedRound | None = None
    last = 0
    for number, raw in enumerate(split_lines(text.lstrip("\ufeff")), 1):
        line = raw.strip()
        if not line:
            continue
        last = number
        if is_round_header(line) or _END_GAME.match(line):
            if current is not None and not current.done and current.broken_at is None:
                current.broken_at = number
            current = None
            if _END_GAME.match(line):
                if any(r.game == game for r in rounds):
                    game_ends.add(game)
                    game += 1
                continue
            current = ParsedRound(first_line=number, game=game, last_line=number)
            rounds.append(current)
            continue
        if current is None or current.done:
            # A line outside any round: reported as a round that cannot be read.
            current = ParsedRound(first_line=number, game=game, stray=True, last_line=number, state="skip",
                                  problem=Problem(number, "a line outside any round (a round begins with "
                                                  "the ---Gr.Tichukarten--- line)"))
            rounds.append(current)
            continue
        current.last_line = number
        if current.state == "skip":
            continue
        try:
            _feed(current, number, line)
        except _Unreadable as exc:
            current.problem = Problem(number, str(exc))
            current.state = "skip"
    if current is not None and not current.done and current.broken_at is None:
        current.cut_off = True
    return ParsedLog(rounds=rounds, game_ends=game_ends, last_line=last)


# -- a round, line by line -------------------------------------------------------------


def _feed(rnd: ParsedRound, number: int, line: str):
    header = _HEADER.match(line)
    section = header.group(1) if header else None
    state = rnd.state
    if state == "grand":
        _hand(rnd.grand_hands, number, line, 8, GRAND_SECTION, section)
        if len(rnd.grand_hands) == 4:
            rnd.state = "before_start"
    elif state == "before_start":
        if section == START_SECTION:
            rnd.state = "start"
        elif not _call(rnd.calls, line, number, CALLS_SECTION):
            raise _Unreadable("expected the ---Startkarten--- line after the four lines of 8 cards")
    elif state == "start":
        _hand(rnd.start_hands, number, line, 14, START_SECTION, section)
        if len(rnd.start_hands) == 4:
            rnd.state = "calls"
    elif state == "calls":
        if line == "Schupfen:":
            rnd.state = "exchange"
        elif not _call(rnd.calls, line, number, CALLS_SECTION):
            raise _Unreadable("expected a call (Grosses Tichu: / Tichu:) or 'Schupfen:' after the four "
                              "lines of 14 cards")
    elif state == "exchange":
        _exchange(rnd, number, line)
        if len(rnd.exchanges) == 4:
            rnd.state = "bombs"
    elif state == "bombs":
        if section == PLAY_SECTION:
            rnd.state = "play"
        elif line.startswith("BOMBE:"):
            rnd.bomb_lines.append(_bombs(number, line))
        else:
            raise _Unreadable("expected 'BOMBE:' or the ---Rundenverlauf--- line after the four exchange "
                              "lines")
    elif state == "play":
        event = _play_event(number, line)
        if isinstance(event, ResultLine):
            rnd.result = event
            rnd.state = "done"
        else:
            rnd.play.append(event)


def _seat(text: str) -> int:
    seat = int(text)
    if not 0 <= seat <= 3 or text != str(seat):
        raise _Unreadable(f"there is no seat ({text}): seats are (0) to (3)")
    return seat


def _hand(hands: dict, number: int, line: str, count: int, section: str, header: str | None):
    have = len(hands)
    if header is not None:
        raise _Unreadable(f"the {section} section has {have} of its four lines of {count} cards")
    match = _SEATED.match(line)
    if not match:
        raise _Unreadable(f"expected a line of the {section} section: (seat)nickname and {count} cards")
    seat = _seat(match.group(1))
    if seat in hands:
        raise _Unreadable(f"seat {seat} has a second line in the {section} section")
    rest = match.group(2)
    tokens = list(_TOKEN.finditer(rest))
    # The cards are the last tokens; whatever stands before them is the nickname.
    first = len(tokens)
    while first > 0 and len(tokens) - first < count and card_code(tokens[first - 1].group()):
        first -= 1
    found = len(tokens) - first
    if found < count:
        raise _Unreadable(f"seat {seat}'s line in the {section} section names {found} cards after the "
                          f"nickname, not {count}")
    name = rest[:tokens[first].start()].strip() if tokens else ""
    cards = tuple(card_code(t.group()) for t in tokens[first:])
    if len(set(cards)) != len(cards):
        raise _Unreadable(f"seat {seat}'s line in the {section} section names a card twice")
    hands[seat] = HandLine(number, seat, name, cards, section)


def _call(calls: list, line: str, number: int, section: str) -> bool:
    event = _call_event(line, number, section)
    if event is None:
        return False
    calls.append(event)
    return True


def _call_event(line: str, number: int, section: str) -> CallLine | None:
    match = _CALL.match(line)
    if not match:
        return None
    return CallLine(number, _seat(match.group(2)), match.group(3).strip(),
                    match.group(1) == "Grosses Tichu", section)


def _exchange(rnd: ParsedRound, number: int, line: str):
    match = _GIVES.match(line)
    if not match:
        raise _Unreadable("expected an exchange line: (seat)nickname gibt: name: card - name: card - "
                          "name: card -")
    seat = _seat(match.group(1))
    if seat in rnd.exchanges:
        raise _Unreadable(f"seat {seat} has a second exchange line")
    body = match.group(3).strip()
    if body.endswith("-"):  # the line ends in "- " after the third card
        body = body[:-1].rstrip()
    parts = [p.strip() for p in re.split(r"\s+-\s+", body)] if body else []
    if len(parts) != 3:
        raise _Unreadable(f"seat {seat}'s exchange line gives {len(parts)} cards, not 3 "
                          "(name: card, separated by ' - ')")
    gives = []
    for part in parts:
        name, colon, token = part.rpartition(":")
        code = card_code(token.strip())
        if not colon or code is None:
            raise _Unreadable(f"seat {seat}'s exchange line: '{token.strip()}' is not a card"
                              if colon else f"seat {seat}'s exchange line: 'name: card' expected")
        gives.append((name.strip(), code))
    rnd.exchanges[seat] = ExchangeLine(number, seat, match.group(2).strip(), tuple(gives))


def _bombs(number: int, line: str) -> BombLine:
    body = line[len("BOMBE:"):]
    marks = list(re.finditer(r"\((\d+)\)", body))
    before_first = body[:marks[0].start()] if marks else body
    if before_first.strip():
        raise _Unreadable("a BOMBE: line lists seats, like (0)nickname (2)nickname")
    seats = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        seats.append((_seat(mark.group(1)), body[mark.end():end].strip()))
    return BombLine(number, tuple(seats))


def _play_event(number: int, line: str):
    match = _RESULT.match(line)
    if match:
        return ResultLine(number, (int(match.group(1)), int(match.group(2))))
    if line.startswith("Ergebnis:"):
        raise _Unreadable("an Ergebnis line gives two scores: Ergebnis: X - Y")
    match = _WISH.match(line)
    if match:
        rank = rank_code(match.group(1).strip())
        if rank is None:
            raise _Unreadable(f"'{match.group(1).strip()}' is not a rank to wish for (2-10, B, D, K, A)")
        return WishLine(number, rank)
    match = _GIFT.match(line)
    if match:
        return GiftLine(number, _seat(match.group(1)), match.group(2).strip())
    call = _call_event(line, number, PLAY_SECTION)
    if call is not None:
        return call
    match = _SEATED.match(line)
    if not match:
        raise _Unreadable("not a line of the play: (seat)nickname: cards, (seat)nickname passt., Wunsch:, "
                          "Tichu:, Drache an: or Ergebnis:")
    seat = _seat(match.group(1))
    rest = match.group(2)
    passed = _PASS.match(rest)
    if passed:
        return PassLine(number, seat, passed.group(1).strip())
    name, colon, cards = rest.rpartition(":")
    if not colon:
        raise _Unreadable(f"seat {seat}'s line is neither a play (nickname: cards) nor a pass (passt.)")
    tokens = cards.split()
    if not tokens:
        raise _Unreadable(f"seat {seat}'s play names no card")
    codes = tuple(card_code(t) for t in tokens)
    for token, code in zip(tokens, codes, strict=True):
        if code is None:
            raise _Unreadable(f"seat {seat}'s play: '{token}' is not a card")
    if len(set(codes)) != len(codes):
        raise _Unreadable(f"seat {seat}'s play names a card twice")
    return PlayLine(number, seat, name.strip(), codes)
