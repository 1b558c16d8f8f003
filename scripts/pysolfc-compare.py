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


def compare(base, game):
    """One game's PySolFC-number study beside its native study: the figures of a table row."""
    s = load(f"results/pysolfc/{game}/summary.json")
    m = load(f"results/pysolfc/{game}/manifest.json")
    n = load(f"results/{game}/summary.json")
    lo, hi = s["unknown_as_lost"]["rate"], s["unknown_as_won"]["rate"]
    slo, shi = s["unknown_as_lost"]["wilson"]["low"], s["unknown_as_won"]["wilson"]["high"]
    nlo, nhi = n["unknown_as_lost"]["wilson"]["low"], n["unknown_as_won"]["wilson"]["high"]
    module = os.path.join(base, game.replace("-", "_") + "_solvable_seeds.py")
    listed = "-"
    if os.path.isfile(module):
        with open(module) as f:
            listed = next((l.split()[1] for l in f if l.startswith("# ") and l.endswith(" numbers.\n")), "?")
    return dict(
        game=game, study=s, native=n, numbers=f"{m['seeds_first']}..{m['seeds_end']}",
        lo=lo, hi=hi, slo=slo, shi=shi, nlo=nlo, nhi=nhi, listed=listed,
        bracket_in=lo <= nhi and nlo <= hi, intervals=slo <= nhi and nlo <= shi,
    )


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
    rows = [compare(base, g) for g in games]
    for r in rows:
        s, n = r["study"], r["native"]
        print(
            f"| {r['game']} | {r['numbers']} | {s['won']} | {s['lost']} | {s['unknown']} "
            f"| {pct(r['lo'])}–{pct(r['hi'])} | {pct(r['slo'])}–{pct(r['shi'])} | {n['deals']} deals "
            f"| {pct(r['nlo'])}–{pct(r['nhi'])} | {'yes' if r['bracket_in'] else 'NO'} "
            f"| {'yes' if r['intervals'] else 'NO'} | {r['listed']} |"
        )
    print()
    bad = sum(not r["bracket_in"] for r in rows)
    if bad:
        print(f"**{bad} of {len(rows)} studies' win brackets do not overlap their native study's interval.**")
    else:
        print(f"Every one of the {len(rows)} studies' win brackets overlaps its native study's interval.")
    print(f"The 95% intervals overlap for {sum(r['intervals'] for r in rows)} of {len(rows)}.")
    for r in rows:
        if r["bracket_in"]:
            continue
        s, n = r["study"], r["native"]
        expected = (1 - n["unknown_as_lost"]["rate"]) * s["deals"]
        verdict = (
            "a difference sampling explains (the intervals overlap)"
            if r["intervals"]
            else "**the intervals do not overlap either**"
        )
        print(
            f"\n{r['game']}: the bracket lies outside the native interval, which {n['deals']} deals"
            f" make narrow ({n['won']} won); at the native rate {s['deals']} numbers would hold"
            f" {expected:.2f} deals not won, and this study holds {s['deals'] - s['won']}: {verdict}."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
