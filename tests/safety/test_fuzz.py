"""Fuzzing the input surfaces (issue 10) with hypothesis, three families:

(a) random and near-valid text commands and JSON lines to scripted and `--json` play:
    never a traceback; a refused line changes neither the state nor the log; the session
    goes on, and its log is a sound game at the end;
(b) mutated log bytes (bit flips, truncation, insertion, non-UTF-8, huge lines, deep
    nesting, events that do not fit with the hash chain rebuilt) given to every reader
    (verify, resume, replay --at, analyze, export, branch, games): a one-line error
    naming the file (and the line), exit 1, no traceback, no hang;
(c) random values for every option of every command: exit 0, 1 with one `rummy500:`
    line, or 2 with click's usage error; never a traceback or a hang.

Plus the cut-every-line test: every prefix of every sample log either is refused by
verify with a line number, or resumes, plays to the end with bots and verifies.

The default run is quick (about 30 s in all); `-m soak` runs each family for
SOAK_EXAMPLES cases (10,000 unless set). With FUZZ_CENSUS=FILE the soaks count what
they find instead of failing at the first fault, and write the counts to FILE as JSON
(the figures of the hardening report; run them on an older checkout to compare).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from hostile import (
    CARDS,
    NUMBERS,
    SAMPLES,
    WORDS,
    Hang,
    Outcome,
    alarm,
    deep,
    encode,
    entries,
    json_scalars,
    json_values,
    mutated_logs,
    raw_controls,
    run,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy500_cli.bots import BOTS
from rummy500_cli.cli.commands import Interpreter
from rummy500_cli.cli.main import COMMANDS, main
from rummy500_cli.engine import legal_actions, play
from rummy500_cli.errors import LogError, ParseError
from rummy500_cli.protocol import Ping, read_input
from rummy500_cli.records.audit import audit
from rummy500_cli.records.log import encode_line, line_hash, parse_log, read_log
from rummy500_cli.render.style import Style
from rummy500_cli.session import Session

SOAK = int(os.environ.get("SOAK_EXAMPLES", "10000"))
CENSUS_FILE = os.environ.get("FUZZ_CENSUS")
QUICK = settings(
    max_examples=int(os.environ.get("QUICK_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
LONG = settings(
    max_examples=SOAK,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


# --- Counting what the fuzzers find ------------------------------------------------------------


class Census:
    """Cases and faults per family; in census mode faults are counted, not raised."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self.examples: dict[str, list[str]] = {}

    def record(self, family: str, outcome: Outcome, problem: str | None) -> None:
        counts = self.counts.setdefault(family, Counter())
        counts["cases"] += 1
        counts[f"exit {outcome.code}"] += 1
        kinds = []
        if outcome.traceback is not None:
            kinds.append("tracebacks")
        if outcome.internal:
            kinds.append("internal errors")
        if outcome.hung:
            kinds.append("hangs")
        if problem is not None and not kinds:
            kinds.append("other faults")
        for kind in kinds:
            counts[kind] += 1
            shown = self.examples.setdefault(f"{family}: {kind}", [])
            if len(shown) < 5:
                shown.append(f"{problem or ''} {outcome.describe()}"[:1500])
        if kinds and CENSUS_FILE is None:
            raise AssertionError(f"{family}: {', '.join(kinds)}: {problem}\n{outcome.describe()}")

    def write(self, path: str) -> None:
        data = {
            family: {
                "counts": dict(counts),
                "examples": {
                    kind: shown
                    for kind, shown in self.examples.items()
                    if kind.startswith(f"{family}: ")
                },
            }
            for family, counts in self.counts.items()
        }
        Path(path).write_text(json.dumps(data, indent=2, ensure_ascii=True))


CENSUS = Census()


@pytest.fixture(scope="module", autouse=True)
def census_file():
    yield
    if CENSUS_FILE:
        CENSUS.write(CENSUS_FILE)


@pytest.fixture(scope="module")
def scratch():
    """A folder for the cases (hypothesis runs many examples in one test)."""
    folder = Path(tempfile.mkdtemp(prefix="rummy500-fuzz-"))
    old = {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "XDG_STATE_HOME")}
    os.environ["XDG_DATA_HOME"] = str(folder / "data")
    os.environ["XDG_STATE_HOME"] = str(folder / "state")
    yield folder
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    shutil.rmtree(folder, ignore_errors=True)


class Cases:
    """Fresh file names in the scratch folder, one per case."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.number = 0

    def path(self, suffix: str = ".jsonl") -> Path:
        self.number += 1
        return self.folder / f"case-{self.number}{suffix}"


_CASES: dict[Path, Cases] = {}


def cases_in(folder: Path) -> Cases:
    """The case namer of a scratch folder (one for the whole module)."""
    if folder not in _CASES:
        _CASES[folder] = Cases(folder)
    return _CASES[folder]


# --- Strategies shared by the families ----------------------------------------------------------

NASTY = [
    "\x1b[2J",
    "\x1b]0;x\x07",
    "\x00",
    "\u202e",
    "\ud800",
    "\udcff",
    "\x9b",
    "\t",
    "\r",
    "é",
    "{",
    "}",
]

words = st.sampled_from(WORDS + CARDS + NUMBERS + NASTY) | st.text(max_size=8)
near_valid_text = st.lists(words, min_size=1, max_size=8).map(" ".join)
ACTIONS = [
    "draw",
    "take",
    "meld",
    "lay",
    "discard",
    "upcard",
    "pass",
    "rum",
    "power",
    "block",
    "fly",
]
FIELDS = ["card", "cards", "depth", "split", "meld", "end", "ace_high", "jokers", "double", "power"]
action_objects = st.fixed_dictionaries(
    {"action": st.sampled_from(ACTIONS) | json_scalars},
    optional={name: json_values for name in FIELDS},
)


json_lines = st.one_of(
    action_objects.map(lambda value: json.dumps(value, ensure_ascii=False)),
    st.fixed_dictionaries({"command": near_valid_text | json_values}).map(json.dumps),
    st.fixed_dictionaries({"type": st.just("ping"), "id": json_values}).map(json.dumps),
    json_values.map(json.dumps),
    st.integers(1, 3000).map(deep),
    st.integers(1, 3000).map(lambda n: '{"action":' * n + "1" + "}" * n),
    st.text(max_size=40).map(lambda text: "{" + text),
)
any_line = st.one_of(
    near_valid_text,
    json_lines,
    st.text(max_size=60),
    st.binary(max_size=40).map(lambda data: data.decode("utf-8", "surrogateescape")),
)


# --- (a) Lines to scripted and --json play --------------------------------------------------------


BASE_GAMES = [
    ("standard", ["--players", "2"]),
    ("windows", ["--players", "3", "--rule", "rum_call=true", "--rule", "out_of_turn=true",
                 "--rule", "opponents_hand=true"]),
    ("gambit", ["--variant", "dealers_gambit"]),
    ("jokers", ["--variant", "jokers", "--players", "3", "--rule", "upcard=chosen"]),
]  # fmt: skip


@pytest.fixture(scope="module")
def base_games(scratch):
    """One saved game of each kind, seat 0 human, to copy for every case."""
    made = {}
    for name, args in BASE_GAMES:
        path = scratch / f"base-{name}.jsonl"
        outcome = run(["play", "--seed", "11", "--bots", "greedy", "--save", path, *args], input="")
        assert outcome.code == 0, outcome.describe()
        made[name] = path.read_bytes()
    return made


def _advance(session: Session) -> None:
    """Bots move until the human (seat 0) is asked or the game is over."""
    state = session.state
    while not state.over and not session.is_human(state.to_move):
        session.submit(session.bot_move())


def lines_in_a_session(
    path: Path, lines: list[str], json_mode: bool, legal_picks: list[int]
) -> str | None:
    """Feed lines to a resumed session the way the consoles do; answer what went wrong.

    Between the drawn lines, a legal move (chosen by `legal_picks`) keeps the game going,
    so the lines meet every phase of it."""
    session, _ = Session.resume(path)
    interpreter = Interpreter(session, Style(ascii=json_mode))
    try:
        _advance(session)
        for number, line in enumerate(lines):
            state = session.state
            if state.over:
                break
            seat = state.to_move
            before, size = state.fingerprint(), path.stat().st_size
            text: str | Ping = line
            try:
                if json_mode:
                    text = read_input(line)
            except ParseError:
                text = ""
                refused = True
            else:
                if isinstance(text, Ping):
                    continue
                reply = interpreter.handle(text, seat)
                refused = reply.error is not None
                if not refused and reply.events and path.stat().st_size <= size:
                    return f"line {number} played but the log did not grow"
            if refused and (state.fingerprint() != before or path.stat().st_size != size):
                return f"refused line {number} {line[:80]!r} changed the state or the log"
            _advance(session)
            if legal_picks and not session.state.over:
                actions = legal_actions(session.state)
                pick = actions[legal_picks[number % len(legal_picks)] % len(actions)]
                session.submit(pick)
                _advance(session)
    finally:
        session.close()
    audit(read_log(path), path)  # the log is a sound game
    return None


def check_lines(
    family: str, cases: Cases, base: bytes, lines: list[str], json_mode: bool, picks: list[int]
) -> None:
    path = cases.path()
    path.write_bytes(base)
    problem = None
    outcome = Outcome(0, "", "")
    try:
        with alarm(30):
            problem = lines_in_a_session(path, lines, json_mode, picks)
    except Hang:
        outcome.hung = True
    except Exception as error:
        outcome.traceback = f"{type(error).__name__}: {error}"
    CENSUS.record(family, outcome, problem)


def check_lines_cli(
    family: str, cases: Cases, base: bytes, lines: list[str], json_mode: bool
) -> None:
    """The same lines through the real command: exit 0 at the end of the input, each
    refusal on one line, and the log still sound."""
    path = cases.path()
    path.write_bytes(base)
    args = ["resume", path, "--windows", "pass", *(["--json"] if json_mode else [])]
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")  # lone surrogates too
    outcome = run(args, input=data, timeout=30)
    problem = None
    if outcome.sound:
        if outcome.code != 0:
            problem = f"exit {outcome.code}"
        elif json_mode and not all(_is_json(line) for line in outcome.stdout.splitlines()):
            problem = "a --json output line that is not JSON"
        elif raw_controls(outcome.stdout + outcome.stderr):
            problem = "raw control characters in the output"
        else:
            try:
                audit(read_log(path), path)
            except Exception as error:
                problem = f"the log no longer verifies: {error}"
    CENSUS.record(family, outcome, problem)


def _is_json(line: str) -> bool:
    try:
        msgspec.json.decode(line)
    except msgspec.DecodeError:
        return False
    return True


session_case = st.tuples(
    st.sampled_from([name for name, _ in BASE_GAMES]),
    st.lists(any_line, min_size=1, max_size=6),
    st.booleans(),
    st.lists(st.integers(0, 1000), max_size=4),
)
cli_case = st.tuples(
    st.sampled_from([name for name, _ in BASE_GAMES]),
    st.lists(any_line, min_size=1, max_size=6),
    st.booleans(),
)


@QUICK
@given(case=session_case)
def test_lines_to_a_session(scratch, base_games, case) -> None:
    name, lines, json_mode, picks = case
    check_lines("a: lines (session)", cases_in(scratch), base_games[name], lines, json_mode, picks)


@QUICK
@given(case=cli_case)
def test_lines_to_the_play_command(scratch, base_games, case) -> None:
    name, lines, json_mode = case
    check_lines_cli("a: lines (command)", cases_in(scratch), base_games[name], lines, json_mode)


@pytest.mark.soak
@LONG
@given(case=session_case)
def test_soak_lines_to_a_session(scratch, base_games, case) -> None:
    name, lines, json_mode, picks = case
    check_lines("a: lines (session)", cases_in(scratch), base_games[name], lines, json_mode, picks)


@pytest.mark.soak
@LONG
@given(case=cli_case)
def test_soak_lines_to_the_play_command(scratch, base_games, case) -> None:
    name, lines, json_mode = case
    check_lines_cli("a: lines (command)", cases_in(scratch), base_games[name], lines, json_mode)


# --- (b) Mutated logs to every reader ---------------------------------------------------------------

READERS = {
    "verify": lambda p: ["verify", p],
    "resume": lambda p: ["resume", p, "--windows", "pass"],
    "replay": lambda p: ["replay", p, "--at", "-1"],
    "replay-json": lambda p: ["replay", p, "--json", "--at", "4", "--as", "0"],
    "analyze": lambda p: ["analyze", p, "--think", "1", "--seat", "0"],
    "export": lambda p: ["export", p],
    "branch": lambda p: ["branch", p, "--at", "4", "-o", str(p) + ".branch"],
    "games": lambda p: ["games", "--all"],
}


def check_reader(family: str, cases: Cases, data: bytes, reader: str) -> None:
    path = cases.path()
    path.write_bytes(data)
    saves = cases.folder / "data" / "rummy500" / "games"
    if reader == "games":
        shutil.rmtree(saves, ignore_errors=True)
        saves.mkdir(parents=True)
        shutil.copy(path, saves / path.name)
    outcome = run(READERS[reader](path), input="quit\n", timeout=30)
    CENSUS.record(family, outcome, _reader_problem(outcome, path) if outcome.sound else None)


def _reader_problem(outcome: Outcome, path: Path) -> str | None:
    errors = [line for line in outcome.stderr.splitlines() if not line.startswith("warning: ")]
    if raw_controls(outcome.stdout + outcome.stderr):
        return "raw control characters in the output"
    if outcome.code == 0:
        return None
    if outcome.code == 2:
        return (
            None
            if any(line.startswith("Error: ") for line in errors)
            else "exit 2 without a usage error"
        )
    if outcome.code != 1:
        return f"exit {outcome.code}"
    if len(errors) != 1:
        return f"{len(errors)} error lines"
    named = re.escape(str(path))
    if not re.match(rf"rummy500: {named}(\.branch)?(:\d+)?: ", errors[0]):
        return f"the error does not name the file: {errors[0][:200]}"
    return None


reader_case = st.tuples(mutated_logs(), st.sampled_from(sorted(READERS)))


@QUICK
@given(case=reader_case)
def test_mutated_logs_to_every_reader(scratch, case) -> None:
    data, reader = case
    check_reader("b: readers", cases_in(scratch), data, reader)


@pytest.mark.soak
@LONG
@given(case=reader_case)
def test_soak_mutated_logs_to_every_reader(scratch, case) -> None:
    data, reader = case
    check_reader("b: readers", cases_in(scratch), data, reader)


# --- (c) Random values for every option of every command -------------------------------------------


def _commands() -> dict[str, object]:
    found = {name: main.get_command(None, name) for name in COMMANDS}  # type: ignore[arg-type]
    simulate = found["simulate"]
    found["simulate merge"] = simulate.commands["merge"]  # type: ignore[attr-defined]
    return found


COMMAND_OBJECTS = _commands()
SMALL = {
    "--games", "--think", "--jobs", "--pace", "--target", "--bot-timeout",
    "--lifetime", "--seat-wait", "--hello-timeout", "--delay",
}  # fmt: skip
"""Options that size the work: random values stay small or invalid (a million games is
a fair request, not a hang)."""


@st.composite
def option_value(draw, param, folder: Path) -> list[str]:
    """Words for one option (or argument) with a value drawn for its type."""
    import click

    kind = param.type
    name = param.opts[0] if param.opts else ""
    texts = st.text(max_size=12) | st.sampled_from(
        NASTY + NUMBERS + ["", " ", "-", "--", "nan", "inf", "-inf"]
    )
    if getattr(param, "is_flag", False):
        return [draw(st.sampled_from(param.opts + list(getattr(param, "secondary_opts", []))))]
    if name in SMALL:
        value = draw(
            st.sampled_from(["0", "1", "2", "0.001", "-1", "nan", "inf", "1e308", "9" * 30, "x"])
            | texts
        )
    elif isinstance(kind, click.Choice):
        value = draw(st.sampled_from(list(kind.choices)) | texts)
    elif isinstance(kind, click.types.IntParamType | click.types.FloatParamType):
        value = draw(st.integers(-(10**6), 10**6).map(str) | st.sampled_from(NUMBERS) | texts)
    elif isinstance(kind, click.Path | click.File):
        value = draw(st.sampled_from(_paths(folder)))
    elif name == "--seat":
        value = draw(
            st.tuples(st.sampled_from(NUMBERS[:4]) | texts, st.sampled_from(["=", "", "=="]), st.sampled_from(
                ["human", "random", "greedy", "bot:greedy", "human:Ann", "random:", "nope", "exec:",
                 "exec:/no/such/program"]) | texts).map("".join)
        )  # fmt: skip
    elif name == "--rule":
        value = draw(
            st.tuples(st.sampled_from(["target", "hand_size", "decks", "variant", "max_rounds", "nope", ""]) | texts,
                      st.sampled_from(["=", ""]), texts | st.sampled_from(NUMBERS)).map("".join)
        )  # fmt: skip
    elif name in ("--bots",):
        value = draw(
            st.sampled_from(["random", "greedy", "random,greedy", "", ",", "nope"]) | texts
        )
    else:
        value = draw(texts)
    value = value.replace("\x00", "")  # argv cannot hold NUL
    return [name, value] if name else [value]


def _paths(folder: Path) -> list[str]:
    return [
        str(folder / "sample.jsonl"),
        str(folder / "missing.jsonl"),
        str(folder / "no" / "such" / "dir" / "x.jsonl"),
        str(folder),
        "/dev/null",
        "/dev/zero",
        str(folder / "summary.json"),
        str(folder / "deck.txt"),
        str(folder / "fresh-a.jsonl"),
        str(folder / "data" / "rummy500" / "games" / "sub" / "y.jsonl"),
        "/etc/passwd/x.jsonl",
        "",
    ]


def baseline(command: str, folder: Path, number: int) -> list[str]:
    """Words that make the command do its work (the drawn options come after)."""
    log = str(folder / "sample.jsonl")
    return {
        "play": ["play", "--save", str(folder / f"new-{number}.jsonl"), "--seed", "1"],
        "resume": ["resume", str(_fresh_copy(folder, number))],
        "replay": ["replay", log],
        "analyze": ["analyze", log, "--think", "1"],
        "verify": ["verify", log],
        "branch": ["branch", log, "--at", "5", "-o", str(folder / f"branch-{number}.jsonl")],
        "export": ["export", log],
        "simulate": ["simulate", "--games", "1", "--think", "1"],
        "simulate merge": ["simulate", "merge", str(folder / "summary.json")],
        # servers stop by themselves (a drawn --lifetime stays small or invalid too)
        "serve": ["serve", "--port", "0", "--lifetime", "1"],
        "host": ["host", "--port", "0", "--lifetime", "2", "--seed", "1"],
    }.get(command, [command])


def _fresh_copy(folder: Path, number: int) -> Path:
    target = folder / f"resume-{number}.jsonl"
    shutil.copy(folder / "sample.jsonl", target)
    return target


@pytest.fixture(scope="module")
def option_folder(scratch):
    folder = scratch / "options"
    folder.mkdir()
    items = entries(SAMPLES[[p.name for p in SAMPLES].index("unfinished.jsonl")])
    (folder / "sample.jsonl").write_bytes(encode(items[:40]))
    (folder / "deck.txt").write_text("7H 7S 7D\n---\nKS\n")
    summary = run(["simulate", "--games", "1", "--json"])
    (folder / "summary.json").write_text(summary.stdout)
    return folder


@st.composite
def command_lines(draw, folder: Path) -> tuple[str, list[str]]:
    command = draw(st.sampled_from(sorted(COMMAND_OBJECTS)))
    params = [p for p in COMMAND_OBJECTS[command].params if p.name not in ("help",)]  # type: ignore[attr-defined]
    words: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        if not params:
            break
        param = draw(st.sampled_from(params))
        if param.param_type_name == "argument":
            continue  # the baseline gives the arguments; options are what is drawn
        words += draw(option_value(param, folder))
    return command, words


def check_options(family: str, folder: Path, command: str, words: list[str], number: int) -> None:
    args = baseline(command, folder, number) + words
    if command in ("play", "resume"):  # (the sample to resume is seated with bots only:
        # a drawn --pace of seconds would then pause through a whole game)
        args += ["--seat", "0=human"]  # someone to end the game at the end of the input
    here = os.getcwd()
    cwd = folder / "cwd"  # an empty working directory: nothing may land in it
    cwd.mkdir(exist_ok=True)
    os.chdir(cwd)
    try:
        outcome = run(args, input="", timeout=40)
    finally:
        os.chdir(here)
    stray = sorted(path.name for path in cwd.iterdir())
    shutil.rmtree(cwd)
    problem = None
    if stray:
        problem = f"left {stray[:3]} in the working directory"
    elif outcome.sound:
        errors = [line for line in outcome.stderr.splitlines() if not line.startswith("warning: ")]
        if raw_controls(outcome.stderr):
            problem = "raw control characters on stderr"
        elif outcome.code == 1 and not _one_failure(errors) and "--json" not in words:
            problem = f"exit 1 without one rummy500: line: {errors[:3]}"
        elif outcome.code == 2 and not any(line.startswith("Error: ") for line in errors):
            problem = "exit 2 without a usage error"
        elif outcome.code not in (0, 1, 2):
            problem = f"exit {outcome.code}"
    CENSUS.record(
        family, outcome, f"{problem} (args {args!r})" if problem or not outcome.sound else None
    )


def _one_failure(errors: list[str]) -> bool:
    """Exit 1's stderr: one `rummy500:` line, last (refused moves may come before it,
    as `error:` lines, when the game reads its commands from a file)."""
    *before, last = errors or [""]
    return last.startswith("rummy500: ") and all(line.startswith("error: ") for line in before)


_NUMBERS = iter(range(1, 10**9))


@QUICK
@given(data=st.data())
def test_random_option_values(option_folder, data) -> None:
    command, words = data.draw(command_lines(option_folder))
    check_options("c: options", option_folder, command, words, next(_NUMBERS))


@pytest.mark.soak
@LONG
@given(data=st.data())
def test_soak_random_option_values(option_folder, data) -> None:
    command, words = data.draw(command_lines(option_folder))
    check_options("c: options", option_folder, command, words, next(_NUMBERS))


# --- Every sample log cut after each of its lines --------------------------------------------------


def _prefixes(sample: Path):
    lines = sample.read_bytes().splitlines(keepends=True)
    for count in range(1, len(lines) + 1):
        yield count, b"".join(lines[:count])


def cut_and_play_on(
    sample: Path, folder: Path, play_all: bool, level: str = "greedy"
) -> Counter[str]:
    """Each prefix of the sample: refused with a line number, or resumed through the
    checked loading (the events the rules owe written first); then (every prefix with
    `play_all`, else those where the rules owed events) played to the end by bots and
    verified. Answer how many prefixes were refused, resumed (`over` when the owed
    events end the game), played to the end."""
    tally: Counter[str] = Counter()
    for count, data in _prefixes(sample):
        path = folder / f"{sample.stem}-{count}.jsonl"
        path.write_bytes(data)
        try:
            session, _ = Session.resume(path)
        except LogError as error:
            assert re.match(rf"{re.escape(str(path))}:\d+: ", str(error)), error
            tally["refused"] += 1
            continue
        try:
            state, events = session.state, list(session.events)
        finally:
            session.close()
        written = path.read_bytes()
        assert written.startswith(data)
        tally["resumed"] += 1
        if state.over:  # the game ended here, or the events the rules owed ended it
            assert audit(read_log(path), path).finished, count
            tally["over"] += 1
            continue
        if not (play_all or len(events) > count):
            continue
        bots = [BOTS[level](events[0].seed, seat) for seat in range(state.n)]
        more = []
        while not state.over:
            more += play(state, bots[state.to_move].choose(state))
        whole = written + _lines_after(written, more)  # what the writer would append
        assert audit(parse_log(whole, path), path).finished, count
        path.unlink()
        tally["played"] += 1
    return tally


def _lines_after(log: bytes, events) -> bytes:
    """Events encoded as the lines that follow the log's last line."""
    lines = log.splitlines()
    seq, prev = len(lines), line_hash(lines[-1])
    out = []
    for event in events:
        line = encode_line(seq, event, prev)
        out.append(line + b"\n")
        seq, prev = seq + 1, line_hash(line)
    return b"".join(out)


PLAYED_OUT = ("unfinished.jsonl", "persian-two-deals.jsonl")
"""In the quick run, every prefix of these is played to the end; of the others, each
prefix where a write cut left events the rules owe (the soak plays every prefix)."""


@pytest.mark.parametrize("sample", SAMPLES, ids=[path.stem for path in SAMPLES])
def test_every_cut_of_every_sample_log_resumes_or_is_refused(tmp_path, sample) -> None:
    tally = cut_and_play_on(sample, tmp_path, play_all=sample.name in PLAYED_OUT)
    assert tally["refused"] == 0  # every prefix of a sound log is sound
    assert tally["resumed"] == len(sample.read_bytes().splitlines())
    assert tally["played"] > 0


@pytest.mark.soak
@pytest.mark.parametrize("sample", SAMPLES, ids=[path.stem for path in SAMPLES])
def test_soak_every_cut_of_every_sample_log_plays_to_the_end(tmp_path, sample) -> None:
    tally = cut_and_play_on(sample, tmp_path, play_all=True)
    assert tally["refused"] == 0
    assert tally["played"] + tally["over"] == len(sample.read_bytes().splitlines())
