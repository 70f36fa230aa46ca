"""The variant registry is complete and honest (RULES 8): every variant is reachable by its
`--variant` name and aliases, from the library and the command line; every variant class
defines only facts and hooks the base has (a misspelled hook would never be called); and
the speed flags derived from the overrides agree with what each variant overrides and
with the moves its games really offer."""

from __future__ import annotations

import typing

import pytest
from click.testing import CliRunner

from rummy500_cli.actions import BlockJoker, LayMeld, LayOff, NamePower
from rummy500_cli.analysis.selfplay import bot_game
from rummy500_cli.cards import JOKER
from rummy500_cli.cli.main import main as cli
from rummy500_cli.cli.options import default_players, rules_from
from rummy500_cli.engine import legal_actions
from rummy500_cli.errors import RulesError
from rummy500_cli.rules import PRESETS, Rules
from rummy500_cli.state import State
from rummy500_cli.variants import (
    BUNDLES,
    VARIANTS,
    Variant,
    check_rules,
    find_variant,
    make_rules,
    variant_of,
)
from rummy500_cli.variants.base import DERIVED, JOKER_HOOKS, MOVE_FACTS, MOVE_HOOKS, POWER_HOOKS

GAMES = 12
NAMED = [variant for variant in VARIANTS.values() if variant.name != Variant.name]


def words(variant: Variant) -> list[str]:
    return [variant.name, *variant.aliases]


def test_the_registry_and_the_rules_field_name_the_same_variants() -> None:
    # Rules.variant is what a log records: a name the registry lacks could not be played
    allowed = typing.get_args(typing.get_type_hints(Rules)["variant"])
    assert list(allowed) == list(VARIANTS)
    assert all(name == variant.name for name, variant in VARIANTS.items())
    assert set(BUNDLES) == {variant.name for variant in NAMED}
    assert not set(PRESETS) & set(VARIANTS), "a preset and a variant share a name"


@pytest.mark.parametrize("variant", NAMED, ids=lambda variant: variant.name)
def test_every_variant_is_reachable_by_its_names(variant: Variant) -> None:
    players = variant.players or 3
    for word in words(variant):
        assert find_variant(word) is variant
        rules = make_rules(variant=word)
        assert variant_of(rules) is variant
        check_rules(rules, players)  # the bundle alone is playable
        # the command line's path: the --variant word, the players it implies
        assert default_players(word, 3) == players
        assert variant_of(rules_from(word, (), None, players)) is variant


@pytest.mark.parametrize("word", ["standard", "wikipedia", None])
def test_the_presets_are_the_standard_game_with_options(word: str | None) -> None:
    rules = rules_from(word, (), None, 2)
    assert variant_of(rules) is VARIANTS["none"]
    assert find_variant(word) is None
    assert rules.changes() == dict(PRESETS.get(word or "standard", {}))


def test_an_unknown_variant_is_refused_naming_every_word() -> None:
    with pytest.raises(RulesError) as caught:
        make_rules(variant="persain")
    for word in [*PRESETS, *(w for variant in NAMED for w in words(variant))]:
        assert word in str(caught.value)
    with pytest.raises(RulesError, match="unknown variant 'none'"):
        make_rules(variant="none")  # the standard game is the preset `standard`


@pytest.mark.parametrize("variant", NAMED, ids=lambda variant: variant.name)
def test_the_command_line_reaches_every_variant(variant: Variant) -> None:
    runner = CliRunner()
    help_text = " ".join(runner.invoke(cli, ["rules", "--help"]).output.split())
    assert f"A preset or variant: {', '.join([*PRESETS, *BUNDLES])}." in help_text
    for word in words(variant):
        assert word in help_text
        result = runner.invoke(cli, ["rules", "--variant", word])
        assert result.exit_code == 0, result.output
        # the variant's own words reach the rules text (RULES 8)
        own = [*variant.players_paragraph(make_rules(variant=word))]
        own += variant.rules_paragraph(make_rules(variant=word))
        own.append(variant.goal_words(make_rules(variant=word)))
        for line in own:
            assert line in result.output


def test_every_variant_class_defines_only_facts_and_hooks_of_the_base() -> None:
    for variant in VARIANTS.values():
        for cls in type(variant).__mro__:
            if cls is object or cls is Variant:
                break
            # (the derived flags are written on each class by the base, from its overrides)
            public = [name for name in vars(cls) if not name.startswith("_")]
            public = [name for name in public if name not in DERIVED]
            assert public, f"{cls.__name__} changes nothing"
            for name in public:
                assert hasattr(Variant, name), f"{cls.__name__}.{name} is no hook of Variant"


def test_a_misspelled_hook_or_a_flag_set_by_hand_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match="wild_hands"):
        type("Typo", (Variant,), {"wild_hands": lambda self, state, hand: None})
    with pytest.raises(TypeError, match="has_power"):
        type("ByHand", (Variant,), {"has_power": True})
    # a real override is accepted and moves the flags it guards
    wild = type("Wild", (Variant,), {"wild_hand": lambda self, state, hand: list(hand)})
    assert wild.joker_plays and not wild.has_power and not wild.plain_moves


def test_the_derived_flags_agree_with_the_overrides() -> None:
    for variant in VARIANTS.values():
        cls = type(variant)
        overridden = {
            hook
            for hook in MOVE_HOOKS
            if getattr(cls, hook) is not getattr(Variant, hook)  # the definition, by hand
        }
        assert variant.has_power == bool(overridden & set(POWER_HOOKS))
        assert variant.joker_plays == bool(overridden & set(JOKER_HOOKS))
        moves_fact = any(getattr(variant, fact) for fact in MOVE_FACTS)
        assert variant.plain_moves == (not overridden and not moves_fact)
    # the values the engine was tuned with when they were set by hand
    assert {name: (v.has_power, v.joker_plays, v.plain_moves) for name, v in VARIANTS.items()} == {
        "none": (False, False, True),
        "jokers": (False, True, False),
        "partnership": (False, False, True),
        "persian": (False, True, False),
        "dealers_gambit": (True, True, False),
    }


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda variant: variant.name)
def test_the_flags_agree_with_the_moves_of_real_games(variant: Variant) -> None:
    """A variant without a power never offers power or block; one whose jokers take no
    part in plays never offers a play holding a joker: the listings may skip those hooks."""
    options = dict(variant.options)
    if variant.name == Variant.name:
        options = {}
    rules = make_rules(options)
    players = variant.players or 3
    seen = {"power": False, "joker": False}

    def probe(state: State) -> None:
        for action in legal_actions(state):
            if isinstance(action, (NamePower, BlockJoker)):
                seen["power"] = True
                assert variant.has_power, f"{variant.name}: {action.text()} without a power"
            if isinstance(action, (LayMeld, LayOff)) and JOKER in action.cards:
                seen["joker"] = True
                assert variant.joker_plays, f"{variant.name}: {action.text()} without jokers"

    for game in range(GAMES):  # until a game has shown what the flags guard
        bot_game(players, rules, f"registry-{game}", ("random", "greedy"), before_move=probe)
        if seen["power"] == variant.has_power and seen["joker"] == variant.joker_plays:
            break
    # and the flags are not set for nothing: the games of the variant use what they guard
    assert seen["power"] == variant.has_power
    assert seen["joker"] == variant.joker_plays


def test_the_presenters_ask_the_variant_for_its_words() -> None:
    """The table's header and the rules text take the variant's words from the object
    (no test of its name in render/ or cli/)."""
    from rummy500_cli.engine import new_game
    from rummy500_cli.render.table import variant_words
    from rummy500_cli.state import fold

    expected = {
        "none": "",
        "jokers": " · jokers (2 wild)",
        "partnership": " · partnership",
        "persian": " · persian",
        "dealers_gambit": " · dealer's gambit, P2's joker: power not named yet",
    }
    for name, variant in VARIANTS.items():
        options = dict(variant.options)
        if name == "jokers":
            options["jokers_per_deck"] = 2
        players = variant.players or 3
        state = fold(new_game([f"P{i}" for i in range(players)], make_rules(options), 1))
        assert variant_words(state) == expected[name]
