"""Checking a `simulate --out` folder as a third party would (`rummy500 verify DIR`):
every slice's summary against its manifest (`manifest`), every log against its hash,
each log audited, and the summary's counts counted again from the logs (`selfplay`)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .events import GameStarted
from .manifest import ManifestError, check_pair, log_name, pairs_in, read_json


def verify_folder(folder: Path) -> list[str]:
    """Check a `simulate --out` folder: each slice's manifest against its summary, every
    log listed against its hash, each log audited as `verify` does and its figures
    counted again against the summary. One line per slice; a ManifestError at the first
    fault."""
    from .analysis.selfplay import Config, figures_of, game_plan
    from .analysis.summary import summarize
    from .errors import LogError
    from .records.audit import audit
    from .records.log import read_log

    pairs = pairs_in(folder)
    if not pairs:
        raise ManifestError(
            f"{folder}: no manifest in this folder (simulate --out DIR writes manifest*.json)"
        )
    lines = []
    for manifest_path, summary_path in pairs:
        manifest = read_json(manifest_path)
        if not summary_path.is_file():
            raise ManifestError(f"{manifest_path}: its summary {summary_path.name} is missing")
        summary = read_json(summary_path)
        check_pair(manifest, summary, str(manifest_path))
        config = Config(**manifest["config"])
        figures = []
        for entry in manifest["logs"]:
            path = folder / log_name(entry["index"])
            try:
                raw = path.read_bytes()
            except OSError as error:
                raise ManifestError(f"{path}: cannot read it ({error.strerror})") from None
            if hashlib.sha256(raw).hexdigest() != entry["sha256"]:
                raise ManifestError(f"{path}: its SHA-256 is not the one its manifest lists")
            try:
                data = read_log(path)
                if data.warnings:
                    raise LogError(data.warnings[0])
                audit(data, path)
            except LogError as error:
                raise ManifestError(str(error)) from None
            seed, levels = game_plan(config, entry["index"])
            header = data.events[0]
            assert isinstance(header, GameStarted)  # (read_log checks the first line)
            if header.seed != seed or entry["seed"] != seed:
                raise ManifestError(f"{path}: not game {entry['index']} of its run (other seed)")
            figures.append(figures_of(config, entry["index"], levels, data.events, raw))
        shard = (
            None if manifest["slice"] is None else (manifest["slice"]["k"], manifest["slice"]["of"])
        )
        again = summarize(config, figures, shard)
        for key in ("played", "unfinished", "games_sha256"):
            if again[key] != summary[key]:
                raise ManifestError(f"{summary_path}: its {key} is not what the logs give")
        for level, counts in again["levels"].items():
            theirs = summary["levels"].get(level, {})
            for key, value in counts.items():
                if theirs.get(key) != value:
                    raise ManifestError(
                        f"{summary_path}: {level}'s {key} is {theirs.get(key)}, the logs give {value}"
                    )
        name = "whole run" if shard is None else f"slice {shard[0]}/{shard[1]}"
        lines.append(
            f"{manifest_path.name}: {name} of {config.games} games, {len(manifest['logs'])} "
            f"logs verified, summary recounted, program {manifest['program']['version']} "
            f"({manifest['program']['code'][:12]})"
        )
    return lines
