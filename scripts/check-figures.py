#!/usr/bin/env python3
"""The figures of the research logs corrected under issue 54, item 4, printed from committed rows.

    scripts/check-figures.py [CLAIM...]     (default: every claim)

One function per claim; each reads only committed rows (results/*/deals.csv, manifest.json,
audits.jsonl, results/bench/*) or, where a claim is about an older commit's studies, the rows
as committed at that commit (`git show COMMIT:PATH`), and prints the figure the text cites.
Percentiles use the definition of `crates/study/src/summary.rs::quantile`, which every
`summary.json` uses: the value at index round(q * (n - 1)) of the sorted values (nearest rank,
no interpolation; for 1,000 deals the p99 is the 990th smallest, index 989)."""
import csv
import io
import json
import os
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from figures_lib import quantile  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BENCH = os.path.join(ROOT, "results", "bench")


def read_rows(path):
    with open(path) as f:
        return {int(r["seed"]): r for r in csv.DictReader(f)}


def git_rows(commit, path):
    text = subprocess.run(["git", "-C", ROOT, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout
    return {int(r["seed"]): r for r in csv.DictReader(io.StringIO(text))}


def outcomes(rows, key="outcome"):
    return {s: r[key] for s, r in rows.items()}


def study(folder):
    return read_rows(os.path.join(BENCH, folder, "deals.csv"))


def carthage_inner_search_only():
    """decide-2026-12-05.md, step 1's other splits: carthage with no lookahead inside the
    stricter phase against the kept step (home-first)."""
    kept = outcomes(study("decide-streamliner/home-first/carthage"))
    other = outcomes(study("decide-streamliner/carthage-inner-search-only/carthage"))
    lost = sorted(s for s in kept if kept[s] == "won" and other[s] != "won")
    gained = sorted(s for s in kept if kept[s] != "won" and other[s] == "won")
    won = sum(v == "won" for v in other.values())
    print(f"carthage-inner-search-only: {won} won (home-first {sum(v == 'won' for v in kept.values())}); "
          f"{len(lost)} of the step's wins lost ({' '.join(map(str, lost))}), "
          f"{len(gained)} others won ({' '.join(map(str, gained))})")


PLAYER_STUDIES_41F81E1 = [
    "results/algerian-greedy", "results/algerian-sampling", "results/alhambra-greedy",
    "results/alhambra-sampling", "results/crazy-quilt-greedy", "results/crazy-quilt-sampling",
    "results/queen-of-italy-greedy", "results/queen-of-italy-sampling",
    "results/queen-of-italy-sampling-shards/shard-0",
]


def player_wins_41f81e1():
    """decide-2026-12-04.md, final run's dominance check: the deals the player studies as
    committed at 41f81e1 won (the studies the log's dominance paragraph names)."""
    total = 0
    for d in PLAYER_STUDIES_41F81E1:
        won = sum(r["outcome"] == "won" for r in git_rows("41f81e1", d + "/deals.csv").values())
        total += won
        print(f"  {d}: {won} won")
    print(f"player studies at 41f81e1: {total:,} wins")


LOSSES_QUEEN_SCHEDULE = ["queen-of-italy", "queen-of-italy-open", "blondes-and-brunettes",
                         "falling-star", "generals-patience"]


def losses_queen_audit():
    """losses-queen.md, the loss audit: proven losses of the five schedule studies, those of
    seeds 0..199 (audited) and the rest."""
    total = audited = 0
    for v in LOSSES_QUEEN_SCHEDULE:
        rows = study(f"losses-queen/schedule/{v}")
        lost = [s for s, r in rows.items() if r["outcome"] == "lost"]
        total += len(lost)
        audited += sum(s < 200 for s in lost)
        print(f"  {v}: {len(lost)} lost, {sum(s < 200 for s in lost)} of them in 0..199")
    print(f"five studies: {total} proven losses, {audited} audited (0..199), {total - audited} not audited")


def published_commits():
    """results/README.md, Commits: each study's manifest git_commit; audits.jsonl's commits."""
    by = {}
    for d in sorted(os.listdir(os.path.join(ROOT, "results"))):
        m = os.path.join(ROOT, "results", d, "manifest.json")
        if os.path.exists(m):
            by.setdefault(json.load(open(m))["git_commit"], []).append(d)
    for c, ds in sorted(by.items(), key=lambda x: -len(x[1])):
        print(f"  studies made at {c}: {len(ds)}: {' '.join(ds)}")
    audits = Counter()
    for d in sorted(os.listdir(os.path.join(ROOT, "results"))):
        a = os.path.join(ROOT, "results", d, "audits.jsonl")
        if os.path.exists(a):
            for line in open(a):
                rec = json.loads(line)
                audits[(rec["git_commit"], d)] += 1
    for (c, d), n in sorted(audits.items()):
        print(f"  audit records of {d} at {c}: {n}")


def plain_search_ratio():
    """decide-2026-12-05.md, issue 31's ratio: the published pipeline studies' wins against the
    plain search's (decide-plain/), each with its build."""
    for v in ["crazy-quilt", "alhambra"]:
        pipe = read_rows(os.path.join(ROOT, "results", v, "deals.csv"))
        plain = study(f"decide-plain/{v}")
        pc = json.load(open(os.path.join(ROOT, "results", v, "manifest.json")))["git_commit"]
        qc = json.load(open(os.path.join(BENCH, "decide-plain", v, "manifest.json")))["git_commit"]
        pw = sum(r["outcome"] == "won" for r in pipe.values())
        qw = sum(r["outcome"] == "won" for r in plain.values())
        same = sorted(pipe) == sorted(plain)
        print(f"{v}: pipeline {pw} won (build {pc}) / plain search {qw} won (build {qc}) = "
              f"{pw / qw:.2f}x; same seeds: {same} ({min(pipe)}..{max(pipe) + 1})")


def walks_validation():
    """decide-2026-12-05.md, walks of 600: the run on seeds 200..999 against the published
    study before ca1f0de, and the sweep of every unknown deal of 0..999 at walks of 600."""
    sweeps = {"blondes-and-brunettes": "blondes-and-brunettes-lookaheadpermove600.csv",
              "falling-star": "falling-star-lpm600.csv"}
    for v, f in sweeps.items():
        with open(os.path.join(BENCH, "decide-s25", "walks-unknown-deals", f)) as fh:
            sweep = {int(r["seed"]): r["verdict"] for r in csv.DictReader(fh)}
        new = outcomes(study(f"decide-s25/walks-{v}-600-seeds-0-999"))
        base = outcomes(git_rows("ca1f0de~1", f"results/{v}/deals.csv"))
        print(f"{v}: sweep of {len(sweep)} unknown deals of seeds {min(sweep)}..{max(sweep)}, "
              f"{sum(x == 'won' for x in sweep.values())} won")
        for lo, hi in [(0, 200), (200, 1000)]:
            seeds = range(lo, hi)
            gained = sorted(s for s in seeds if new[s] == "won" and base[s] != "won")
            lost = sorted(s for s in seeds if new[s] != "won" and base[s] == "won")
            swon = sorted(s for s in sweep if sweep[s] == "won" and lo <= s < hi)
            print(f"  seeds {lo}..{hi - 1}: {sum(new[s] == 'won' for s in seeds)} won against "
                  f"{sum(base[s] == 'won' for s in seeds)}; gained {len(gained)}, lost {len(lost)}; "
                  f"gained == the sweep's wins there: {gained == swon}")


def alhambra_audits_first_position():
    """losses-alhambra.md, Checks: how many of each audited study's proven losses were decided
    at the first position (states <= 1), the deals an audit with the dead tests on (before
    cc50681) gave up at once."""
    for d in ["redeals-1-new", "redeals-0-new", "redeals-1-copies", "full-rules-start"]:
        rows = study(f"losses-alhambra/{d}")
        lost = [r for r in rows.values() if r["outcome"] == "lost"]
        first = sum(int(r["states"]) <= 1 for r in lost)
        print(f"losses-alhambra/{d}: {len(lost)} lost, {first} of them at the first position")


def redheads_tail():
    """decide-2026-12-05.md, where issue 31 ends: redheads' unknown deals of 0..199 at ten times
    the budget (unknown-at-budget/) and its published proven losses."""
    with open(os.path.join(BENCH, "unknown-at-budget", "redheads-pipeline-50M-seeds-0-199.csv")) as f:
        rs = list(csv.DictReader(f))
    key = "verdict" if "verdict" in rs[0] else "outcome"
    c = Counter(r[key] for r in rs)
    pub = Counter(r["outcome"] for r in read_rows(os.path.join(ROOT, "results", "redheads", "deals.csv")).values())
    print(f"redheads 0..199 at 50,000,000: {len(rs)} unknown deals: {c['won']} won, {c['lost']} lost, "
          f"{c['unknown']} still unknown; published study: {pub['lost']} lost of {sum(pub.values())}")


def published_p99_max():
    """decide-2026-12-05.md, where issue 31 ends: the largest p99 CPU seconds a deal of the
    published thoughtful studies (results/*, players aside), by summary.json's definition."""
    best = (0.0, "")
    for d in sorted(os.listdir(os.path.join(ROOT, "results"))):
        f = os.path.join(ROOT, "results", d, "deals.csv")
        if not os.path.exists(f) or d.endswith("-greedy") or "-sampling" in d:
            continue
        secs = [int(r["micros"]) / 1e6 for r in read_rows(f).values()]
        best = max(best, (quantile(secs, 0.99), d))
    print(f"largest p99 of the published thoughtful studies: {best[0]:.2f} s ({best[1]})")


# losses-queen.md's three result tables: (before folder, after folder, variant label, seeds).
LOSSES_QUEEN_TABLES = {
    "step 1 (schedule)": [
        ("decide-final/generals-patience", "losses-queen/schedule/generals-patience", "generals-patience", "0..999"),
        ("decide-final/queen-of-italy", "losses-queen/schedule/queen-of-italy", "queen-of-italy", "0..999"),
        ("decide-final/queen-of-italy-open", "losses-queen/schedule/queen-of-italy-open", "queen-of-italy-open", "0..999"),
        ("decide-final/blondes-and-brunettes", "losses-queen/schedule/blondes-and-brunettes", "blondes-and-brunettes", "0..999"),
        ("decide-final/falling-star", "losses-queen/schedule/falling-star", "falling-star", "0..999"),
        ("decide-final/queen-of-italy-0-9999", "losses-queen/schedule/queen-of-italy-0-9999", "queen-of-italy", "0..9999"),
    ],
    "step 2 (stricter)": [
        ("decide-final/queen-of-italy-open", "losses-queen/stricter/queen-of-italy-open", "queen-of-italy-open", "0..999"),
        ("decide-final/carthage", "losses-queen/stricter/carthage", "carthage", "0..999"),
    ],
    "step 3 (streamliner)": [
        ("losses-queen/schedule/blondes-and-brunettes", "losses-queen/stricter/blondes-and-brunettes", "blondes-and-brunettes", "0..999"),
        ("losses-queen/schedule/falling-star", "losses-queen/stricter/falling-star", "falling-star", "0..999"),
        ("decide-final/redheads", "losses-queen/stricter/redheads", "redheads", "0..999"),
    ],
}


def losses_queen_tables():
    """losses-queen.md's result tables, p99 by summary.json's definition."""
    for name, rows in LOSSES_QUEEN_TABLES.items():
        print(f"{name}:")
        print("| variant | seeds | before: won / lost / unknown | after: won / lost / unknown | unknown share before → after "
              "| CPU s/deal median before → after | p99 before → after | p99 ratio | won↔lost flips |")
        print("|---|---|---|---|---|---|---|---|---|")
        for bdir, adir, v, seeds in rows:
            b, a = study(bdir), study(adir)
            cb, ca = Counter(r["outcome"] for r in b.values()), Counter(r["outcome"] for r in a.values())
            sb = [int(r["micros"]) / 1e6 for r in b.values()]
            sa = [int(r["micros"]) / 1e6 for r in a.values()]
            pb, pa = quantile(sb, 0.99), quantile(sa, 0.99)
            flips = sum({b[s]["outcome"], a[s]["outcome"]} == {"won", "lost"} for s in set(a) & set(b))
            print(f"| {v} | {seeds} | {cb['won']} / {cb['lost']} / {cb['unknown']} | {ca['won']} / {ca['lost']} / {ca['unknown']} "
                  f"| {100 * cb['unknown'] / len(b):.1f}% → **{100 * ca['unknown'] / len(a):.1f}%** "
                  f"| {quantile(sb, 0.5):.3f} → {quantile(sa, 0.5):.3f} | {pb:.2f} → {pa:.2f} | {pa / pb:.2f} | {flips} |")


def rows_in(folder):
    """A published study's rows; SystemExit naming it if it is missing."""
    path = os.path.join(ROOT, "results", folder, "deals.csv")
    if not os.path.exists(path):
        sys.exit(f"results/{folder}/deals.csv is missing")
    return read_rows(path)


def queen_100000_repeats_10000():
    """README, How often will I win: the 100,000-deal study's first 10,000 rows are those of the
    10,000-deal study (the same seeds, the same verdicts; the CPU time aside)."""
    big, small = rows_in("queen-of-italy-100000"), rows_in("queen-of-italy")
    keys = ["outcome", "states", "solution_len", "max_home", "redeals_used", "decided_by"]
    differ = [s for s in small if any(big[s][k] != small[s][k] for k in keys)]
    flips = [s for s in small if {big[s]["outcome"], small[s]["outcome"]} == {"won", "lost"}]
    cpu = [sum(int(r[s]["micros"]) for s in small) for r in (big, small)]
    print(f"queen-of-italy-100000 against queen-of-italy on seeds 0..{len(small) - 1}: {len(differ)} rows"
          f" differ outside CPU time, {len(flips)} between won and lost; CPU time {cpu[0] / cpu[1]:.2f} times")


def queen_sampling_repeats_2000():
    """results/INTRO.md, players: the careful player's 10,000 deals against the 2,000 published
    until a939404 (made by the build of 52f4022; the player's positions are new only up to
    renaming piles since e0bb9c1)."""
    new = rows_in("queen-of-italy-sampling")
    old = git_rows("a939404", "results/queen-of-italy-sampling/deals.csv")
    differ = sum(new[s]["outcome"] != old[s]["outcome"] for s in old)
    won = [sum(r[s]["outcome"] == "won" for s in old) for r in (old, new)]
    print(f"queen-of-italy-sampling on seeds 0..{len(old) - 1}: {won[0]} won in the study published"
          f" until a939404, {won[1]} now; {differ} outcomes differ")


CLAIMS = {f.__name__: f for f in [
    carthage_inner_search_only, player_wins_41f81e1, losses_queen_audit, published_commits,
    plain_search_ratio, walks_validation, alhambra_audits_first_position, redheads_tail,
    losses_queen_tables, published_p99_max, queen_100000_repeats_10000, queen_sampling_repeats_2000,
]}


def main():
    names = sys.argv[1:] or list(CLAIMS)
    for n in names:
        if n not in CLAIMS:
            sys.exit(f"unknown claim {n}; claims: {' '.join(CLAIMS)}")
        print(f"== {n}")
        CLAIMS[n]()


if __name__ == "__main__":
    main()
