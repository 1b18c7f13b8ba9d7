"""Following the lesson's script: where a game stands in it, the player's move checked against
the step, and the bots' scripted seats.

Everything is read from one seat's view (`view_for`): the public history counts the actions
each seat has made this round, which is all the script needs. So a lesson resumes where it
was after its table is stored and loaded again: the game replays its log, and the step
follows from it.
"""

from __future__ import annotations

from app.bots import GreedyBot
from app.coach.why_not import why_not
from app.coach.words import say
from app.engine import Rules, seeded_deal

from .script import FIRST_GAME, Lesson

ACTS = ("grand", "tichu", "exchange", "play", "pass", "gift")  # the history's entries that are actions


def actions_by(view: dict, seat: int) -> int:
    """How many actions `seat` has made this round (from the view's public history)."""
    return sum(1 for e in view["history"] if e.get("act") in ACTS and e.get("seat") == seat)


def lesson_deal(lesson: Lesson, seed=None):
    """The game's deal: the lesson's hands in round 0, seeded hands after (a game the script
    lost hold of goes on as an ordinary one)."""
    rules = Rules.of(lesson.ruleset, lesson.options)
    deck = rules.deck
    hands = [deck.parse_cards(hand) for hand in lesson.deal]
    later = seeded_deal(rules, seed)
    return lambda index: [list(h) for h in hands] if index == 0 else later(index)


def position(lesson: Lesson, view: dict) -> dict:
    """Where the player's view stands in the lesson: the step (index into `lesson.steps`),
    whether it is the player's turn for it (`ready`), and whether the lesson is over."""
    last = len(lesson.steps) - 1
    done = actions_by(view, lesson.seat)
    step = min(done, last)
    over = bool(view["game_over"])
    if over:
        step = last
    ready = over or (lesson.steps[step].expect is not None and lesson.seat in view["to_act"])
    return {"step": step, "ready": ready, "over": over}


def lesson_doc(lesson: Lesson, view: dict) -> dict:
    """What the player's page shows of the lesson now: the step's text (an English message
    id, translated by the page) or, while the bots before it play, the watching line; and the
    move the step asks for (only ever the player's own cards), so the page can point at it."""
    where = position(lesson, view)
    step = lesson.steps[where["step"]]
    ready = where["ready"]
    return {
        "id": lesson.id,
        "step": where["step"],
        "steps": len(lesson.steps),
        "name": step.name,
        "ready": ready,
        "over": where["over"],
        "text": step.text if ready else (step.watch or lesson.watch),
        "expect": step.expect if ready and not where["over"] else None,
    }


def check(lesson: Lesson, view: dict, action: dict, lang: str = "en") -> tuple[str, str] | None:
    """None if the player's `action` is what the lesson's step asks for (the engine still
    checks it); else (code, sentence): the coach's "why not" for cards that are no legal play
    now, or the step's answer to a move that is legal but not the lesson's. After the last
    step the lesson asks nothing."""
    where = position(lesson, view)
    step = lesson.steps[where["step"]]
    if where["over"] or step.expect is None:
        return None
    if not isinstance(action, dict):
        return None  # the engine refuses it in its own words
    if action.get("act") == "play":
        reason = why_not(view, action.get("cards"), phoenix=action.get("phoenix"))
        if reason["code"] != "legal":
            return reason["code"], say(reason, lang, lesson.names)
    if not where["ready"]:
        return "lesson", lesson.watch
    if matches(step.expect, action, view):
        return None
    return "lesson", step.wrong or lesson.wrong


def matches(pattern: dict, action: dict, view: dict) -> bool:
    """Whether `action` is of the pattern: the same act, and every field the pattern gives the
    same (cards as sets, ranks by value); fields the pattern leaves out are free."""
    deck = Rules.of(view["ruleset"], view["options"]).deck
    if action.get("act") != pattern["act"]:
        return False
    try:
        for key, want in pattern.items():
            got = action.get(key)
            if key == "act":
                continue
            if key == "cards":
                if got is None or deck.parse_mask(got) != deck.parse_mask(want):
                    return False
            elif key == "give":
                if not isinstance(got, dict) or set(map(str, got)) != set(want):
                    return False
                given = {str(t): c for t, c in got.items()}
                if any(deck.parse_mask(given[t]) != deck.parse_mask(c) for t, c in want.items()):
                    return False
            elif key == "wish":
                if got is None or deck.parse_rank(got) != deck.parse_rank(want):
                    return False
            elif got != want:
                return False
    except (ValueError, TypeError, KeyError):
        return False
    return True


def _allowed(view: dict, action: dict) -> bool:
    """Whether the view's legal actions hold `action` now."""
    legal = view["legal"]
    act = action["act"]
    if act == "exchange":
        hand = set(view["hand"] or [])
        return bool(legal["exchange"]) and all(set(c.split()) <= hand for c in action["give"].values())
    if act in ("grand", "tichu", "pass"):
        return bool(legal[act])
    if act == "gift":
        return action.get("to") in legal["gift"]
    if act == "play":
        deck = Rules.of(view["ruleset"], view["options"]).deck
        mask = deck.parse_mask(action["cards"])
        return any(deck.parse_mask(p["cards"]) == mask for p in legal["plays"] + legal["bombs"])
    return False


class LessonBot(GreedyBot):
    """A bot seat of the lesson: it plays its scripted actions in order, each once the player
    has made the decisions before it and the engine's legal actions hold it; where the script
    no longer fits (the game went another way) and the game waits for it, it passes if it
    may, else decides as GreedyBot. The engine checks every action all the same."""

    name = "lesson"

    def __init__(self, seat: int, rng=None, lesson: Lesson = FIRST_GAME, **config):
        super().__init__(seat, rng=rng, **config)
        self.lesson = lesson
        # (the player's decisions it waits for, action), in the script's order
        self.queue = [(k, dict(action)) for k, step in enumerate(lesson.steps)
                      for seat_, action in step.bots if seat_ == seat]

    def scripted(self, view: dict) -> dict | None:
        """Its next scripted action if that is due and legal now, else None."""
        mine = actions_by(view, self.seat)
        if mine >= len(self.queue):
            return None
        after, action = self.queue[mine]
        if actions_by(view, self.lesson.seat) < after or not _allowed(view, action):
            return None
        return dict(action)

    def decide(self, view: dict) -> dict | None:
        if view["legal"] is None:
            return None
        action = self.scripted(view)
        if action is not None:
            return action
        if self.seat not in view["to_act"]:
            return None
        if view["legal"]["pass"]:
            return {"act": "pass"}
        return super().decide(view)
