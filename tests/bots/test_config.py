"""Each level's options: defaults in one place, strings read by the fields' types, an unknown
option refused with a clear error (never silently ignored)."""

import dataclasses
import random

import pytest

from app.bots import LEVELS, load_bot
from app.bots.config import HardConfig, NormalConfig, OptionError, SeeingConfig, option_names, parse_options
from app.bots.tricks import Style


def test_the_defaults_are_the_configs_own():
    assert LEVELS["normal"](0).config == NormalConfig()
    assert LEVELS["hard"](0).config == HardConfig()
    assert load_bot("seeing")(0).config == SeeingConfig()
    hard = HardConfig()
    assert (hard.budget_ms, hard.max_worlds, hard.margin, hard.game_weight) == (100, 1000, 4, 1000)
    assert hard.search_calls and not SeeingConfig().search_calls and SeeingConfig().max_worlds == 1
    assert NormalConfig().style == Style()


def test_a_config_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        HardConfig().margin = 9


def test_strings_are_read_by_the_fields_types():
    config = parse_options(HardConfig, {"budget_ms": "250", "max_worlds": "40", "native": "0",
                                        "search_calls": "false", "game_calls": "1", "seed": "7",
                                        "lead_value": "0.5"})
    assert config.budget_ms == 250.0 and isinstance(config.budget_ms, float)
    assert config.max_worlds == 40 and isinstance(config.max_worlds, int)
    assert config.native is False and config.search_calls is False and config.game_calls is True
    assert config.seed == "7"  # as given: a string seeds its generator otherwise than a number
    assert config.style == Style(lead_value=0.5)
    # Numbers from code are taken as they are, converted to the field's type.
    assert parse_options(HardConfig, {"max_worlds": 40.0, "margin": 3}).max_worlds == 40
    assert parse_options(HardConfig, {"dog_away": 0}).dog_away is False


def test_an_unknown_option_is_refused_with_the_levels_options():
    with pytest.raises(OptionError, match="unknown option 'playout_wish'.*budget_ms"):
        LEVELS["hard"](0, playout_wish=0)
    with pytest.raises(OptionError, match="unknown option 'budget_ms'"):
        LEVELS["normal"](0, budget_ms=100)
    with pytest.raises(OptionError, match=r"unknown option 'seed' \(options of this level: none\)"):
        LEVELS["greedy"](0, seed=1)
    with pytest.raises(OptionError, match="unknown option"):
        LEVELS["easy"](0, rng_seed=1)


def test_a_value_its_type_cannot_read_is_refused():
    with pytest.raises(OptionError, match="max_worlds: 'many' is not a whole number"):
        parse_options(HardConfig, {"max_worlds": "many"})
    with pytest.raises(OptionError, match="search_gift: 'maybe' is not 0 or 1"):
        parse_options(HardConfig, {"search_gift": "maybe"})


def test_every_option_is_named_once():
    names = option_names(HardConfig)
    assert len(names) == len(set(names))
    assert {"budget_ms", "tichu_chance", "lead_value", "seed"} <= set(names) and "style" not in names


def test_hard_with_a_seed_draws_from_its_own_generator():
    a = LEVELS["hard"](0, rng=random.Random(1), seed=5)
    b = LEVELS["hard"](0, rng=random.Random(2), seed=5)
    assert a.rng.random() == b.rng.random()
