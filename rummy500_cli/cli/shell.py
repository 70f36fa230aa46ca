"""Shell completion: `rummy500 completion bash|zsh|fish` prints the script that makes
Tab complete rummy500's commands, options and their values in that shell.

click does the completing (its `_RUMMY500_COMPLETE` protocol: the shell runs rummy500
with the words typed so far, and rummy500 answers the candidates). This module adds
what click cannot know, the values: man pages, config keys and values, bot levels,
variants, rule options (`--rule KEY=VALUE`), seats (`--seat N=KIND`), and saved games
for the commands that take a game's file.

The values are attached to the commands' parameters by name (`COMPLETERS`), when a
command is loaded for completing (cli/main.py `LazyGroup.get_command`), so a command's
own module stays as it is and nothing here is imported unless Tab is pressed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

import click
from click.shell_completion import (
    BashComplete,
    CompletionItem,
    add_completion_class,
    split_arg_string,
)

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_RUMMY500_COMPLETE"
"""The variable click's completion scripts set to ask for candidates."""

Completer = Callable[[click.Context, click.Parameter, str], list[CompletionItem]]


def _items(
    words: Iterable[str], incomplete: str, help: dict[str, str] | None = None
) -> list[CompletionItem]:
    return [
        CompletionItem(word, help=(help or {}).get(word))
        for word in words
        if word.startswith(incomplete)
    ]


def levels() -> list[str]:
    from ..bots import BOTS

    return list(BOTS)


def complete_pages(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`man PAGE`: the pages by the short names `rummy500 man` takes (play, rules, ...)."""
    from .manual import pages

    names = [name.removeprefix("rummy500-") if name != "rummy500" else name for name in pages()]
    return _items(names, incomplete)


def complete_config_key(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`config KEY`: the file's keys, each with what it sets."""
    from .preferences import KEYS

    return _items(KEYS, incomplete, KEYS)


CONFIG_VALUES: dict[str, tuple[str, ...]] = {
    "color": ("auto", "true", "false"),
    "four_color": ("true", "false"),
    "sort": ("suit", "rank"),
    "tutor": ("true", "false"),
}


def complete_config_value(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`config KEY VALUE`: the values KEY takes, where they are few (a level for bots)."""
    key = ctx.params.get("key") or ""
    if key == "bots":
        return complete_levels(ctx, param, incomplete)
    return _items(CONFIG_VALUES.get(key, ()), incomplete)


def complete_levels(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`--bots LEVEL[,LEVEL...]`: a level after the last comma."""
    done, comma, _last = incomplete.rpartition(",")
    return _items((done + comma + level for level in levels()), incomplete)


def complete_seat(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`--seat N=KIND`: after `N=`, human, a bot level or exec:."""
    seat, equals, _kind = incomplete.partition("=")
    if not equals:
        return []
    kinds = ["human", *levels(), "exec:"]
    return _items((f"{seat}={kind}" for kind in kinds), incomplete)


def complete_variant(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`--variant NAME`: the presets and the variants."""
    from ..rules import PRESETS
    from ..variants import BUNDLES

    return _items([*PRESETS, *BUNDLES], incomplete)


def rule_values(key: str) -> list[str]:
    """The values a rule option takes, as typed: every one of a choice or a flag; for a
    number, its default (the rest are too many to list)."""
    import typing

    from ..rules import STANDARD, Rules, format_value

    hint = typing.get_type_hints(Rules).get(key)
    if hint is None:
        return []
    if hint is bool:
        return ["true", "false"]
    values: list[str] = []
    parts = [hint] if typing.get_origin(hint) is typing.Literal else typing.get_args(hint)
    for part in parts:
        if typing.get_origin(part) is typing.Literal:
            values += [format_value(value) for value in typing.get_args(part)]
    if not values:
        values = [format_value(getattr(STANDARD, key))]
    return list(dict.fromkeys(values))


def complete_rule(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """`--rule KEY=VALUE`: the keys (with `=`), then the values the key takes."""
    import msgspec

    from ..rules import Rules

    key, equals, _value = incomplete.partition("=")
    if not equals:
        keys = [field.name for field in msgspec.structs.fields(Rules)]
        return [CompletionItem(f"{name}=") for name in keys if f"{name}=".startswith(incomplete)]
    return _items((f"{key}={value}" for value in rule_values(key)), incomplete)


def saved_games(unfinished_only: bool = False) -> list[Path]:
    """The saved games' files, newest first (read no further than their last line)."""
    from ..analysis.sidecar import SUFFIX
    from .paths import saves_dir

    folder = saves_dir()
    try:
        found = [
            (path.stat().st_mtime, path)
            for path in folder.glob("*.jsonl")
            if not path.name.endswith(SUFFIX) and path.is_file()
        ]
    except OSError:
        return []
    paths = [path for _mtime, path in sorted(found, reverse=True)]
    if unfinished_only:
        paths = [path for path in paths if not _ended(path)]
    return paths


def _ended(path: Path) -> bool:
    """Whether a log's last line records the end of the game (a cheap look, for Tab)."""
    try:
        with path.open("rb") as handle:
            handle.seek(max(0, path.stat().st_size - 4096))
            tail = handle.read(4096)
    except OSError:
        return False
    last = tail.rstrip(b"\n").rpartition(b"\n")[2]
    return b'"type":"game_ended"' in last


def _complete_games(unfinished_only: bool) -> Completer:
    def complete(
        ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        """A game's file: a path typed as a path is completed by the shell; otherwise
        the saved games, newest first, by their full path or their file name."""
        items = [CompletionItem(incomplete, type="file")]  # the shell's own files...
        if os.sep in incomplete or incomplete.startswith((".", "~")):
            return items
        for path in saved_games(unfinished_only):  # ...unless saved games match
            if path.name.startswith(incomplete) or str(path).startswith(incomplete):
                items.append(CompletionItem(str(path), help=path.name))
        return items

    return complete


COMPLETERS: dict[str, dict[str, Completer]] = {
    "play": {
        "bots": complete_levels,
        "seats": complete_seat,
        "variant": complete_variant,
        "rule": complete_rule,
    },
    "resume": {"path": _complete_games(True), "seats": complete_seat},
    "replay": {"log": _complete_games(False)},
    "analyze": {"log": _complete_games(False)},
    "export": {"log": _complete_games(False)},
    "verify": {"log": _complete_games(False)},
    "branch": {"log": _complete_games(False), "seats": complete_seat},
    "rules": {"variant": complete_variant, "rule": complete_rule},
    "simulate": {"bots": complete_levels, "variant": complete_variant, "rule": complete_rule},
    "config": {"key": complete_config_key, "value": complete_config_value},
    "man": {"page": complete_pages},
    "completion": {},
}
"""For each command, the completer of each parameter (by its name in the function)."""


_SOURCE_BASH = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response

    response=$(env COMP_LINE="${COMP_LINE:0:COMP_POINT}" \\
COMP_CUR="${COMP_WORDS[COMP_CWORD]}" %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class Bash(BashComplete):
    """click's bash completion, reading the line as typed (`COMP_LINE`) rather than
    bash's words: bash splits a word at `=` and `:` (COMP_WORDBREAKS), so `--rule
    upcard=ch` reached click as three words and no KEY=VALUE or `exec:` could be
    completed. Each candidate is then cut to the part bash replaces (`COMP_CUR`)."""

    source_template = _SOURCE_BASH

    def get_completion_args(self) -> tuple[list[str], str]:
        if "COMP_LINE" not in os.environ:  # a script of click's own, sourced before
            return super().get_completion_args()
        line = os.environ["COMP_LINE"]
        try:
            words = split_arg_string(line)
        except ValueError:
            words = line.split()
        if not line or line[-1].isspace():
            words.append("")
        return words[1:-1], words[-1] if len(words) > 1 else ""

    def format_completion(self, item: CompletionItem) -> str:
        value = str(item.value)
        if "COMP_LINE" in os.environ and item.type == "plain":
            _args, incomplete = self.get_completion_args()
            current = os.environ.get("COMP_CUR", "")
            cut = len(incomplete) - len(current) if incomplete.endswith(current) else 0
            if cut > 0 and value.startswith(incomplete[:cut]):
                value = value[cut:]
        return f"{item.type},{value}"


add_completion_class(Bash, "bash")


def attach(name: str, command: click.Command) -> None:
    """Give `command`'s parameters their value completers (where none is set)."""
    completers = COMPLETERS.get(name, {})
    for param in command.params:
        complete = completers.get(param.name or "")
        if complete is not None and param._custom_shell_complete is None:
            param._custom_shell_complete = complete


@click.command()
@click.argument("shell", type=click.Choice(SHELLS), required=False)
def completion(shell: str | None) -> None:
    """Print the script that makes Tab complete rummy500 in SHELL (bash, zsh or fish;
    default: the shell $SHELL names): commands, options, and their values (man pages,
    config keys, bot levels, variants, rule options, saved games).

    \b
    bash:  eval "$(rummy500 completion bash)"   (in ~/.bashrc)
    zsh:   eval "$(rummy500 completion zsh)"    (in ~/.zshrc)
    fish:  rummy500 completion fish > ~/.config/fish/completions/rummy500.fish
    """
    from click.shell_completion import get_completion_class

    main = click.get_current_context().find_root().command  # the rummy500 group

    if shell is None:
        shell = Path(os.environ.get("SHELL", "")).name
        if shell not in SHELLS:
            raise click.UsageError(
                "name the shell: rummy500 completion bash, zsh or fish "
                f"($SHELL is {os.environ.get('SHELL', '')!r})"
            )
    cls = Bash if shell == "bash" else get_completion_class(shell)
    assert cls is not None  # the choice holds only the shells click knows
    click.echo(cls(main, {}, "rummy500", COMPLETE_VAR).source())
