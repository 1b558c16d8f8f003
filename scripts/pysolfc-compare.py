#!/usr/bin/env python3
"""Prints results/pysolfc/README.md: each study over PySolFC game numbers beside the native study
of the same game (results/GAME), from their summary.json files and manifests.

The check (issue 53): a study's win bracket (unknown deals counted lost .. counted won) must
overlap the native study's 95% interval (Wilson: the lower end with unknown deals lost, the upper
with them won), since both numberings deal from the same distribution.
  python3 scripts/pysolfc-compare.py > results/pysolfc/README.md
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def load(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def pct(x):
    return f"{100 * x:.1f}%"


def main():
    base = os.path.join(ROOT, "results/pysolfc")
    games = sorted(g for g in os.listdir(base) if os.path.isfile(os.path.join(base, g, "summary.json")))
    print("# Winnable PySolFC game numbers\n")
    print("For PySolFC players: lists of PySolFC game numbers whose deals `patience` won, one Python")
    print("module a game (`GAME_solvable_seeds.py`, in the form of PySolFC's own")
    print("`klondike_solvable_seeds.py`), each made by `patience export-solvable` from the study in")
    print("the folder of the same name (`patience study GAME --pysol 32000..34000`; its manifest holds")
    print("the command, rules, budget and commit). Every listed number's deal was won by the solver")
    print("and its winning line replayed through the independent reference rules. Numbers below")
    print("32000 are not studied: PySolFC deals them with its Microsoft-compatible generator.\n")
    print("The studies use the rule book's rules, as the native studies do. Where PySolFC's rules")
    print("differ (queen-of-italy-open lets a foundation's top card back to the tableau, granada's")
    print("empty waste takes any card) they only add moves, so every deal won here is won in PySolFC.\n")
    print("Made by `scripts/pysolfc-lists.sh`; this page by `scripts/pysolfc-compare.py`. The checks")
    print("(the two numberings deal from the same distribution): each study's win bracket (unknown")
    print("deals as lost .. as won) overlaps the 95% interval of the native study of the same game")
    print("(\"bracket in\"); and, since the bracket has no width for sampling, each study's own 95%")
    print("interval (Wilson: unknown deals as lost for its lower end, as won for its upper) overlaps")
    print("the native one (\"intervals\").\n")
    print("| game | numbers | won | lost | unknown | win bracket | 95% interval | native study | native 95% interval | bracket in | intervals | listed |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for g in games:
        s = load(f"results/pysolfc/{g}/summary.json")
        m = load(f"results/pysolfc/{g}/manifest.json")
        n = load(f"results/{g}/summary.json")
        lo, hi = s["unknown_as_lost"]["rate"], s["unknown_as_won"]["rate"]
        nlo, nhi = n["unknown_as_lost"]["wilson"]["low"], n["unknown_as_won"]["wilson"]["high"]
        overlap = lo <= nhi and nlo <= hi
        slo, shi = s["unknown_as_lost"]["wilson"]["low"], s["unknown_as_won"]["wilson"]["high"]
        intervals = slo <= nhi and nlo <= shi
        bad += not overlap
        module = os.path.join(base, g.replace("-", "_") + "_solvable_seeds.py")
        listed = "-"
        if os.path.isfile(module):
            with open(module) as f:
                listed = next((l.split()[1] for l in f if l.startswith("# ") and l.endswith(" numbers.\n")), "?")
        print(
            f"| {g} | {m['seeds_first']}..{m['seeds_end']} | {s['won']} | {s['lost']} | {s['unknown']} "
            f"| {pct(lo)}–{pct(hi)} | {pct(slo)}–{pct(shi)} | {n['deals']} deals "
            f"| {pct(nlo)}–{pct(nhi)} | {'yes' if overlap else 'NO'} | {'yes' if intervals else 'NO'} "
            f"| {listed} |"
        )
    print()
    if bad:
        print(f"**{bad} of {len(games)} studies' win brackets do not overlap their native study's interval.**")
    else:
        print(f"Every one of the {len(games)} studies' win brackets overlaps its native study's interval.")
    bad_intervals = sum(
        1
        for g in games
        if not (
            load(f"results/pysolfc/{g}/summary.json")["unknown_as_lost"]["wilson"]["low"]
            <= load(f"results/{g}/summary.json")["unknown_as_won"]["wilson"]["high"]
            and load(f"results/{g}/summary.json")["unknown_as_lost"]["wilson"]["low"]
            <= load(f"results/pysolfc/{g}/summary.json")["unknown_as_won"]["wilson"]["high"]
        )
    )
    print(f"The 95% intervals overlap for {len(games) - bad_intervals} of {len(games)}.")
    for g in games:
        s, n = load(f"results/pysolfc/{g}/summary.json"), load(f"results/{g}/summary.json")
        lo, hi = s["unknown_as_lost"]["rate"], s["unknown_as_won"]["rate"]
        nlo, nhi = n["unknown_as_lost"]["wilson"]["low"], n["unknown_as_won"]["wilson"]["high"]
        if not (lo <= nhi and nlo <= hi):
            expected = (1 - n["unknown_as_lost"]["rate"]) * s["deals"]
            print(
                f"\n{g}: the bracket lies outside the native interval, which {n['deals']} deals make"
                f" narrow ({n['won']} won); at the native rate {s['deals']} numbers would hold"
                f" {expected:.2f} deals not won, and this study holds"
                f" {s['deals'] - s['won']}: a difference sampling explains (the intervals overlap)."
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
