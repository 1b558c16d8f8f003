#!/usr/bin/env python3
"""Drives the `patience` binary with random and mutated deal texts (issue 36).

    scripts/fuzz-deal-texts.py [COUNT] [SEED]      (default 3000 inputs, seed 1)

Every input goes to `deal` or `solve` (with --max-states 200, so each run is short) for one of
the 15 variants, sometimes with --apply-hook. It fails if any run exits outside 0-3 (a panic
aborts with 134, an internal error is 4) or rejects an input (exit 2) with other than one line
on standard error. BIN= names the binary (default: target/release/patience, built first).
"""
import os
import random
import subprocess
import sys
import tempfile

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BIN = os.environ.get("BIN")
if not BIN:
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "patience-cli"], cwd=root, check=True)
    BIN = os.path.join(root, "target", "release", "patience")

games = [line.split()[0] for line in subprocess.run([BIN, "games"], capture_output=True, text=True, check=True).stdout.splitlines()[1:]]
NOISE = ["AC", "KD", "10h", "Q♠", "TD", "1C", "XX", "", "AAC", "K", "♣", "0S", "11D", "\x00", "é", "🂡"]
SEPARATORS = [" ", "\n", ",", "\t", ", ", "\r\n", ";"]


def talon(game, seed):
    out = subprocess.run([BIN, "deal", game, "--seed", str(seed), "--format", "json"], capture_output=True, text=True, check=True)
    import json
    return json.loads(out.stdout)["talon"].split()


def mutated(codes):
    codes = list(codes)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        kind = rng.randrange(8)
        i = rng.randrange(len(codes) + 1) if codes else 0
        if kind == 0 and codes:
            del codes[min(i, len(codes) - 1)]
        elif kind == 1 and codes:
            codes.insert(i, codes[min(i, len(codes) - 1)])
        elif kind == 2 and codes:
            codes[min(i, len(codes) - 1)] = rng.choice(NOISE)
        elif kind == 3 and codes:
            j, k = rng.randrange(len(codes)), rng.randrange(len(codes))
            codes[j], codes[k] = codes[k], codes[j]
        elif kind == 4:
            codes.insert(i, rng.choice(NOISE))
        elif kind == 5:
            codes = codes[: rng.randrange(len(codes) + 1)]
        elif kind == 6:
            rng.shuffle(codes)
        elif kind == 7:
            codes = [c.lower() for c in codes]
    return rng.choice(SEPARATORS).join(codes).encode()


def random_input():
    game = rng.choice(games)
    r = rng.random()
    if r < 0.6:
        data = mutated(talon(game if rng.random() < 0.5 else "queen-of-italy", rng.randrange(1 << 20)))
    elif r < 0.8:
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(600)))
    elif r < 0.9:
        data = " ".join(rng.choice(NOISE) for _ in range(rng.randrange(120))).encode()
    else:
        data = b""
    return game, data


failures = 0
exits = {}
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "deal.txt")
    for n in range(COUNT):
        game, data = random_input()
        with open(path, "wb") as f:
            f.write(data)
        command = [BIN, rng.choice(["deal", "solve"]), game, "--deal", path]
        if command[1] == "solve":
            command += ["--max-states", "200"]
        if rng.random() < 0.3:
            command.append("--apply-hook")
        run = subprocess.run(command, capture_output=True)
        exits[run.returncode] = exits.get(run.returncode, 0) + 1
        stderr = run.stderr.decode(errors="replace").strip()
        bad = run.returncode not in (0, 1, 2, 3) or (run.returncode == 2 and (not stderr or "\n" in stderr))
        if bad:
            failures += 1
            os.makedirs(os.path.join(root, "target", "fuzz-failures"), exist_ok=True)
            keep = os.path.join(root, "target", "fuzz-failures", f"deal-text-{n}.txt")
            with open(keep, "wb") as f:
                f.write(data)
            print(f"FAIL exit {run.returncode}: {' '.join(command[:3])} ... (input kept in {keep})\n{stderr[:2000]}")

print(f"{COUNT} inputs; exit codes {dict(sorted(exits.items()))}; {failures} failures")
sys.exit(1 if failures else 0)
