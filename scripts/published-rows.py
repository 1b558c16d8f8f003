#!/usr/bin/env python3
"""Do the published studies still hold? Reruns every study in results/ on its first seeds with a
given binary and compares the rows with the published ones, every column but the CPU time.

    scripts/published-rows.py [--bin target/release/patience] [--seeds 50] [--jobs 2] [FOLDER ...]

A study is rerun with its manifest's own command (seed range, output folder and threads
replaced); a merged study with the study command its manifest keeps from a shard. Prints one line
per study and exits 1 if any row differs or a study cannot be rerun: a newer build whose rows
agree computes what the published studies say, so they need not be made again (results/INTRO.md).
"""
import argparse
import csv
import json
import pathlib
import subprocess
import sys
import tempfile

# Options of the manifest's command that this script sets itself, with whether they take a value.
REPLACED = {"--seeds": True, "--out": True, "-j": True, "--jobs": True, "--shard": True, "--resume": False, "--quiet": False}


def rerun_args(manifest, seeds, jobs, out):
    """The `study` arguments that rerun the study on its first `seeds` seeds, or None where the
    manifest holds no study command (a merge made before manifests kept a shard's)."""
    command = manifest["command"]
    if len(command) > 1 and command[1] == "merge":
        command = manifest.get("shard_command") or command
    if len(command) < 2 or command[1] != "study":
        return None
    args, rest, i = [], command[2:], 0
    while i < len(rest):
        a = rest[i]
        name = a.split("=", 1)[0]
        if name in REPLACED:
            i += 1 if ("=" in a or not REPLACED[name]) else 2
            continue
        args.append(a)
        i += 1
    # A command that relied on the default budget gets the one its manifest recorded (the
    # default has changed: 1,000,000 before 2026-12-06, 5,000,000 since).
    if not any(a.split("=", 1)[0] in ("--max-states", "--limit-states") for a in args):
        args += ["--max-states", str(manifest["max_states"])]
    first = manifest["seeds_first"]
    return ["study", *args, "--seeds", f"{first}..{first + seeds}", "-j", str(jobs), "--quiet", "--out", str(out)]


def rows(path):
    with open(path, newline="") as f:
        return {r["seed"]: r for r in csv.DictReader(f)}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", default="target/release/patience")
    p.add_argument("--seeds", type=int, default=50, help="how many of each study's first seeds")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("folders", nargs="*", help="study folders (default: every study in results/)")
    a = p.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    folders = [pathlib.Path(f) for f in a.folders] or sorted(d for d in (root / "results").iterdir() if (d / "manifest.json").exists())
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for d in folders:
            manifest = json.loads((d / "manifest.json").read_text())
            out = pathlib.Path(tmp) / d.name
            args = rerun_args(manifest, a.seeds, a.jobs, out)
            if args is None:
                print(f"{d.name}: its manifest holds no study command (merged before manifests kept a shard's): rerun its shards")
                bad += 1
                continue
            run = subprocess.run([a.bin, *args], capture_output=True, text=True)
            if run.returncode != 0:
                print(f"{d.name}: the rerun failed: {run.stderr.strip()}")
                bad += 1
                continue
            published, again = rows(d / "deals.csv"), rows(out / "deals.csv")
            columns = [c for c in next(iter(again.values())) if c != "micros"]
            differ = [s for s, r in again.items() if s not in published or any(published[s].get(c) != r[c] for c in columns)]
            bad += bool(differ)
            print(f"{d.name}: {len(again)} rows rerun, {len(differ)} differ" + (f" (seeds {', '.join(differ[:8])})" if differ else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
