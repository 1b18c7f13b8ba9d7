"""The coach speaks from the pages' gettext catalogs, outside any web request too."""

from pathlib import Path
from string import Formatter

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from app.coach.catalog import TRANSLATIONS, tr, trn, trp

KEYWORDS = {"tr": (2,), "trp": ((2, "c"), 3), "trn": (2, 3)}
COACH = Path(__file__).resolve().parents[2] / "app" / "coach"


def coach_messages() -> set:
    found = set()
    for _, _, message, _, context in extract_from_dir(str(COACH), [("**.py", "python")], keywords=KEYWORDS):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def test_every_sentence_of_the_coach_has_a_german_translation_neither_empty_nor_fuzzy():
    with open(TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        german = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in read_po(f) if m.id}
    used = coach_messages()
    assert len(used) > 30, "the extraction finds the coach's sentences"
    for key in sorted(used, key=str):
        assert key in german, f"not in the German catalog: {key}"
        message = german[key]
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        assert all(strings) and not message.fuzzy, key


def _placeholders(text: str) -> set:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def test_every_translation_of_the_coach_fills_the_same_placeholders_as_its_english_id():
    """A German sentence may order the `{names}` as it needs, but uses each one, and no other."""
    with open(TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        german = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in read_po(f) if m.id}
    used = coach_messages()
    assert len(used) > 300, "the extraction finds the coach's sentences and words"
    for key in sorted(used, key=str):
        message = german[key]
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        want = set().union(*map(_placeholders, ids))
        for text in strings:
            assert _placeholders(text) == want, (key, text)


def test_the_coach_has_one_translation_system():
    """No sentence of the coach picks its language in code (the old `_t(lang, en, de)`)."""
    for path in COACH.rglob("*.py"):
        assert "_t(" not in path.read_text(), path


def test_sentences_render_in_each_language_without_a_request():
    assert tr("en", "{who} has one card left.", who="Mia") == "Mia has one card left."
    assert tr("de", "{who} has one card left.", who="Mia") == "Mia hat nur noch eine Karte."
    assert trp("de", "the call, after 'with'", "Grand Tichu") == "Großem Tichu"
    assert trp("de", "the call, as the object of a verb", "Grand Tichu") == "Großes Tichu"
    assert trp("en", "the call, after 'with'", "Grand Tichu") == "Grand Tichu"


def test_a_language_without_a_catalog_speaks_the_english_ids():
    assert tr("xx", "It keeps its bomb for later.") == "It keeps its bomb for later."
    assert trn("xx", "{n} card", "{n} cards", 3) == "3 cards"
