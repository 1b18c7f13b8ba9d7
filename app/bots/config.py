"""Each level's options: a frozen dataclass with every default, and the one parser.

A bot is made as `Level(seat, rng, **options)`; options come as numbers from code, or as
strings from the command line (`--a-opt name=value`) and the remote bot protocol.
`parse_options(Config, options)` converts each by its field's type (`int`, `float`, `bool`;
a bool also reads "0"/"1"/"true"/"false") and refuses an option the level does not have.
Normal's trick-play weights (`tricks.Style`) are options of their own names too
(`lead_value=0.5`), gathered into its `style`.

What each option does is told beside its field; docs/bots.md tells why the defaults are what
they are.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any

from . import calls, reading
from .tricks import Style


class OptionError(ValueError):
    """An option the level does not have, or a value its type cannot read."""


@dataclass(frozen=True)
class NoOptions:
    """A level without options (Greedy, Easy)."""


@dataclass(frozen=True)
class NormalConfig:
    # Call thresholds on the chance to go out first (`calls.py`).
    tichu_chance: float = calls.TICHU_CHANCE
    tichu_chance_exchange: float = calls.TICHU_CHANCE_BEFORE_EXCHANGE
    grand_chance: float = calls.GRAND_CHANCE
    dog_away: bool = True  # the Dog hurts its holder: pass it on in the exchange
    style: Style = field(default_factory=Style)  # the trick play's weights, options by their names


@dataclass(frozen=True)
class HardConfig(NormalConfig):
    seed: int | str | None = None  # a seed of its own random generator, in place of the table's
    # -- the play search --
    budget_ms: float = 100  # time per searched decision
    reserve_ms: float = 5  # the search stops this much before the budget (the decision's own work)
    max_worlds: int = 1000  # deals per search at most
    max_candidates: int = 7  # plays searched (and the Mah Jong's other wishes)
    margin: float = 4  # points a play must gain over Normal's choice
    partner_margin: float = 10  # ... to overtake the partner's trick
    partner_reasons: bool = False  # over the partner's trick only plays with an `overtake_reason`
    sure: float = 2.0  # ... and this many standard errors of the gain
    race_after: int = 24  # the race: from this many deals on, every `race_every` deals, a play
    race_every: int = 8  # sure by `race_z` standard errors not to gain what it needs is set aside
    race_z: float = 3
    # Deals leaning to what the others' calls say of their hands (`reading.py`); 0: every
    # consistent deal equally likely. `read_no_calls`: also a seat that played without calling.
    read_calls: bool = False
    read_no_calls: bool = False
    read_tries: int = reading.TRIES  # deals drawn at most for one read deal (the reading's cost, at most)
    # A seat holds no hand it could have gone out with when it passed or led (`exits.py`); off:
    # measured no gain (docs/bots.md).
    read_exits: bool = False
    # Deals leaning to what a partner's card in the exchange says (`exchange_reads.py`) and to
    # no bomb where a seat let an opponent on its last card take a trick (`bomb_reads.py`).
    read_exchange: bool = False
    read_bombs: bool = False
    native: bool = True  # the compiled play-out where it is built (`native.py`); 0: pure Python
    exact_cards: int = 0  # play-outs' endings solved exactly from this many cards left (`endings.py`; 0: off)
    # -- near the target (standard scoring, two teams) --
    game_weight: float = 1000  # points per whole chance to win the game a play-out adds (0: off)
    game_calls: bool = True  # calls weighed by the chance to win the game (0: by the threshold)
    # -- the other searched decisions (0 each: Normal's rule) --
    search_calls: bool = True
    search_exchange: bool = True
    search_bombs: bool = True
    search_gift: bool = True
    search_wish: bool = True
    call_budget_ms: float = 270  # the calls and the exchange (one decision's searches share it)
    call_worlds: int = 300
    exchange_worlds: int = 200
    exchange_candidates: int = 5
    exchange_margin: float = 5
    prior_worlds: float = 20  # the logistic estimate's weight in a call's chance, in deals
    tichu_chance_search_before: float = 0.68  # a searched Tichu call before the exchange
    bomb_margin: float = 5
    gift_margin: float = 10  # the gift's options differ little
    min_worlds: int = 8  # fewer deals by the deadline: Normal's choice


@dataclass(frozen=True)
class SeeingConfig(HardConfig):
    """Hard's options with the defaults of a search on the one true deal (`seeing.py`)."""

    max_worlds: int = 1
    call_worlds: int = 1
    exchange_worlds: int = 1
    min_worlds: int = 1
    prior_worlds: float = 0
    margin: float = 0
    partner_margin: float = 0
    exchange_margin: float = 0
    bomb_margin: float = 0
    gift_margin: float = 0
    sure: float = 0
    search_calls: bool = False


_WORDS = {bool: "0 or 1", int: "a whole number", float: "a number"}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _convert(name: str, kind: Any, value: Any) -> Any:
    """`value` as the field's type `kind` (strings parsed; numbers taken as they are)."""
    try:
        if kind is bool:
            if isinstance(value, str):
                word = value.strip().lower()
                if word in _TRUE | _FALSE:
                    return word in _TRUE
                return bool(float(word))
            return bool(value)
        if kind is int:
            return int(value)
        if kind is float:
            return float(value)
    except (TypeError, ValueError):
        raise OptionError(f"option {name}: {value!r} is not {_WORDS[kind]}") from None
    return value  # (a seed: as given, a string seeds differently from a number)


def option_names(config_type: type) -> list[str]:
    """Every option a level with this config takes, its style weights included."""
    names = [f.name for f in dataclasses.fields(config_type) if f.name != "style"]
    if "style" in {f.name for f in dataclasses.fields(config_type)}:
        names += [f.name for f in dataclasses.fields(Style)]
    return names


def parse_options(config_type: type, options: dict) -> Any:
    """The level's config from `options` (strings or values); OptionError names an unknown one."""
    types = typing.get_type_hints(config_type)
    fields = {f.name for f in dataclasses.fields(config_type)}
    style_types = typing.get_type_hints(Style) if "style" in fields else {}
    values: dict = {}
    style: dict = {}
    for name, value in options.items():
        if name in fields and name != "style":
            values[name] = _convert(name, types[name], value)
        elif name in style_types:
            style[name] = _convert(name, style_types[name], value)
        else:
            known = ", ".join(option_names(config_type)) or "none"
            raise OptionError(f"unknown option {name!r} (options of this level: {known})")
    if style:
        values["style"] = Style(**style)
    return config_type(**values)
