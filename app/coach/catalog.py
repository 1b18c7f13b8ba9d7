"""The coach's sentences in a language: the gettext catalogs the pages use too.

The English text is the message id; `translations/<lang>/LC_MESSAGES/messages.mo` holds
each other language, so adding a language is adding a catalog. The coach also speaks
outside a web request (the review's worker, the command line, tests), so it reads the
catalogs with Babel directly, each language once per process, never through Flask-Babel.

- `tr(lang, msgid, **values)`: the sentence, its `{name}` placeholders filled;
- `trp(lang, context, msgid, **values)`: the same where German needs a case or a gender
  the English does not show (the context says which);
- `trn(lang, singular, plural, n, **values)`: the form that agrees with `n` (`{n}` filled).

babel.cfg extracts these three (`-k tr:2 -k trp:2c,3 -k trn:2,3`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from babel.support import NullTranslations, Translations

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"  # app/coach/ is two below


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages the coach speaks: English (the ids) and each with a compiled catalog."""
    return ("en", *sorted(p.parents[1].name for p in TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")))


@functools.cache
def catalog(lang: str) -> NullTranslations:
    """The compiled catalog of `lang`, read once; English (the ids) needs none."""
    return Translations.load(str(TRANSLATIONS), [lang])


def tr(lang: str, msgid: str, **values) -> str:
    return _filled(catalog(lang).gettext(msgid), values)


def trp(lang: str, context: str, msgid: str, **values) -> str:
    return _filled(catalog(lang).pgettext(context, msgid), values)


def trn(lang: str, singular: str, plural: str, n: int, **values) -> str:
    return _filled(catalog(lang).ngettext(singular, plural, n), {"n": n, **values})


def _filled(text: str, values: dict) -> str:
    return text.format(**values) if values else text
