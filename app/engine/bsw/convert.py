"""One parsed BSW round into our record's actions, replayed with the engine as it goes.

Pure: a `ParsedRound` in, a `RoundImport` out (the round's hands and actions,
its result, the nicknames, diagnostics). The round is played on the engine's
`Round` line by line, because what a line means can depend on the table:

- the Grand Tichu decisions of all four seats come first (a call where the log
  has `Grosses Tichu:`), then the calls made before the exchange, then the four
  exchanges, then the play;
- a `passt.` line of the seat that has won the trick (or is due to lead after
  it) is BSW's mark of the trick being taken in, not an action of ours;
- `Wunsch:` belongs to the play of the Mah Jong just before it;
- `Drache an:` is the gift of the seat whose Dragon won the trick;
- a call repeated by the same seat is one call (a double click), noted;
- the Phoenix's rank in a combination is inferred (phoenix.py).

Anything the rules refuse, a score that differs from `Ergebnis` (except BSW's
known Grand Tichu error, which is noted) or a round that does not end where
the log ends it stops the round with an error naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action
from ..combos import SINGLE
from ..errors import IllegalAction
from ..plays import bombs_beating
from ..record import format_hand
from ..round import OVER, PLAY, Round
from ..rulesets import Rules
from .diagnostics import Diagnostic, error, note
from .parse import (
    BOMB_SECTION,
    CallLine,
    GiftLine,
    ParsedRound,
    PassLine,
    PlayLine,
    WishLine,
)
from .phoenix import infer_phoenix

#: BSW plays the engine's defaults (BSW_LOGS.md); written out so the record never depends on them.
BSW_OPTIONS = {
    "direction": "ccw",
    "target": 1000,
    "stairs_min_pairs": 2,
    "grand_tichu": True,
    "double_victory_points": 200,
    "tie_rule": "continue",
    "wish_bomb_escape": "follow_only",
    "dragon_gift_on_final_trick": True,
    "one_call_per_team": False,
}

OK, FAILED, CUT_OFF, REDEALT = "ok", "failed", "cut_off", "redealt"

_LONE_TWO = (SINGLE, 1, 2, 0, None)  # any bomb beats it: for "does this hand hold a bomb?"
_TEAM_SEATS = ((0, 2), (1, 3))


@dataclass
class RoundImport:
    parsed: ParsedRound
    status: str = FAILED  # OK, FAILED, CUT_OFF (the file ends in it), REDEALT (broken off before play)
    hands: list | None = None  # record notation, seat 0 first
    actions: list = field(default_factory=list)  # the record's action dicts
    nicknames: list = field(default_factory=list)  # per seat, its name at its last line in the round
    result: object = None  # the engine's RoundResult when the round is complete
    diagnostics: list = field(default_factory=list)

    @property
    def scores(self) -> tuple | None:
        return self.result.scores if self.result is not None else None


class _Stop(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def convert_round(parsed: ParsedRound, last_line: int, anonymous: bool = False) -> RoundImport:
    """Convert and check one round; `last_line` is the file's last non-blank line."""
    out = RoundImport(parsed)
    out.nicknames = _nicknames(parsed)
    out.diagnostics += _nickname_notes(parsed, anonymous)
    problem = parsed.problem
    if parsed.stray or (problem and not (parsed.cut_off and problem.line == last_line)):
        out.diagnostics.append(error("unreadable_line", problem.message, problem.line))
        return out
    if parsed.cut_off:
        out.status = CUT_OFF
        why = f" (its last line, {problem.line}, is cut short: {problem.message})" if problem else ""
        out.diagnostics.append(note("incomplete_round", "the log ends before this round's Ergebnis"
                                    f"{why}: the round is not imported", parsed.last_line))
        return out
    if parsed.broken_at is not None:
        if not parsed.play:
            out.status = REDEALT
            out.diagnostics.append(note(
                "redealt", f"this round breaks off before its first play (a new deal follows at line "
                f"{parsed.broken_at}): it was never played and is left out", parsed.first_line))
        else:
            out.diagnostics.append(error(
                "broken_off", "this round breaks off in the middle of its play: a new round or the "
                f"game's end follows at line {parsed.broken_at} before its Ergebnis", parsed.broken_at))
        return out
    try:
        _Replayer(parsed, out).run()
    except _Stop as stop:
        out.diagnostics.append(stop.diagnostic)
        out.status = FAILED
        return out
    out.status = OK
    return out


def _nicknames(parsed: ParsedRound) -> list:
    names = [""] * 4
    for _line, seat, name, _section in parsed.names():
        names[seat] = name
    return names


def _nickname_notes(parsed: ParsedRound, anonymous: bool) -> list:
    notes, last = [], {}
    for line, seat, name, section in parsed.names():
        if seat in last and last[seat][0] != name:
            old, old_section = last[seat]
            if anonymous:
                text = f"seat {seat}'s nickname in {section} differs from the one in {old_section}"
            else:
                text = f"seat {seat} is '{name}' in {section} but '{old}' in {old_section}"
            notes.append(note("nickname", text + " (the seat number is what counts)", line))
        last[seat] = (name, section)
    return notes


class _Replayer:
    """Plays one round's events on the engine, building its actions."""

    def __init__(self, parsed: ParsedRound, out: RoundImport):
        self.parsed = parsed
        self.out = out
        self.rules = Rules.of("standard", BSW_OPTIONS)
        self.deck = self.rules.deck
        self.rnd: Round | None = None
        self.called: dict = {}  # seat -> "grand" or "tichu", for calls clicked twice
        self.after_gift = False  # the trick was just given away: its winner's passt. may follow

    def run(self):
        dealt = self._deal()
        self.rnd = Round(self.rules, dealt)
        self.out.hands = [format_hand(self.deck, h, self.rules.grand_tichu_cards) for h in dealt]
        self._calls_before_the_exchange()
        self._exchanges()
        self._check_bomb_lines()
        self._play()
        self._check_result()
        self.out.result = self.rnd.result

    # -- the deal ---------------------------------------------------------------------

    def _deal(self) -> list:
        parsed, deck = self.parsed, self.deck
        dealt, holder = [], {}
        for seat in range(4):
            first, whole = parsed.grand_hands[seat], parsed.start_hands[seat]
            missing = [c for c in first.cards if c not in whole.cards]
            if missing:
                raise _Stop(error("bad_deal", f"seat {seat}'s first 8 cards hold {' '.join(missing)}, "
                                  "which its 14 cards do not", whole.line))
            for code in whole.cards:
                if code in holder:
                    raise _Stop(error("bad_deal", f"{code} is dealt to seat {holder[code]} and to seat "
                                      f"{seat}", whole.line))
                holder[code] = seat
            rest = [c for c in whole.cards if c not in first.cards]
            dealt.append([deck.parse_card(c) for c in first.cards + tuple(rest)])
        return dealt

    # -- before the play --------------------------------------------------------------

    def _calls_before_the_exchange(self):
        grand_lines = {}
        for call in self.parsed.calls:
            if call.grand:
                if call.seat in grand_lines:
                    self._twice(call)
                else:
                    grand_lines[call.seat] = call.line
        for seat in range(4):
            line = grand_lines.get(seat, self.parsed.start_hands[seat].line)
            self._apply(Action.grand_(seat, seat in grand_lines), line, f"seat {seat}'s Grand Tichu decision")
            if seat in grand_lines:
                self.called[seat] = "grand"
        for call in self.parsed.calls:
            if not call.grand:
                self._call(call)

    def _call(self, call: CallLine):
        kind = "grand" if call.grand else "tichu"
        if self.called.get(call.seat) == kind:
            self._twice(call)
            return
        action = Action.grand_(call.seat, True) if call.grand else Action.tichu_(call.seat)
        self._apply(action, call.line, f"seat {call.seat}'s {'Grand Tichu' if call.grand else 'Tichu'} call")
        self.called[call.seat] = kind

    def _twice(self, call: CallLine):
        what = "Grand Tichu" if call.grand else "Tichu"
        self.out.diagnostics.append(note("duplicate_call", f"seat {call.seat} calls {what} again: one call "
                                         "(a double click), not two", call.line))

    def _exchanges(self):
        for seat in range(4):
            line = self.parsed.exchanges[seat]
            give = {str(t): card for t, (_, card) in zip(self._recipients(line), line.gives, strict=True)}
            self._apply({"seat": seat, "act": "exchange", "give": give}, line.line, f"seat {seat}'s exchange")

    def _recipients(self, line) -> list:
        """The seats an exchange line gives to: recipients are named by their nicknames in the
        Schupfen section (or elsewhere in the round); failing that, in the order BSW writes
        them: the next seat, the partner, the seat before."""
        others = [t for t in range(4) if t != line.seat]
        in_section = {t: self.parsed.exchanges[t].name for t in others}
        anywhere = {t: set() for t in others}
        for _line, seat, name, _section in self.parsed.names():
            if seat in anywhere:
                anywhere[seat].add(name)
        seats = []
        for name, _card in line.gives:
            found = [t for t in others if in_section[t] == name]
            if len(found) != 1:
                found = [t for t in others if name in anywhere[t]]
            seats.append(found[0] if len(found) == 1 else None)
        if None in seats or len(set(seats)) != 3:
            seats = [(line.seat + k) % 4 for k in (1, 2, 3)]
            self.out.diagnostics.append(note(
                "exchange_order", f"seat {line.seat}'s exchange line names recipients that are not the other "
                "seats' nicknames; read in BSW's order: the next seat, the partner, the seat before",
                line.line))
        return seats

    def _check_bomb_lines(self):
        """BOMBE: is information only; a list that disagrees with the hands is worth a note."""
        listed = {seat for b in self.parsed.bomb_lines for seat, _ in b.seats}
        holding = {s for s in range(4) if bombs_beating(self.rnd.hands[s], self.deck, _LONE_TWO)}
        if listed != holding and (self.parsed.bomb_lines or holding):
            line = self.parsed.bomb_lines[0].line if self.parsed.bomb_lines else None
            show = lambda seats: ", ".join(map(str, sorted(seats))) or "none"
            self.out.diagnostics.append(note(
                "bomb_info", f"the {BOMB_SECTION} line lists seats {show(listed)}; after the exchange seats "
                f"{show(holding)} hold a bomb (information only, nothing changes)", line))

    # -- the play ---------------------------------------------------------------------

    def _play(self):
        events, i = self.parsed.play, 0
        while i < len(events):
            event = events[i]
            i += 1
            if isinstance(event, PlayLine):
                wish = None
                mask = self.deck.parse_mask(list(event.cards))
                if mask & self.deck.mahjong_mask and i < len(events) and isinstance(events[i], WishLine):
                    wish = self.deck.parse_rank(events[i].rank)
                    i += 1
                phoenix, why = infer_phoenix(self.rnd, event, mask, events[i:])
                if why:
                    self.out.diagnostics.append(note("phoenix_place", why, event.line))
                shown = " ".join(event.cards)
                self._apply(Action.play_(event.seat, mask, wish=wish, phoenix=phoenix), event.line,
                            f"seat {event.seat}'s play {shown}")
                self.after_gift = False
            elif isinstance(event, PassLine):
                if self._takes_in(event.seat):
                    continue
                self._apply(Action.pass_(event.seat), event.line, f"seat {event.seat}'s pass")
                self.after_gift = False
            elif isinstance(event, WishLine):
                raise _Stop(error("misplaced_wish", "a wish (Wunsch:) comes right after the play of the "
                                  "Mah Jong", event.line))
            elif isinstance(event, CallLine):
                self._call(event)
            elif isinstance(event, GiftLine):
                rnd = self.rnd
                giver = rnd.gift_from if rnd.gift_from is not None else (rnd.top_seat or 0)
                self._apply(Action.gift_(giver, event.seat), event.line,
                            f"the Dragon's trick given to seat {event.seat}")
                self.after_gift = True

    def _takes_in(self, seat: int) -> bool:
        """Whether a `passt.` line of `seat` is BSW's mark of a won trick being taken in: the
        turn came back to the trick's winner (or to the seat leading after him) while everybody
        else had passed. Our rules have no such action; the trick is taken in by the next lead
        or the Dragon's gift."""
        rnd = self.rnd
        if rnd.phase == OVER:
            return True  # the last trick is taken in with the round's end
        if rnd.phase != PLAY:
            return False
        if rnd.gift_from is not None:
            return seat == rnd.gift_from
        if rnd.closed:
            return seat in (rnd.top_seat, rnd.turn)
        return self.after_gift and seat == rnd.turn

    def _apply(self, action, line: int, what: str):
        """Apply an action (an `Action` or its record dict), or stop the round with the reason."""
        try:
            applied = self.rnd.apply(action)
        except IllegalAction as exc:
            raise _Stop(error("refused", f"{what} breaks our rules: {exc.message}", line, exc.code)) from None
        self.out.actions.append(applied.to_record(self.deck))

    # -- the end ----------------------------------------------------------------------

    def _check_result(self):
        rnd, printed = self.rnd, self.parsed.result
        if rnd.phase != OVER:
            raise _Stop(error("not_over", f"the log ends the round here, but by our rules it goes on: "
                              f"{self._waiting()}", printed.line))
        ours = tuple(rnd.result.scores)
        if ours == printed.scores:
            return
        known = _bsw_grand_error(rnd.result, printed.scores)
        if known is not None:
            team, failed = known
            self.out.diagnostics.append(note(
                "bsw_score_error", f"the log's score {_show(printed.scores)} differs from ours "
                f"{_show(ours)}: BSW's known error when both partners call Grand Tichu and one fails "
                f"(seats {team[0]} and {team[1]} called, seat {failed} failed, and BSW leaves out its -200). "
                "The record keeps the rules' score.", printed.line))
            return
        raise _Stop(error("score_differs", f"the log's score is {_show(printed.scores)}, our rules give "
                          f"{_show(ours)} ({_explain(rnd.result)})", printed.line))

    def _waiting(self) -> str:
        rnd = self.rnd
        if rnd.gift_from is not None:
            return f"seat {rnd.gift_from} has the Dragon's trick to give away"
        holding = [str(s) for s in range(4) if rnd.hands[s]]
        return f"seat {rnd.turn} is to play, seats {', '.join(holding)} hold cards"


def _show(scores) -> str:
    return f"{scores[0]} - {scores[1]}"


def _bsw_grand_error(result, printed: tuple):
    """(the team's seats, the seat that failed) when `printed` is our score with BSW's Grand
    Tichu error in it: both partners called Grand Tichu, one failed, and the team's score
    lacks that call's -200."""
    for team, seats in enumerate(_TEAM_SEATS):
        if all(result.calls[s] == "grand" for s in seats) and sorted(result.call_made[s] for s in seats) == [
                False, True]:
            expected = list(result.scores)
            expected[team] += 200
            if tuple(expected) == tuple(printed):
                failed = next(s for s in seats if not result.call_made[s])
                return seats, failed
    return None


def _explain(result) -> str:
    parts = []
    if result.double_victory:
        parts.append(f"a double victory of seats {' and '.join(map(str, result.out_order))}")
    else:
        parts.append(f"card points {_show(result.card_points)}")
        parts.append("out in the order " + ", ".join(map(str, result.out_order)))
    names = {"grand": "Grand Tichu", "tichu": "Tichu"}
    for seat, call in enumerate(result.calls):
        if call:
            parts.append(f"seat {seat}'s {names[call]} {'made' if result.call_made[seat] else 'failed'}")
    return "; ".join(parts)
