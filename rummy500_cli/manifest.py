"""A simulation's manifest: what a `simulate --out` run played, so that anyone holding
its folder can check the summary against the games (as lichess's fishnet checks the work
its volunteers send back).

A run (or one slice of it, `--shard K/N`) with `--out DIR` writes beside its game logs
two files named for the slice (`manifest-K-of-N.json`, `summary-K-of-N.json`; `manifest.json`
and `summary.json` for a whole run):

- the **manifest**: the program that played (its version and a hash of its code), the
  run's config (rules, bots, `--think`, seed, games, players), the slice and its game
  indices, and for each game its index, seed, file name and the SHA-256 of its log;
- the **summary**, the same JSON that `--json` prints, which names its program and the
  `games_sha256` of the manifest's list of logs.

Every summary (with `--out` or not) carries `program` and `games_sha256`: the hash of the
logs' hashes in game order, which the same games always give. So `simulate merge` can
refuse slices of different programs, and a summary whose manifest lists other games, and
`rummy500 verify DIR` can check every log against its manifest, audit it, and count its
figures again (`shards.verify_folder`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

MANIFEST_KIND = "rummy500-simulate-manifest"
MANIFEST_VERSION = 1
LIMIT = 256 << 20
"""The largest manifest or summary read (a manifest lists about 100 bytes a game)."""


@cache
def program() -> dict[str, str]:
    """This program: its version and the SHA-256 of its code (every module and data
    file of the package, by path, in order), so that two copies that would play
    differently never pass for one."""
    from . import __version__

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    files = sorted(
        path
        for pattern in ("*.py", "data/*.json")
        for path in root.rglob(pattern)
        if "__pycache__" not in path.parts
    )
    for path in files:
        name = path.relative_to(root).as_posix().encode()
        data = path.read_bytes()
        digest.update(b"%d:%s%d:" % (len(name), name, len(data)))
        digest.update(data)
    return {"version": __version__, "code": digest.hexdigest()}


def games_sha256(hashes: Iterable[tuple[int, str]]) -> str:
    """One hash over the games' log hashes, `(index, sha256)` in index order."""
    digest = hashlib.sha256()
    for index, sha in sorted(hashes):
        digest.update(f"{index} {sha}\n".encode())
    return digest.hexdigest()


def shard_range(games: int, shard: tuple[int, int] | None) -> range:
    """The game indices of slice K of N (K from 1): N equal slices of the seed range."""
    if shard is None:
        return range(games)
    k, n = shard
    return range((k - 1) * games // n, k * games // n)


def slice_name(shard: tuple[int, int] | None) -> str:
    """The suffix of a slice's files: `-2-of-8`, or nothing for a whole run."""
    return "" if shard is None else f"-{shard[0]}-of-{shard[1]}"


def log_name(index: int) -> str:
    """The file name of game `index`'s log in an `--out` folder."""
    return f"game-{index:06d}.jsonl"


def make(
    config: dict[str, Any],
    shard: tuple[int, int] | None,
    games: Sequence[tuple[int, str, str]],
) -> dict[str, Any]:
    """The manifest of a run or slice: `games` are `(index, seed, log sha256)`."""
    return {
        "kind": MANIFEST_KIND,
        "version": MANIFEST_VERSION,
        "program": program(),
        "config": config,
        "slice": None if shard is None else {"k": shard[0], "of": shard[1]},
        "logs": [
            {"index": index, "seed": seed, "file": log_name(index), "sha256": sha}
            for index, seed, sha in sorted(games)
        ],
        "games_sha256": games_sha256((index, sha) for index, _seed, sha in games),
    }


def write(folder: Path, manifest: dict[str, Any], summary: dict[str, Any]) -> None:
    """Write the manifest and the summary of a slice into its `--out` folder."""
    slice_ = manifest["slice"]
    suffix = slice_name(None if slice_ is None else (slice_["k"], slice_["of"]))
    for stem, data in (("manifest", manifest), ("summary", summary)):
        path = folder / f"{stem}{suffix}.json"
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        temporary.replace(path)


class ManifestError(ValueError):
    """A manifest, a summary or a log that do not agree; the message says which."""


def read_json(path: Path) -> dict[str, Any]:
    """A JSON object from a regular file of at most LIMIT bytes, read by the guarded
    reader (`safe_read`: a pipe or a device is refused, never waited on)."""
    from .safe_read import read_regular

    data = read_regular(path, LIMIT, "summary or manifest", ManifestError)
    assert data is not None  # (missing_ok is not asked for)
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise ManifestError(f"{path}: not JSON") from None
    if not isinstance(value, dict):
        raise ManifestError(f"{path}: not a JSON object")
    return value


def check_pair(manifest: dict[str, Any], summary: dict[str, Any], where: str) -> None:
    """Refuse a summary that is not the one its manifest describes: other program,
    other config or slice, other games."""
    if manifest.get("kind") != MANIFEST_KIND or manifest.get("version") != MANIFEST_VERSION:
        raise ManifestError(f"{where}: not a rummy500 simulate manifest of version 1")
    if summary.get("program") != manifest.get("program"):
        raise ManifestError(f"{where}: the summary and its manifest name different programs")
    if summary.get("config") != manifest.get("config"):
        raise ManifestError(f"{where}: the summary and its manifest are of different runs")
    slices = summary.get("slices")
    if slices is None:
        mine = None
    elif isinstance(slices.get("done"), list) and len(slices["done"]) == 1:
        mine = {"k": slices["done"][0], "of": slices.get("of")}
    else:
        raise ManifestError(f"{where}: a merged summary has no manifest of its own")
    if mine != manifest.get("slice"):
        raise ManifestError(f"{where}: the summary and its manifest are of different slices")
    logs = manifest.get("logs")
    if not isinstance(logs, list) or summary.get("played") != len(logs):
        raise ManifestError(
            f"{where}: the summary counts {summary.get('played')} games, its manifest lists "
            f"{len(logs) if isinstance(logs, list) else 'none'}"
        )
    listed = games_sha256((entry["index"], entry["sha256"]) for entry in logs)
    if listed != manifest.get("games_sha256") or listed != summary.get("games_sha256"):
        raise ManifestError(f"{where}: the summary's games are not the games its manifest lists")
    shard = None if manifest["slice"] is None else (manifest["slice"]["k"], manifest["slice"]["of"])
    if [entry["index"] for entry in logs] != list(shard_range(manifest["config"]["games"], shard)):
        raise ManifestError(f"{where}: the manifest does not list the games of its slice")


def pairs_in(folder: Path) -> list[tuple[Path, Path]]:
    """The `(manifest, summary)` files of every slice written into `folder`."""
    found = []
    for manifest in sorted(folder.glob("manifest*.json")):
        summary = manifest.with_name("summary" + manifest.name.removeprefix("manifest"))
        found.append((manifest, summary))
    return found
