#!/usr/bin/env python3
"""Prints results/bench/players.md from the committed rows: for every published player study,
the deals its player won beside the thoughtful study's verdict on the same deals; and the greedy
rows made before e0bb9c1 against the published ones (what the change of e0bb9c1 moved).

The dominance check (issue 31, `patience dominance`, `scripts/dominance-check.sh`) solves each
deal a player won with the thoughtful pipeline again; this table reads the same answer from the
thoughtful studies' rows (the pipeline at the same budget, so the same verdicts unless its build
changed): a deal a player won that a thoughtful study proves lost is a wrong proof, a bug to fix
before publishing; one the study leaves unknown is a win its pipeline did not find.
  python3 scripts/players-tables.py > results/bench/players.md
"""
import csv
import glob
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from figures_lib import quantile  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RESULTS = os.path.join(ROOT, "results")


def load(folder):
    """A study's manifest and its rows by seed, read once for every table."""
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    with open(os.path.join(folder, "deals.csv")) as f:
        rows = {int(r["seed"]): r for r in csv.DictReader(f)}
    return manifest, rows


def rules(text):
    """A manifest's rules as written since 2026-12-06, as `manifest.rs::legacy_rules` reads the
    older form (`QuiltRules { variant: CrazyQuilt, wrap: true }` as `wrap=true`)."""
    m = re.fullmatch(r"(\w+Rules) \{ (.*) \}", text)
    if not m:
        return text
    out = []
    for field in m.group(2).split(", "):
        name, value = field.split(": ", 1)
        if name != "variant":
            kebab = re.sub(r"(?<!^)([A-Z])", r"-\1", value).lower()
            out.append(f"{name.replace('_', '-')}={kebab}")
    return ", ".join(out)


def game(m):
    return (m["variant"], rules(m["rules"]), m["deal_generator"])


def seeds(xs, most=12):
    xs = sorted(xs)
    shown = " ".join(map(str, xs[:most]))
    return shown + (f" … ({len(xs)})" if len(xs) > most else "") if xs else "–"


def main():
    folders = sorted(
        os.path.dirname(p) for p in glob.glob(os.path.join(RESULTS, "*", "deals.csv"))
        + glob.glob(os.path.join(RESULTS, "*", "*", "deals.csv"))
        if "/shards/" not in p and "/bench/" not in p
    )
    studies = {os.path.relpath(f, RESULTS): load(f) for f in folders}
    thoughtful = {k: v for k, v in studies.items() if v[0]["player"] == "thoughtful"}
    print("# The players' studies, checked from their rows\n")
    print("## Players' wins against the thoughtful verdicts\n")
    print("Printed by `scripts/players-tables.py` from the committed rows (`results/*/deals.csv`);"
          " do not edit by hand.\nFor each player study, every deal its player won, and what the"
          " largest thoughtful study of the same\nvariant, rules and deals says of it. A proven"
          " loss there would be a wrong proof.\n")
    print("| player study | player | deals | won by the player | thoughtful study | won there |"
          " unknown there (seeds) | lost there (seeds) |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (m, rows) in studies.items():
        if m["player"] == "thoughtful":
            continue
        wins = [s for s, r in rows.items() if r["outcome"] == "won"]
        # The thoughtful studies of the same game holding every seed the player won, largest first.
        same = sorted(
            ((k, t) for k, t in thoughtful.items() if game(t[0]) == game(m)
             and all(s in t[1] for s in wins)),
            key=lambda kt: (-len(kt[1][1]), kt[0]),
        )
        if not same:
            print(f"| {name} | {m['player']} | {len(rows):,} | {len(wins):,} | none holds these deals"
                  " | | | |")
            continue
        tname, (_, trows) = same[0]
        verdicts = {s: trows[s]["outcome"] for s in wins}
        won = sum(v == "won" for v in verdicts.values())
        unknown = [s for s, v in verdicts.items() if v == "unknown"]
        lost = [s for s, v in verdicts.items() if v == "lost"]
        print(f"| {name} | {m['player']} | {len(rows):,} | {len(wins):,} | {tname} | {won:,} |"
              f" {len(unknown)}: {seeds(unknown)} | {len(lost)}: {seeds(lost)} |")
    costs(studies)
    renamings(studies)
    ladder(studies)


def costs(studies):
    """What each player study cost: CPU seconds a deal, and how long its won lines are."""
    print("\n## What the players cost\n")
    print("CPU seconds a deal (mean and p99, as `summary.json` computes them) and the moves of the"
          " players'\nwon lines (median and largest):\n")
    print("| player study | player | made at | deals | won | CPU s/deal: mean | p99 | moves of a won line:"
          " median | largest |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, (m, by_seed) in studies.items():
        if m["player"] == "thoughtful":
            continue
        rows = list(by_seed.values())
        secs = [int(r["micros"]) / 1e6 for r in rows]
        moves = [int(r["solution_len"]) for r in rows if r["outcome"] == "won"]
        print(f"| {name} | {m['player']} | {m['git_commit']} | {len(rows):,} | {len(moves):,} |"
              f" {sum(secs) / len(secs):.3f} | {quantile(secs, 0.99):.3f} |"
              f" {quantile(moves, 0.5) if moves else '–'} | {max(moves) if moves else '–'} |")


def renamings(studies):
    """The greedy studies made before e0bb9c1 (results/bench/players-before-e0bb9c1) against the
    published ones: e0bb9c1 counts a position as new only up to renaming piles, which only the Queen of
    Italy family's symmetries see."""
    print("\n## The greedy rows before and after e0bb9c1\n")
    print("Each greedy study made before e0bb9c1 (`results/bench/players-before-e0bb9c1/`) against"
          " the published one, row by\nrow (outcome, cards home at best, moves played):\n")
    print("| study | deals | made at | rows differing | won then | published at | won now |")
    print("|---|---|---|---|---|---|---|")
    for old in sorted(glob.glob(os.path.join(RESULTS, "bench", "players-before-e0bb9c1", "*"))):
        name = os.path.basename(old)
        (m0, rows0), (m1, rows1) = load(old), studies[name]
        commits = [m0["git_commit"], m1["git_commit"]]
        a, b = ({s: tuple(r[k] for k in SAME) for s, r in x.items()} for x in (rows0, rows1))
        differing = sum(a[s] != b.get(s) for s in a)
        won = [sum(r[0] == "won" for r in x.values()) for x in (a, b)]
        print(f"| {name} | {len(a):,} | {commits[0]} | {differing:,} | {won[0]:,} | {commits[1]} |"
              f" {won[1]:,} |")


def sign_test(a, b):
    """Two-sided exact sign test: the chance of a split at least as uneven as a : b among a + b
    discordant deals if either player were as likely as the other to win each of them."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def ladder(studies):
    """Each rung of a `-ladder/` folder against the rung below it, deal by deal on the same seeds:
    the deals only one of the two wins, and whether that split could be chance (McNemar's exact
    test). Intervals of two rates overlap long before the paired deals stop telling them apart."""
    print("\n## The ladder, rung against rung on the same deals\n")
    print("Each sampling rung of a `-ladder/` folder against the one below it (samples, then positions"
          " per sample),\non the seeds both played: the deals only the stronger rung won, those only the"
          " weaker won, and the\ntwo-sided exact sign test on that split (McNemar's test for paired"
          " outcomes):\n")
    print("| ladder | weaker rung | stronger rung | deals | won by both | stronger only | weaker only |"
          " sign test p |")
    print("|---|---|---|---|---|---|---|---|")
    rungs = {}
    for name, (m, rows) in studies.items():
        folder, _, rung = name.rpartition("/")
        k = re.fullmatch(r"sampling K=(\d+) states=(\d+)", m["player"])
        if folder.endswith("-ladder") and k:
            rungs.setdefault(folder, []).append(((int(k.group(1)), int(k.group(2))), rung, rows))
    for folder, steps in sorted(rungs.items()):
        steps.sort()
        for (_, weak, a), (_, strong, b) in zip(steps, steps[1:]):
            common = set(a) & set(b)
            wa = {x for x in common if a[x]["outcome"] == "won"}
            wb = {x for x in common if b[x]["outcome"] == "won"}
            only_b, only_a = len(wb - wa), len(wa - wb)
            print(f"| {folder} | {weak} | {strong} | {len(common):,} | {len(wa & wb):,} | {only_b:,} |"
                  f" {only_a:,} | {sign_test(only_b, only_a):.3g} |")


# What "the same row" compares in the greedy rows before and after: outcome, cards home at best,
# moves played (the CPU time aside).
SAME = ("outcome", "max_home", "solution_len")


if __name__ == "__main__":
    main()
