#!/bin/sh
# Solve the deals whose lines replay.py checks in PySolFC. Writes lines/<tag>.json (gitignored).
#   sh solve_lines.sh [BIN] [MAX_SECONDS]
# 1) every PySolFC save in testdata/pysolfc-saves (the save's own rules: PySolFC's)
# 2) PySolFC game numbers 1..3 and 32000..32009 of every game this project shares with PySolFC,
#    under PySolFC's rules (pf: the rule flags that make ours PySolFC's) and, where those differ
#    from our defaults, also under our default rules (def).
BIN=${1:-/tmp/patience-53}
SECS=${2:-15}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
OUT=$HERE/lines
mkdir -p "$OUT"
solve() { # tag args...
  tag=$1; shift
  [ -s "$OUT/$tag.json" ] && return 0
  "$BIN" solve "$@" --format json --max-seconds "$SECS" > "$OUT/$tag.json.tmp" 2> "$OUT/$tag.err"
  echo $? > "$OUT/$tag.rc"
  mv "$OUT/$tag.json.tmp" "$OUT/$tag.json"
}
for f in "$ROOT"/testdata/pysolfc-saves/*.pso; do
  b=$(basename "$f" .pso)
  case $b in unsupported-*) continue;; esac
  solve "save-$b" --pysol-save "$f"
done
flags() {
  case $1 in
    alhambra|granada) echo --empty-waste-any;;
    reinforcements) echo --pf-refill-timing;;
    queen-of-italy-open) echo --foundation-to-tableau;;
    *) echo "";;
  esac
}
for n in 32000 32001 32002 32003 32004 32005 32006 32007 32008 32009 1 2 3; do
  for g in queen-of-italy queen-of-italy-open blondes-and-brunettes falling-star generals-patience algerian carthage granada alhambra reinforcements; do
    fl=$(flags $g)
    solve "pf-$g-$n" "$g" --pysol "$n" $fl
    [ -n "$fl" ] && solve "def-$g-$n" "$g" --pysol "$n"
  done
done
# 3) more numbers for the games with few won lines above (General's Patience: few deals won;
#    alhambra and reinforcements: many unknown within the time limit)
n=32010
while [ $n -le 32029 ]; do
  for g in generals-patience alhambra reinforcements; do
    fl=$(flags $g)
    solve "pf-$g-$n" "$g" --pysol "$n" $fl
    [ -n "$fl" ] && solve "def-$g-$n" "$g" --pysol "$n"
  done
  n=$((n + 1))
done
# 4) General's Patience wins about 1 deal in 20: numbers 32030..32129 (each decided in about a second)
n=32030
while [ $n -le 32129 ]; do
  solve "pf-generals-patience-$n" generals-patience --pysol "$n"
  n=$((n + 1))
done
# 5) the alhambra and granada saves' positions under our default rules (an empty waste accepts
#    nothing): the save's layout solved with --position; "deal" is set back to the save so that
#    replay.py starts from the save loaded by PySolFC
for f in "$ROOT"/testdata/pysolfc-saves/alhambra-*.pso "$ROOT"/testdata/pysolfc-saves/granada-*.pso; do
  b=$(basename "$f" .pso)
  g=${b%%-[0-9]*}
  tag="savedef-$b"
  [ -s "$OUT/$tag.json" ] && continue
  python3 -c "import json,sys; json.dump(json.load(open(sys.argv[1]))['layout'], open(sys.argv[2],'w'))" \
    "$OUT/save-$b.json" "$OUT/$tag.position"
  "$BIN" solve "$g" --position "$OUT/$tag.position" --format json --max-seconds "$SECS" > "$OUT/$tag.json.tmp" 2> "$OUT/$tag.err"
  echo $? > "$OUT/$tag.rc"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['deal']=json.load(open(sys.argv[2]))['deal']; json.dump(d, open(sys.argv[3],'w'))" \
    "$OUT/$tag.json.tmp" "$OUT/save-$b.json" "$OUT/$tag.json"
  rm -f "$OUT/$tag.json.tmp"
done
echo done
