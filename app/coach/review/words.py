"""A review's choices in words: "played R10 R9 R8 R7 R6", "did not call Tichu", "waited".

English only: the command line's and the benchmark's output. The web page words
flags from their structured fields (`Flag.as_dict`) in its own languages.
"""

from __future__ import annotations


def describe(choice: dict) -> str:
    """A candidate's choice (an action without "seat", or a call or a wait) in a few words."""
    act = choice.get("act")
    if act == "play":
        text = f"played {choice['cards']}"
        if choice.get("phoenix") is not None:
            text += f" (the Phoenix as {choice['phoenix']})"
        if "wish" in choice:  # (a wish decision names "no wish" as null)
            text += f", wishing {choice['wish']}" if choice["wish"] is not None else ", wishing nothing"
        return text
    if act == "pass":
        return "passed"
    if act == "wait":
        return "kept the bomb"
    if act == "gift":
        return f"gave the Dragon's trick to seat {choice['to']}"
    if act == "grand":
        return "called Grand Tichu" if choice.get("call") else "did not call Grand Tichu"
    if act == "tichu":
        return "called Tichu" if choice.get("call") else "did not call Tichu"
    if act == "exchange":
        give = sorted(choice["give"].items(), key=lambda x: int(x[0]))
        parts = [f"{cards} to seat {t}" for t, cards in give]
        return "passed " + ", ".join(parts)
    return str(choice)


def flag_line(flag: dict) -> str:
    """One flagged decision (`Flag.as_dict`) on one line: the command line's text output."""
    unit = flag["unit"]
    gain = f"{flag['gain']:+.2f} places" if unit == "places" else f"{flag['gain']:+.1f} points"
    return (f"round {flag['round']}, action {flag['index']} (seat {flag['seat']}, {flag['kind']}): "
            f"{describe(flag['done'])}; better: {describe(flag['better'])} "
            f"(better in {flag['share'] * 100:.0f}% of {flag['deals']} deals, {gain} per round)")
